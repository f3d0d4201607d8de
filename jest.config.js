/** Unit and integration suites: jsdom by default, `@jest-environment node` per file for the server. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleNameMapper: { '\\.(css|scss)$': '<rootDir>/__tests__/support/styleStub.js' },
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/setup.ts'],
};
