// React hydrates the server-rendered layout of every kind of page without a
// mismatch or a console error, and every page still works with JavaScript off.
import { describe, expect, it } from 'vitest';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

// kind, path, whether the page shows code (so copy buttons must appear)
const KINDS: [string, string, boolean][] = [
  ['home', '/', false],
  ['docs landing', '/docs', false],
  ['doc', '/docs/installation', true],
  ['example', '/docs/examples/timestamping/creating-a-timestamp-request', true],
  ['example index', '/docs/examples/other', false],
  ['API readme', '/docs/api/pkijs', true],
  ['API globals', '/docs/api/globals', false],
  ['API class', '/docs/api/classes/Certificate', true],
  ['API interface', '/docs/api/interfaces/ICertificate', false],
  ['API enumeration', '/docs/api/enumerations/PKIStatus', false],
  ['not found', '/no/such/page', false],
];

describe('hydration', () => {
  it.each(KINDS)('hydrates the %s page without warnings or errors', async (_kind, path, hasCode) => {
    const { page, logs } = await site.open(path);
    // The client is interactive: it has added copy buttons wherever there is code.
    const blocks = await page.locator('#__pkidocs-content .code-block').count();
    if (hasCode) expect(blocks).toBeGreaterThan(0);
    expect(await page.locator('#__pkidocs-content .code-block > .code-copy').count()).toBe(blocks);
    // Chromium logs the 404 status of the not-found document itself; nothing else may appear.
    expect(logs).toEqual(path.startsWith('/no/') ? ['error: Failed to load resource: the server responded with a status of 404 (Not Found)'] : []);
    await page.context().close();
  });

  it('reports a hydration mismatch as a recoverable error in the console', async () => {
    const t = await site.page();
    // Serve a document whose markup differs from what the client renders.
    await t.page.route('**/docs/installation', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('>Skip to main content<', '>Skip ahead<') });
    });
    await t.page.goto(site.url('/docs/installation'));
    await expect.poll(() => t.errors().join('\n')).toContain('pkidocs: React recovered from a rendering error');
    // React rendered the page again on the client, so the page is whole.
    await expect.poll(() => t.page.locator('.skip-link').textContent()).toBe('Skip to main content');
    await t.context.close();
  });
});

describe('without JavaScript', () => {
  it('shows every page and follows links', async () => {
    const { page, context } = await site.page({ javaScriptEnabled: false });
    await page.goto(site.url('/docs/installation'));
    expect(await page.locator('#__pkidocs-content h1').textContent()).toBe('Installation');
    // Every tab panel shows, and the tab buttons (which could not work) are hidden.
    const panels = page.locator('.tabs [role=tabpanel]');
    expect(await panels.count()).toBeGreaterThan(4);
    for (const panel of await panels.all()) expect(await panel.isVisible()).toBe(true);
    expect(await page.locator('.tabs__list').first().isVisible()).toBe(false);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    expect(await page.title()).toBe('pkijs | pki.js');
    await context.close();
  });

  it('keeps the navbar links in the navbar on a narrow screen', async () => {
    const { page, context } = await site.page({ javaScriptEnabled: false, viewport: { width: 600, height: 800 } });
    await page.goto(site.url('/docs/installation'));
    expect(await page.locator('.navbar__toggle').isVisible()).toBe(false);
    for (const label of ['Docs', 'Examples']) expect(await page.locator('.navbar__items--right a', { hasText: label }).isVisible()).toBe(true);
    await context.close();
  });
});
