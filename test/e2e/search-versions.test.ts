// Search scoped to the docs version being read (issue #29), in Chromium on the
// real site: a page searches its own version's index and loads no other, the
// dialog's "All versions" toggle searches every version with each result
// labelled, and a 4.0 page's first query costs what a 3.3.2 page's does.
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { resultsFor } from './support/search.ts';
import { serveSite, realSite } from './support/site.ts';

const site = serveSite(realSite);
const KB = 1024;

async function open(path: string) {
  const t = await site.page();
  const requests: { url: string; body: () => Promise<Buffer> }[] = [];
  t.page.on('response', (r) => requests.push({ url: new URL(r.url()).pathname, body: () => r.body() }));
  await t.page.goto(site.url(path));
  await t.page.waitForFunction(() => history.scrollRestoration === 'manual');
  await t.page.keyboard.press('Control+k');
  await t.page.waitForSelector('[role=combobox]');
  const indexes = () => requests.filter((r) => /\/search-index[^/]*\.json$/.test(r.url)).map((r) => r.url);
  return { t, requests, indexes };
}

it('searches the 3.3.2 docs on a 3.3.2 page, and every version with the toggle', async () => {
  const { t, indexes } = await open('/docs/api/classes/Certificate');
  const own = await resultsFor(t, 'Certificate');
  expect(own).toContain('/docs/api/classes/Certificate');
  expect(own.filter((h) => h.startsWith('/docs/4.0/'))).toEqual([]);
  expect(indexes()).toEqual(['/_pkidocs/search-index.json']);

  await t.page.getByRole('checkbox', { name: 'All versions' }).check();
  const all = await resultsFor(t, 'Certificate verify');
  expect(all).toEqual(expect.arrayContaining(['/docs/api/classes/Certificate#verify', '/docs/4.0/api/classes/Certificate#verify']));
  expect(indexes().sort()).toEqual(['/_pkidocs/search-index-4.0.0.json', '/_pkidocs/search-index.json']);
  // Each result names its version.
  const label = (href: string) => t.page.locator(`[role=option][data-href="${href}"] .search-option__version`).first().textContent();
  expect(await label('/docs/4.0/api/classes/Certificate#verify')).toBe('4.0');
  expect(await label('/docs/api/classes/Certificate#verify')).toBe('3.3.2');

  await t.page.getByRole('checkbox', { name: 'All versions' }).uncheck();
  const again = await resultsFor(t, 'Certificate sign');
  expect(again.length).toBeGreaterThan(0);
  expect(again.filter((h) => h.startsWith('/docs/4.0/'))).toEqual([]);
  expect(t.errors()).toEqual([]);
  await t.context.close();
});

it('searches 4.0 on a 4.0 page, loading its index alone, within the first-query budget', async () => {
  const { t, requests, indexes } = await open('/docs/4.0/installation');
  const hits = await resultsFor(t, 'Certificate');
  expect(hits).toContain('/docs/4.0/api/classes/Certificate');
  expect(hits.filter((h) => !h.startsWith('/docs/4.0/'))).toEqual([]);
  expect(indexes()).toEqual(['/_pkidocs/search-index-4.0.0.json']);
  // The same bar as the 3.3.2 pages' first query (search.test.ts): code and index, gzipped.
  const first = requests.filter((r) => r.url.includes('/search'));
  expect(first.map((r) => r.url)).toHaveLength(2);
  let bytes = 0;
  for (const r of first) bytes += gzipSync(await r.body()).length;
  expect(bytes).toBeLessThanOrEqual(60 * KB);
  expect(t.errors()).toEqual([]);
  await t.context.close();
});
