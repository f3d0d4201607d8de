/**
 * Builds the SPA bundle (dist/) and the server (build/server/) when they are missing or older than
 * their sources. Build output goes to stderr so that stdout stays free for logs and CSV.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = (name) => path.join(root, 'build/server/server', `${name}.js`);

/** The latest modification time of these files, these directories and everything in them. */
function newestChange(sources) {
  let newest = 0;
  for (const source of sources.map((relative) => path.join(root, relative))) {
    if (!fs.existsSync(source)) continue;
    const entries = fs.statSync(source).isDirectory()
      ? [
          source,
          ...fs.readdirSync(source, { recursive: true }).map((name) => path.join(source, name)),
        ]
      : [source];
    for (const entry of entries) newest = Math.max(newest, fs.statSync(entry).mtimeMs);
  }
  return newest;
}

function isUpToDate(output, sources) {
  const outputPath = path.join(root, output);
  return fs.existsSync(outputPath) && fs.statSync(outputPath).mtimeMs >= newestChange(sources);
}

/** Announces `npm run script -- args` and gives spawn its arguments: output on stderr. */
function npmRun(script, args) {
  console.error(`Building: npm run ${[script, ...args].join(' ')}`);
  const options = {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    shell: process.platform === 'win32',
  };
  return ['npm', ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], options];
}

function exitOnFailure(script, status) {
  if (status === 0) return;
  console.error(`npm run ${script} failed`);
  process.exit(status ?? 1);
}

function runNpmScript(script) {
  exitOnFailure(script, spawnSync(...npmRun(script, [])).status);
}

/** `priority`: a niceness, for a build that must not slow down a longer one beside it. */
function startNpmScript(script, args = [], priority = 0) {
  return new Promise((resolve) => {
    const build = spawn(...npmRun(script, args)).on('close', (status) => {
      exitOnFailure(script, status);
      resolve();
    });
    // Set before npm starts the build itself, which inherits it; a build already gone needs none.
    if (priority !== 0 && build.pid !== undefined) {
      try {
        os.setPriority(build.pid, priority);
      } catch {
        // ESRCH: it has ended.
      }
    }
  });
}

function serverIsStale() {
  // The server imports the contract from src/ (the schema, the names both sides use).
  const sources = ['server', 'src', 'tsconfig.json', 'package-lock.json'];
  return !isUpToDate('build/server/server/main.js', sources);
}

function clientIsStale() {
  const sources = ['src', 'public', 'webpack.config.js', 'package-lock.json'];
  // One build writes both: the bundle and the server's start-page renderer beside it.
  const outputs = ['dist/index.html', 'dist/prerender/startPage.cjs'];
  return !outputs.every((output) => isUpToDate(output, sources));
}

export function ensureServerBuilt() {
  if (serverIsStale()) runNpmScript('build:server');
}

export function ensureClientBuilt() {
  if (clientIsStale()) runNpmScript('build:client');
}

/** The production build's two configurations in webpack.config.js. */
const webpackConfigNames = ['spa', 'prerender'];

/**
 * Both, side by side: the server's compile, and the bundle and the start-page renderer as
 * webpack processes of their own, so that a fresh clone's first start builds on every core.
 * The bundle takes longest: the two others yield the processor to it, on two cores as on more.
 * Without the source maps, which nothing served refers to: `npm run build` writes them.
 */
export async function ensureBuilt() {
  const builds = [];
  const yielding = 10;
  if (serverIsStale()) builds.push(startNpmScript('build:server', [], yielding));
  if (clientIsStale()) {
    for (const name of webpackConfigNames) {
      const args = ['--config-name', name, '--env', 'noSourceMaps'];
      builds.push(startNpmScript('build:client', args, name === 'spa' ? 0 : yielding));
    }
  }
  await Promise.all(builds);
}
