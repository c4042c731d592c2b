// Three tiers, so the real site is built only when a test that reads it runs
// (vitest runs a project's globalSetup only when one of its files is queued):
// - unit and unit-mocks: no browser, no real-site build, no CLI run on the
//   real content (`npm run test:unit`, the edit-test loop). Unit files share
//   one module registry per worker (isolate: false): each file re-importing
//   React, shiki, esbuild and TypeScript cost more than the tests themselves.
//   A file that mocks a module (vi.mock) needs a registry of its own, so it
//   runs isolated, in unit-mocks;
// - integration: the CLI, the dev server, the examples and hostile input, on
//   fixture sites or copies they build themselves;
// - site: the files that read the real site, which test/support/global-setup.ts
//   builds once per run, and the browser tests (a few of them build a site of
//   their own as well).
import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/** Files under test/site/ that build a site of their own and read nothing of the real one. */
const OWN_SITE = ['test/site/cache-matrix.test.ts'];
/** The folders (and two files) whose tests read the real site built by the global setup. */
const SITE = ['test/site/**/!(cache-matrix).test.{ts,tsx}', 'test/e2e/**/*.test.ts', 'test/cli/check.test.ts', 'test/hostile/not-found-redirect.test.ts'];
/**
 * Unit tests that carry the real library's whole weight or start processes, run with the integration
 * tier so `npm run test:unit` stays an edit-test loop of seconds: TypeDoc's conversion of pkijs (load;
 * every other file here renders or indexes the whole pkijs model, which needs that conversion on a
 * cold cache; parity runs TypeDoc's CLI on three pkijs releases), shiki over every code block of the site (highlight-links), and child Node processes
 * that import TypeScript's 9 MB compiler, hold 100 MB for seconds or race for a lock.
 */
const HEAVY = [
  'test/unit/api/{load,parity,api-urls,compile-cache,typescript-hooks,confinement,trimmed-lib,own-package}.test.ts',
  'test/unit/render/api/{anchors,completeness,links,notes,pkijs-pages,readability,simple-markdown}.test.ts',
  'test/unit/search/build-index.test.ts',
  'test/unit/content/highlight-links.test.ts',
  'test/unit/output/lock.test.ts',
  'test/unit/bench/measure.test.ts',
];
/** pkijs 4.0.0 and the asn1js it peers with (the npm workspace content/versions/pkijs-4.0). */
const RELEASE_4 = new URL('content/versions/pkijs-4.0/node_modules/', import.meta.url).pathname;
/** A project that runs `include` with `pkijs` and `asn1js` resolved to 4.0.0, and PKIDOCS_PKIJS_RELEASE saying so. */
const onRelease4 = (name: string, include: string) => ({
  extends: true as const,
  resolve: { alias: [{ find: /^pkijs$/, replacement: `${RELEASE_4}pkijs/build/index.js` }, { find: /^asn1js$/, replacement: `${RELEASE_4}asn1js/build/index.js` }] },
  test: { name, env: { PKIDOCS_PKIJS_RELEASE: '4.0.0' }, include: [include], exclude: EXCLUDE },
});
// Tests make copies of the repository under test/.tmp; never collect those.
const EXCLUDE = [...configDefaults.exclude, 'test/.tmp/**'];
/** Unit files that mock a module: found by reading them, so a new one cannot run unisolated by mistake. */
const UNIT = new URL('test/unit/', import.meta.url);
const MOCKING = readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(?:do)?mock\(/.test(readFileSync(new URL(f, UNIT), 'utf8')))
  .map((f) => `test/unit/${f}`);

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], exclude: [...EXCLUDE, ...HEAVY, ...MOCKING], isolate: false } },
      { extends: true, test: { name: 'unit-mocks', include: MOCKING, exclude: [...EXCLUDE, ...HEAVY] } },
      { extends: true, test: { name: 'integration', include: ['test/!(unit|site)/**/*.test.{ts,tsx}', ...HEAVY, ...OWN_SITE], exclude: [...EXCLUDE, ...SITE] } },
      // The examples' and the guides' tests again, with `pkijs` and `asn1js` the 4.0.0 releases: which hold for 4.0 as
      // written (the pages 4.0 shares, content/site.config.ts; test/versions/shared-pages-tested.test.ts reads these projects).
      onRelease4('examples-4.0', 'test/examples/**/*.test.ts'),
      onRelease4('guides-4.0', 'test/guides/**/*.test.ts'),
      { extends: true, test: { name: 'site', include: SITE, exclude: EXCLUDE, globalSetup: ['test/support/global-setup.ts'] } },
    ],
  },
});
