/**
 * End-to-end suites: the real server (`npm start`) and Debian's Chromium driven by playwright-core.
 * One file at a time, so that a single server and browser share the 2 cores.
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        // Jest runs CommonJS: compile import() to require() instead of a native dynamic import.
        // Type checking is `npm run lint`'s job (tsc), so each file is only transpiled here.
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
          target: 'es2022',
          jsx: 'react-jsx',
          esModuleInterop: true,
          isolatedModules: true,
        },
      },
    ],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globalSetup: '<rootDir>/support/globalSetup.ts',
  maxWorkers: 1,
  testTimeout: 60_000,
};
