/**
 * The suites `npm run test:mutation` (stryker.config.mjs) runs against each mutant: those of the
 * group it is running (stryker.files.js), and no others. Otherwise as jest.config.js, except that the
 * global setup makes only the embedded database's templates: these suites start no server
 * process, so they need no build of the server (which, in Stryker's sandbox, would compile the
 * mutated code).
 */
const base = require('./jest.config.js');
const { groups } = require('./stryker.files.js');

// Which group Stryker is running (scripts/test-mutation.mjs sets it).
const { tests } = groups[process.env.MUTATION_GROUP];

module.exports = {
  ...base,
  testMatch: tests.map((file) => `<rootDir>/${file}`),
  globalSetup: '<rootDir>/__tests__/support/globalSetupDatabase.ts',
  // Stryker runs one jest at a time per test runner; its own concurrency decides the parallelism.
  maxWorkers: 1,
};
