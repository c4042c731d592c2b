// Typed lint with layer rules: templates and client code must not reach into
// the Node stages, and only src/api may import typedoc.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeStages = ['**/src/config/**', '**/src/content/**', '**/src/api/**', '**/src/routes/**', '**/src/render/**', '**/src/links/**', '**/src/bundle/**', '**/src/output/**', '**/src/dev/**', '**/src/cli/**', '**/src/build.ts', '**/src/bodies.ts'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'test/.tmp/**', '.pkidocs-cache/**', 'test/fixtures/**/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [{ name: 'typedoc', message: 'Only src/api/ may import typedoc.' }] }],
    },
  },
  { files: ['src/api/**', 'test/unit/api/**', 'bench/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['templates/**', 'client/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'typedoc', message: 'Templates and client code never import typedoc.' }],
        patterns: [
          { group: nodeStages, message: 'Templates and client code may import only src/shared/ (types or browser-safe code).' },
          { group: ['node:*', 'fs', 'path'], message: 'Templates and client code never touch the file system.' },
        ],
      }],
    },
  },
  { files: ['**/*.mjs', 'bin/**'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.mjs', 'bin/**'], languageOptions: { globals: globals.node } },
);
