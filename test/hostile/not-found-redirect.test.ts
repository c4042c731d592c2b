// The 404 page turns `/x.html` into the route `/x`. On a host that merges
// runs of slashes (as the test server does, with path.normalize), a path
// that starts with `//` reached the 404 page and was turned into `//docs/x`:
// a URL of the host "docs" (an open redirect). Every navigation must stay
// on the site's origin, and land on the route.
import { describe, expect, it } from 'vitest';
import { realSite, serveSite } from '../e2e/support/site.ts';

const site = serveSite(realSite);

describe('the 404 page never leaves the origin', () => {
  it.each([
    ['//docs/installation.html', '/docs/installation'],
    ['///docs/installation.html', '/docs/installation'],
    ['//docs//installation/index.html', '/docs/installation'],
    ['//index.html', '/'],
  ])('%s lands on %s', async (asked, route) => {
    const t = await site.page();
    const navigations: string[] = [];
    t.page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === t.page.mainFrame()) navigations.push(r.url());
    });
    await t.page.goto(site.url(asked));
    await t.page.waitForURL((u) => u.pathname === route, { timeout: 5000 }).catch(() => undefined);
    await t.page.waitForLoadState('load');
    for (const url of navigations) expect(new URL(url).origin, url).toBe(site.server.origin);
    expect(t.page.url()).toBe(site.url(route));
    await t.context.close();
  });

  it('still shows the 404 page for a path that is no route', async () => {
    const t = await site.page();
    await t.page.goto(site.url('//nowhere/at-all.html'));
    await t.page.waitForFunction(() => document.documentElement.style.visibility !== 'hidden');
    expect(t.page.url()).toBe(site.url('//nowhere/at-all.html'));
    expect(await t.page.locator('h1').first().textContent()).toMatch(/not found/i);
    await t.context.close();
  });
});
