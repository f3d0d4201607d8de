/**
 * `npm run test:mutation`: Stryker (stryker.config.mjs) on each group of modules stryker.files.js
 * lists, one run a group (MUTATION_GROUP=<name> runs that one alone). The server is built first,
 * from the unmutated sources: Stryker's sandbox gets a copy, for a suite that runs its command line
 * as a process (that process runs no mutant). Arguments go to `stryker run`, e.g.
 * `npm run test:mutation -- --concurrency 2`. Fails if any group's score is under its threshold.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureServerBuilt, root } from './ensure-built.mjs';

const { groups } = createRequire(import.meta.url)('../stryker.files.js');
const chosen = process.env.MUTATION_GROUP;
if (chosen !== undefined && !(chosen in groups)) {
  console.error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);
  process.exit(2);
}

ensureServerBuilt();
const failed = [];
for (const group of chosen ? [chosen] : Object.keys(groups)) {
  process.stdout.write(`--- mutation group ${group}: ${groups[group].mutate.join(', ')}\n`);
  const stryker = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group },
  });
  if (stryker.status !== 0) failed.push(group);
}
if (failed.length > 0) console.error(`mutation testing failed for: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
