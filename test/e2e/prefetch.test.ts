// Prefetch of linked pages' chunks: when a link scrolls into view, on hover
// and on touch; by <link rel="prefetch">, else by a GET with credentials;
// never twice, and never on 2G or with data-saver on.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkUrl } from '../../src/shared/paths.ts';
import type { TestPage } from './support/browser.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);
const PAGE = '/docs/api/classes/Certificate';

const prefetchLinks = (page: Page) => page.locator('link[rel=prefetch]').evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname));

/**
 * Ids given to `count` content links far below the fold, each two screens
 * below the last, whose pages are not linked from anywhere in view.
 */
async function farLinks(page: Page, count: number): Promise<{ selector: string; chunk: string }[]> {
  const paths = await page.evaluate((n) => {
    const inView = (a: Element) => {
      const r = a.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight && r.width > 0;
    };
    const all = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/docs/"]')];
    const visible = new Set(all.filter(inView).map((a) => a.pathname));
    const picked: string[] = [];
    let below = 2 * innerHeight;
    for (const a of all) {
      if (picked.length === n) break;
      const top = a.getBoundingClientRect().top;
      if (a.closest('#__pkidocs-content') && top > below && !visible.has(a.pathname) && !picked.includes(a.pathname) && !a.hash) {
        a.id = `far-${picked.length}`;
        picked.push(a.pathname);
        below = top + 2 * innerHeight;
      }
    }
    return picked;
  }, count);
  expect(paths).toHaveLength(count);
  return paths.map((p, i) => ({ selector: `#far-${i}`, chunk: chunkUrl(p) }));
}

const served = (chunk: string) => site.server.requests.filter((r) => r === chunk).length;

describe('prefetch', () => {
  it('prefetches the links in view, then those scrolled to, hovered or touched, once each', async () => {
    const { page, context } = await site.open(PAGE, { hasTouch: true });
    await expect.poll(() => prefetchLinks(page)).toContain(chunkUrl('/docs/api/pkijs'));
    expect(await prefetchLinks(page)).not.toContain(chunkUrl(PAGE));
    const [scrolled, hovered, touched] = await farLinks(page, 3);
    expect(await prefetchLinks(page)).not.toContain(scrolled!.chunk);

    await page.locator(scrolled!.selector).scrollIntoViewIfNeeded();
    await expect.poll(() => prefetchLinks(page)).toContain(scrolled!.chunk);
    await page.evaluate(() => scrollTo(0, 0));

    expect(await prefetchLinks(page)).not.toContain(hovered!.chunk);
    await page.dispatchEvent(hovered!.selector, 'mouseover');
    await expect.poll(() => prefetchLinks(page)).toContain(hovered!.chunk);
    await page.dispatchEvent(touched!.selector, 'touchstart', { touches: [], changedTouches: [], targetTouches: [] });
    await expect.poll(() => prefetchLinks(page)).toContain(touched!.chunk);
    await expect.poll(() => served(hovered!.chunk)).toBe(1);

    // Hovering again prefetches nothing more; the click then finds the chunk in the HTTP cache.
    await page.dispatchEvent(hovered!.selector, 'mouseover');
    await page.evaluate((s) => document.querySelector<HTMLElement>(s)!.click(), hovered!.selector);
    await page.waitForURL((url) => chunkUrl(url.pathname) === hovered!.chunk);
    const links = await prefetchLinks(page);
    expect(links.filter((l) => l === hovered!.chunk)).toHaveLength(1);
    expect(new Set(links).size).toBe(links.length);
    expect(served(hovered!.chunk)).toBe(1);
    await context.close();
  });

  const connections: [string, object][] = [['on a 2G connection', { effectiveType: '2g', saveData: false }], ['with data-saver on', { effectiveType: '4g', saveData: true }]];
  it.each(connections)('prefetches nothing %s', async (_name, connection) => {
    const chunks: string[] = [];
    const prepare = async ({ page }: TestPage) => {
      await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection);
      page.on('request', (r) => r.url().includes('/chunks/') && chunks.push(r.url()));
    };
    const { page, context } = await site.open(PAGE, { prepare });
    const [far] = await farLinks(page, 1);
    await page.dispatchEvent(far!.selector, 'mouseover');
    // Scroll to the end and wait for an intersection observer of our own to see the last link:
    // the page's observers are notified in the same task, so by then they have had their say.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          const last = [...document.querySelectorAll('a[href]')].at(-1)!;
          const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && (seen.disconnect(), done()));
          seen.observe(last);
          scrollTo(0, document.body.scrollHeight);
        }),
    );
    expect(await prefetchLinks(page)).toEqual([]);
    expect(chunks).toEqual([]);
    await context.close();
  });

  it('falls back to a GET with credentials where link prefetch is not supported', async () => {
    const prepare = async ({ page, context }: TestPage) => {
      await context.addCookies([{ name: 'session', value: 'reader', url: site.url('/') }]);
      await page.addInitScript(() => {
        const supports = DOMTokenList.prototype.supports;
        DOMTokenList.prototype.supports = function (token: string) {
          return token === 'prefetch' ? false : supports.call(this, token);
        };
      });
    };
    const t = await site.page();
    await prepare(t);
    const gets: { path: string; type: string; cookie: Promise<string | undefined> }[] = [];
    t.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      // Headers are read without awaiting here: a request still arriving while the context closes must not reject unhandled.
      const cookie = r.allHeaders().then((h) => h.cookie, () => undefined);
      if (path.includes('/chunks/')) gets.push({ path, type: r.resourceType(), cookie });
    });
    await t.page.goto(site.url(PAGE));
    await expect.poll(() => gets.map((g) => g.path)).toContain(chunkUrl('/docs/api/pkijs'));
    expect(await prefetchLinks(t.page)).toEqual([]);
    for (const get of [...gets]) expect({ ...get, cookie: await get.cookie }).toMatchObject({ type: 'fetch', cookie: 'session=reader' });
    await t.context.close();
  });
});
