// The real site built with baseUrl /PKI.js/ (as a GitHub Pages project site)
// and served under that prefix by a plain static server: every request
// succeeds and stays under the prefix, client navigation, search and the
// 404 page work, and /x.html is normalised to /x on a host that knows nothing of it.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, type TestPage } from './support/browser.ts';
import { resultsFor } from './support/search.ts';
import { fixtureSite, serveSite } from './support/site.ts';

const PREFIX = '/PKI.js/';
const site = serveSite(() => fixtureSite('subpath'), PREFIX);

/** Every request the page makes, and those that failed (network error or an error status). */
function watch(t: TestPage): { urls: string[]; failed: string[] } {
  const seen = { urls: [] as string[], failed: [] as string[] };
  t.page.on('request', (r: Request) => seen.urls.push(new URL(r.url()).pathname));
  t.page.on('requestfailed', (r) => seen.failed.push(`${r.url()} ${r.failure()?.errorText}`));
  t.page.on('response', (r) => {
    if (r.status() >= 400) seen.failed.push(`${r.url()} ${r.status()}`);
  });
  return seen;
}

describe('a site under /PKI.js/ on a plain static host', () => {
  it.each(['/PKI.js/', '/PKI.js/docs/installation', '/PKI.js/docs/api/classes/Certificate'])('loads %s with no failed request and nothing outside the prefix', async (path) => {
    const t = await site.page();
    const seen = watch(t);
    await t.page.goto(site.url(path));
    await hydrated(t.page);
    await t.page.waitForLoadState('networkidle');
    expect(seen.failed).toEqual([]);
    expect(seen.urls.filter((u) => !u.startsWith(PREFIX))).toEqual([]);
    expect(seen.urls.some((u) => /^\/PKI\.js\/_pkidocs\/site-\w+\.css$/.test(u))).toBe(true);
    expect(seen.urls.some((u) => /^\/PKI\.js\/_pkidocs\/data-\w+\.json$/.test(u))).toBe(true);
    // Styled: the stylesheet's layout rules apply.
    expect(await t.page.locator('.navbar').evaluate((n) => getComputedStyle(n).position)).toBe('sticky');
    expect(await t.page.locator('#base-url-issue').count()).toBe(0);
    expect(t.errors()).toEqual([]);
    await t.context.close();
  });

  it('navigates on the client under the prefix: navbar, sidebar, back', async () => {
    const t = await site.open('/PKI.js/docs/installation');
    const seen = watch(t);
    await t.page.evaluate(() => Object.assign(window, { __stay: true }));
    await t.page.click('.navbar__items--right a.navbar__link:text("Examples")');
    await t.page.waitForURL(/\/PKI\.js\/docs\/examples\/certificates-and-revocation$/);
    await t.page.click('.sidebar a.menu__link[href$="/creating-and-parsing-CRLs"]');
    await t.page.waitForURL(site.url('/PKI.js/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs'));
    expect(await t.page.locator('h1').first().textContent()).toMatch(/CRL/);
    await t.page.goBack();
    await t.page.waitForURL(/\/PKI\.js\/docs\/examples\/certificates-and-revocation$/);
    expect(await t.page.evaluate(() => (window as { __stay?: boolean }).__stay)).toBe(true); // never a full load
    expect(seen.urls.filter((u) => u.includes('/chunks/')).every((u) => u.startsWith('/PKI.js/_pkidocs/chunks/'))).toBe(true);
    expect(seen.urls.filter((u) => !u.startsWith(PREFIX))).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(await t.page.locator('a[href^="/docs"], a[href="/"]').count()).toBe(0);
    await t.context.close();
  });

  it('searches under the prefix: the index is fetched there and results link there', async () => {
    const t = await site.open('/PKI.js/docs/installation');
    const seen = watch(t);
    await t.page.keyboard.press('Control+k');
    const hrefs = await resultsFor(t, 'Certificate');
    expect(hrefs[0]).toBe('/PKI.js/docs/api/classes/Certificate');
    expect(hrefs.every((h) => h.startsWith(PREFIX))).toBe(true);
    expect(seen.urls).toContain('/PKI.js/_pkidocs/search-index.json');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL(site.url('/PKI.js/docs/api/classes/Certificate'));
    expect(seen.failed).toEqual([]);
    await t.context.close();
  });

  it('shows the 404 page, styled and with links under the prefix, for an unknown path', async () => {
    const t = await site.page();
    const seen = watch(t);
    const response = await t.page.goto(site.url('/PKI.js/docs/no-such-page'));
    expect(response?.status()).toBe(404);
    await hydrated(t.page);
    expect(await t.page.locator('h1').textContent()).toBe('Page Not Found');
    expect(seen.failed.filter((f) => !f.includes('no-such-page'))).toEqual([]);
    const hrefs = await t.page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((h) => h.startsWith(PREFIX))).toBe(true);
    await t.page.click('main a[href="/PKI.js/docs/installation"]');
    await t.page.waitForURL(site.url('/PKI.js/docs/installation'));
    await t.context.close();
  });
});

describe('.html and /index.html on a plain static host', () => {
  it.each([
    ['/PKI.js/docs/installation.html', '/PKI.js/docs/installation', 'Installation'],
    ['/PKI.js/docs/installation/index.html', '/PKI.js/docs/installation', 'Installation'],
    ['/PKI.js/docs/api/classes/Certificate.html?x=1#methods', '/PKI.js/docs/api/classes/Certificate?x=1#methods', 'Certificate'],
    ['/PKI.js/index.html', '/PKI.js/', undefined],
  ])('shows %s as the route and puts %s in the address bar', async (from, to, title) => {
    const t = await site.page();
    await t.page.goto(site.url(from));
    await t.page.waitForURL(site.url(to));
    await hydrated(t.page);
    if (title) expect(await t.page.locator('main h1').first().textContent()).toBe(title);
    expect(await t.page.locator('text=Page Not Found').count()).toBe(0);
    expect(await t.page.evaluate(() => history.length)).toBe(2); // the tab's about:blank, then this page: replaced, not pushed
    await t.context.close();
  });

  it('works when the page script cannot load (the 404 page head script does it)', async () => {
    const t = await site.page();
    await t.context.route(/_pkidocs\/app-/, (r) => r.abort());
    await t.page.goto(site.url('/PKI.js/docs/installation.html'));
    await t.page.waitForURL(site.url('/PKI.js/docs/installation'));
    expect(await t.page.locator('main h1').first().textContent()).toBe('Installation');
    await t.context.close();
  });

  it('keeps the 404 page for a .html path that is not a route', async () => {
    const t = await site.page();
    await t.page.goto(site.url('/PKI.js/docs/nothing-here.html'));
    await hydrated(t.page);
    expect(t.page.url()).toBe(site.url('/PKI.js/docs/nothing-here.html'));
    expect(await t.page.locator('h1').textContent()).toBe('Page Not Found');
    expect(await t.page.locator('html').evaluate((h) => h.style.visibility)).toBe('');
    await t.context.close();
  });

  it('without JavaScript, the 404 page tells the reader to drop the .html and links the main pages', async () => {
    const t = await site.page({ javaScriptEnabled: false });
    await t.page.goto(site.url('/PKI.js/docs/installation.html'));
    expect(await t.page.locator('h1').textContent()).toBe('Page Not Found');
    expect(await t.page.locator('.not-found__html').textContent()).toMatch(/remove that ending/);
    expect(await t.page.locator('main a[href="/PKI.js/docs/installation"]').count()).toBe(1);
    await t.context.close();
  });
});
