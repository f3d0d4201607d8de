// @ts-check
/**
 * Mutation testing of the modules that guard access and data (`npm run test:mutation`): one group
 * of stryker.files.js (MUTATION_GROUP, which scripts/test-mutation.mjs sets), its modules against
 * its jest suites (jest.mutation.config.js). See the README's "Mutation testing".
 */
import { createRequire } from 'node:module';

const { groups } = createRequire(import.meta.url)('./stryker.files.js');
const group = process.env.MUTATION_GROUP ?? '';
const { mutate } = groups[group];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.mutation.config.js',
    // Only the suites jest.mutation.config.js lists, not jest's guess at related ones.
    enableFindRelatedTests: false,
  },
  mutate,
  // Each mutant runs only the tests that reached it.
  coverageAnalysis: 'perTest',
  // CI runs every mutant each time: no earlier result is reused.
  incremental: false,
  // Two cores, shared: one jest at a time. CI may raise it (--concurrency).
  concurrency: 1,
  // A mutant that makes a test hang (a loop that never ends) counts as killed by its timeout.
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${group}.html` },
  jsonReporter: { fileName: `reports/mutation/${group}.json` },
  // The run fails under 90%: room for a few equivalent mutants (named in the README) as modules
  // are added, none for a guard left untested.
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  // The sandbox is a copy of the project without what other tools make or keep; the server's
  // build (scripts/test-mutation.mjs makes it) goes along, for a suite that runs its command line.
  ignorePatterns: ['dist', 'data', 'coverage', 'reports', 'e2e/artifacts', '.ci/cache'],
};
