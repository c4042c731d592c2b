// Typed lint with layer rules: templates and client code must not reach into
// the Node stages, only src/api may import typedoc, and only src/cli may import
// the dev server (test/unit/architecture.test.ts also checks that no two
// folders of src/ import each other).
import js from '@eslint/js';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const nodeStages = ['config', 'content', 'api', 'routes', 'render', 'pages', 'search', 'links', 'bundle', 'output', 'site', 'dev', 'cli', 'diagnostics']
  .map((stage) => `**/src/${stage}/**`);
const typedoc = { name: 'typedoc', message: 'Only src/api/ may import typedoc.' };

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
      'no-restricted-imports': ['error', { paths: [typedoc] }],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/cli/**', 'src/dev/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [typedoc],
        patterns: [{ group: ['**/dev/*', '**/dev/**'], message: 'Only src/cli/ may import the dev server (src/dev/): pass what it needs as arguments.' }],
      }],
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
  {
    // Content is hostile (pages up to 2 MB) and a main-thread regex hang cannot be stopped by Ctrl-C: no super-linear pattern.
    files: ['src/**', 'templates/**', 'client/**'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
  { files: ['**/*.{mjs,cjs}', 'bin/**'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{mjs,cjs}', 'bin/**'], languageOptions: { globals: globals.node } },
  // CommonJS files (the migration guide's 3.x code) load modules with require().
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
