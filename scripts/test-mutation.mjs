/**
 * `npm run test:mutation`: Stryker (stryker.config.mjs) on the modules stryker.files.js lists.
 * The server is built first, from the unmutated sources: Stryker's sandbox gets a copy, for the
 * one suite that runs its command line as a process (that process runs no mutant). Arguments go
 * to `stryker run`, e.g. `npm run test:mutation -- --concurrency 2`.
 */
import { spawnSync } from 'node:child_process';
import { ensureServerBuilt, root } from './ensure-built.mjs';

ensureServerBuilt();
const stryker = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(stryker.status ?? 1);
