import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Tests make copies of the repository under test/.tmp; never collect those.
    exclude: [...configDefaults.exclude, 'test/.tmp/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
  },
});
