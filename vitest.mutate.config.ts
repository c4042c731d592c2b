// The unit tests Stryker runs against each mutant (npm run mutate): no global
// set-up, so no real-site build per run; only tests that need no built site.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    exclude: [...configDefaults.exclude, 'test/.tmp/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
