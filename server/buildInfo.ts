/**
 * What this server is, for /healthz and the build_info metric: its release (package.json's version)
 * and the commit it runs. The commit is GIT_COMMIT when the environment names it (an image built
 * without .git), else the clone's HEAD, else "unknown".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BuildInfo {
  version: string;
  commit: string;
}

const unknown = 'unknown';
/** A commit's name in hex: SHA-1 or SHA-256, or abbreviated. */
export const commitFormat = /^[0-9a-f]{7,64}$/;

/** The project's root: the nearest folder above this file with package.json (sources or build/). */
function projectRoot(): string {
  for (let folder = __dirname; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error('package.json not found above the server');
  }
}

function headCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return unknown;
  }
}

let cached: BuildInfo | undefined;

/** Read once per process; `gitCommit` (GIT_COMMIT, checked by config.ts) names the commit when set. */
export function readBuildInfo(gitCommit?: string): BuildInfo {
  if (!cached) {
    const root = projectRoot();
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    const head = headCommit(root);
    cached = { version, commit: commitFormat.test(head) ? head : unknown };
  }
  return gitCommit ? { ...cached, commit: gitCommit } : cached;
}
