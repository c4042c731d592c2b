// Opened under a path that does not match the configured base URL, a page
// says so in a banner and suggests the base URL it was actually served under
// (test/fixtures/e2e/wrong-base-url.config.ts configures /pkijs/; the site is
// served at the root).
import { describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { serveStatic } from './support/server.ts';
import { fixtureSite, realSite, serveSite } from './support/site.ts';

const site = serveSite(() => fixtureSite('wrong-base-url'));

describe('base URL check', () => {
  it.each(['/docs/installation', '/', '/docs/api/classes/Certificate/index.html'])('shows a banner on %s naming the configured and the right base URL', async (path) => {
    const { page, context } = await site.page();
    await page.goto(site.url(path));
    const banner = page.locator('#base-url-issue[role=alert]');
    expect(await banner.textContent()).toBe(`This site did not load properly. It is configured for the base URL /pkijs/ but was opened at ${path}. Try setting baseUrl to / in the site config.`);
    expect(await banner.isVisible()).toBe(true);
    await context.close();
  });

  it('shows nothing when the base URL matches', async () => {
    const server = await serveStatic(realSite());
    const browser = await launchBrowser();
    const { page } = await openPage(browser);
    await page.goto(`${server.origin}/docs/installation`);
    await page.waitForLoadState('load');
    expect(await page.locator('#base-url-issue').count()).toBe(0);
    await browser.close();
    await server.close();
  });
});
