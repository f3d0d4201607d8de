/**
 * Builds what is missing or older than its sources, with the very checks `npm start` makes
 * (scripts/ensure-built.mjs), so that the servers the tests start only have to run: the SPA
 * (dist/) and the server (build/server/), or the server alone.
 */
import { execFile } from 'node:child_process';
import { repoRoot } from './paths';

const builds = { all: 'await ensureBuilt();', server: 'ensureServerBuilt();' };

export function buildIfNeeded(what: keyof typeof builds): Promise<void> {
  const script = `import { ensureBuilt, ensureServerBuilt } from './scripts/ensure-built.mjs';
${builds[what]}`;
  return new Promise((resolve, reject) => {
    // Build output goes to stderr; it is shown only when a build fails.
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', script],
      { cwd: repoRoot },
      (error, stdout, stderr) => {
        if (!error) return resolve();
        reject(new Error(`Building for the tests failed:\n${stdout}${stderr}`, { cause: error }));
      },
    );
  });
}
