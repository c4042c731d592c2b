// Three projects, so the real site is built only when a test that reads it runs
// (vitest runs a project's globalSetup only when one of its files is queued):
// - unit: no browser, no real-site build, no CLI run on the real content
//   (`npm run test:unit`, the edit-test loop);
// - integration: the CLI, the dev server, the examples and hostile input, on
//   fixture sites or copies they build themselves;
// - site: the files that read the real site, which test/support/global-setup.ts
//   builds once per run, and the browser tests (a few of them, and
//   cache-matrix, build a site of their own as well).
import { configDefaults, defineConfig } from 'vitest/config';

/** The folders (and one file) whose tests read the real site built by the global setup. */
const SITE = ['test/site/**/*.test.{ts,tsx}', 'test/e2e/**/*.test.ts', 'test/cli/check.test.ts', 'test/hostile/not-found-redirect.test.ts'];
/**
 * Unit tests of the real library's whole weight, run with the integration tier: TypeDoc's conversion
 * of pkijs again and again, cache hit and miss (load), TypeDoc's CLI on three pkijs versions (parity), shiki over every code block of the site (highlight-links).
 */
const HEAVY = ['test/unit/api/load.test.ts', 'test/unit/api/parity.test.ts', 'test/unit/content/highlight-links.test.ts'];
// Tests make copies of the repository under test/.tmp; never collect those.
const EXCLUDE = [...configDefaults.exclude, 'test/.tmp/**'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], exclude: [...EXCLUDE, ...HEAVY] } },
      { extends: true, test: { name: 'integration', include: ['test/!(unit)/**/*.test.{ts,tsx}', ...HEAVY], exclude: [...EXCLUDE, ...SITE] } },
      { extends: true, test: { name: 'site', include: SITE, exclude: EXCLUDE, globalSetup: ['test/support/global-setup.ts'] } },
    ],
  },
});
