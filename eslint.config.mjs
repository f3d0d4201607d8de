import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'build/',
      'data/',
      'coverage/',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Personal data must not reach consoles: logging goes through the server's logger.
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Lazily loaded slices extend the store's state by declaration merging.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
    },
  },
  {
    // The HTTP APIs' schemas are TypeBox values: the browser takes their types alone, or TypeBox
    // would land in its bundles. The schema files themselves share their parts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/*Schemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*ApiSchemas', '**/apiTokenSchemas'],
              allowTypeImports: true,
              message:
                'Import the API schemas as types (import type): the server alone needs TypeBox.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/**', 'scripts/**', 'testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', '!**/src/contract'],
              message:
                'Outside the browser, only src/contract/ may be imported: the rest of src/ is the SPA and may use what only a browser has.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*'],
              message:
                'The contract is shared by the browser and the server, so it depends on nothing outside its folder.',
            },
            {
              group: [
                'react',
                'react-*',
                '@reduxjs/*',
                'i18next',
                'i18next-*',
                'bootstrap',
                'bootstrap/*',
              ],
              message: 'The contract runs in Node too, so it imports nothing made for the browser.',
            },
            {
              group: ['node:*'],
              message: 'The contract runs in the browser too, so it imports nothing made for Node.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'sessionStorage', 'localStorage', 'location'].map(
          (name) => ({
            name,
            message: 'The contract runs in Node too, where there is no browser to ask.',
          }),
        ),
      ],
    },
  },
);
