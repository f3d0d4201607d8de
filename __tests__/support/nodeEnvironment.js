/**
 * jest's node environment for the server's suites that `npm run test:mutation` runs (their
 * `@jest-environment` names this file): under Stryker, with its mixin, which tells Stryker which
 * test reached which mutant. A file's `@jest-environment node` would pass Stryker's environment by.
 */
const { TestEnvironment } = require('jest-environment-node');

module.exports = process.env.STRYKER_MUTATOR_WORKER
  ? require('@stryker-mutator/jest-runner').mixinJestEnvironment(TestEnvironment)
  : TestEnvironment;
