/**
 * Builds the SPA (dist/) and the server (build/server/) when missing or older than their sources,
 * with the very check `npm start` makes (scripts/ensure-built.mjs), so that every test file's
 * server start only has to serve.
 */
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../../testing/paths';

const ensureBuilt = [
  "import { ensureBuilt } from './scripts/ensure-built.mjs';",
  'await ensureBuilt();',
].join('\n');

export function buildIfNeeded(): void {
  try {
    // Build output goes to stderr; it is shown only when a build fails.
    execFileSync(process.execPath, ['--input-type=module', '--eval', ensureBuilt], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`Building the app for the e2e tests failed:\n${stdout ?? ''}${stderr ?? ''}`, {
      cause: error,
    });
  }
}
