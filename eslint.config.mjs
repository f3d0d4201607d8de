import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * import-x/no-cycle passes over type-only imports, but a cycle through types still ties two files'
 * designs together, so the files it checks are parsed as if every import were a value import.
 * Scope analysis has run by then, so the other rules still tell types from values.
 */
const parserSeeingTypeImportsAsValues = {
  meta: { name: 'parser-seeing-type-imports-as-values' },
  parseForESLint(code, options) {
    const parsed = tseslint.parser.parseForESLint(code, options);
    const linksToModules = parsed.ast.body.filter((statement) => statement.source);
    for (const node of linksToModules.flatMap((link) => [link, ...(link.specifiers ?? [])])) {
      if (node.importKind === 'type') node.importKind = 'value';
      if (node.exportKind === 'type') node.exportKind = 'value';
    }
    return parsed;
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'build/', 'data/', 'coverage/'] },
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
  {
    files: ['src/**', 'server/**', 'testing/**', 'scripts/**'],
    languageOptions: { parser: parserSeeingTypeImportsAsValues },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
