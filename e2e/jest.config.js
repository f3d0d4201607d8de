/**
 * End-to-end suites: the real server (`npm start`) and Debian's Chromium driven by playwright-core.
 * One file at a time, so that a single server and browser share the 2 cores.
 */
const rootConfig = require('../jest.config.js');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.test.ts'],
  transform: rootConfig.transform,
  transformIgnorePatterns: rootConfig.transformIgnorePatterns,
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/support/globalSetup.ts',
  maxWorkers: 1,
  testTimeout: 60_000,
};
