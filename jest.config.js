/** Unit and integration suites: jsdom by default, `@jest-environment node` per file for the server. */
module.exports = {
  testEnvironment: '<rootDir>/__tests__/support/jsdomWithFetch.js',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.[cm]?[jt]sx?$': [
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
          allowJs: true,
          rootDir: __dirname,
        },
      },
    ],
  },
  // Some server dependencies are ESM-only (content-disposition 3 under mercurius, cookie 2 under
  // light-my-request, quick-lru, mercurius' cache, openid-client, and oidc-provider, which the
  // tests run in-process) or load one with import() (@fastify/cookie, mercurius). Node runs them natively; Jest's CommonJS module registry needs them compiled like
  // our own code. So is typebox (the staff API's schemas).
  transformIgnorePatterns: [
    '/node_modules/(?!(?:[^/]+/node_modules/)?(?:content-disposition|cookie|@fastify/cookie|mercurius|quick-lru|openid-client|oauth4webapi|jose|oidc-provider|typebox)/)',
  ],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(css|scss)$': '<rootDir>/__tests__/support/styleStub.js',
  },
  // The server's suites mostly wait (on timers, a mail relay, a child process) rather than
  // compute: a worker per core, where jest's default would keep one core to itself.
  maxWorkers: '100%',
  globalSetup: '<rootDir>/__tests__/support/globalSetup.ts',
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/setup.ts'],
};
