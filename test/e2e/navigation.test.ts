// Client navigation in a real browser: a click loads only the target's
// content chunk and swaps the page in place; history, scroll, fragments,
// .html paths, focus and the screen-reader announcement all behave.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkUrl } from '../../src/shared/paths.ts';
import type { TestPage } from './support/browser.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

/** Data-saver on: no prefetch, so the requests seen are the navigation's own. */
const noPrefetch = async ({ page }: TestPage) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
};

/** Marks the document, so a full page load (which drops the mark) can be told from a client navigation. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

const text = (page: Page, selector: string) => page.locator(selector).allTextContents();

/** Records the paths a page requests from now on; Chromium's own favicon refresh after a URL change is left out. */
function record(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path !== '/favicon.svg') paths.push(path);
  });
  return paths;
}

describe('client navigation', () => {
  it('swaps content, title, sidebar, TOC and breadcrumbs, pushes history and transfers only the chunk', async () => {
    const t = await site.open('/docs/examples/certificates-and-revocation/create-and-validate-certificate', { prepare: noPrefetch });
    const { page } = t;
    await mark(page);
    const historyLength = await page.evaluate(() => history.length);
    const requests = record(page);

    await page.click('.pagination__link--next');
    await page.waitForURL('**/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs');
    expect(await marked(page)).toBe(true);
    expect(await page.title()).toBe('Creating and parsing CRLs | pki.js');
    expect(await page.locator('#__pkidocs-content h1').textContent()).toBe('Creating and parsing CRLs');
    expect(await text(page, '.menu__link--active')).toEqual(['Creating and parsing CRLs']);
    expect(await text(page, '.breadcrumbs li')).toEqual(['', 'Certificates and Revocation', 'Creating and parsing CRLs']);
    const tocIds = await page.locator('.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const headingIds = await page.locator('#__pkidocs-content :is(h2, h3)[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
    expect(tocIds).toEqual(headingIds);
    expect(await page.locator('a[rel=prev]').getAttribute('href')).toBe('/docs/examples/certificates-and-revocation/create-and-validate-certificate');
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
    expect(requests).toEqual([chunkUrl('/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs')]);
    expect(t.logs).toEqual([]);
    await t.context.close();
  });

  it('changes the URL, the heading and the title in one task', async () => {
    const t = await site.open('/docs/installation', { prepare: noPrefetch });
    const { page } = t;
    // What a script sees once the task that pushed the new URL is over.
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        push(...args);
        queueMicrotask(() => {
          (window as unknown as { seen: string[] }).seen = [location.pathname, document.querySelector('#__pkidocs-content h1')!.textContent!, document.title];
        });
      };
    });
    await page.evaluate(() => document.querySelector<HTMLElement>('#__pkidocs-content a[href="/docs/api/pkijs"]')!.click());
    await page.waitForURL('**/docs/api/pkijs');
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['/docs/api/pkijs', 'pkijs', 'pkijs | pki.js']);
    expect(t.logs).toEqual([]);
    await t.context.close();
  });

  it('restores the right page and scroll position on back and forward', async () => {
    const { page, context, logs } = await site.open('/docs/api/classes/Certificate');
    await page.evaluate(() => scrollTo(0, 1500));
    // A script click, so that the browser does not scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLElement>('#__pkidocs-content a[href="/docs/api/classes/Extension"]')!.click());
    await page.waitForURL('**/docs/api/classes/Extension');
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toContain('Extension');
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.evaluate(() => scrollTo(0, 400));

    await page.goBack();
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toContain('Certificate');
    expect(await page.title()).toBe('Certificate | pki.js');
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(1500);

    await page.goForward();
    await expect.poll(() => page.title()).toBe('Extension | pki.js');
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(400);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('leaves modifier clicks, other targets, downloads, files and external links to the browser', async () => {
    const { page, context } = await site.open('/docs/installation');
    await page.evaluate(() => {
      const links = { blank: ['/docs/api/pkijs', '_blank'], download: ['/docs/api/pkijs', ''], file: ['/favicon.svg', ''], internal: ['/docs/api/pkijs', ''] };
      for (const [id, [href, target]] of Object.entries(links)) {
        const a = Object.assign(document.createElement('a'), { id, href, textContent: id, target });
        if (id === 'download') a.setAttribute('download', '');
        document.querySelector('#__pkidocs-content')!.prepend(a);
      }
      // Runs after the site's own listener (document, bubbling), records its decision, then stops the browser.
      addEventListener('click', (e) => {
        (window as unknown as { taken: boolean }).taken = e.defaultPrevented;
        e.preventDefault();
      });
    });
    const taken = async (selector: string, modifiers: ('Control' | 'Meta' | 'Shift' | 'Alt')[] = []) => {
      await page.click(selector, { modifiers });
      return page.evaluate(() => (window as unknown as { taken: boolean }).taken);
    };
    for (const modifier of ['Control', 'Meta', 'Shift', 'Alt'] as const) expect(await taken('#internal', [modifier])).toBe(false);
    expect(await taken('#blank')).toBe(false);
    expect(await taken('#download')).toBe(false);
    expect(await taken('#file')).toBe(false);
    expect(await taken('.footer a[href^="https://github.com"]')).toBe(false);
    expect(await taken('#internal')).toBe(true);
    await context.close();
  });

  it('scrolls to the #fragment of the target, and to the top otherwise', async () => {
    const { page, context } = await site.open('/docs/api/classes/Certificate', { prepare: noPrefetch });
    await page.evaluate(() => {
      scrollTo(0, 800);
      const a = Object.assign(document.createElement('a'), { id: 'go', href: '/docs/installation#typescript', textContent: 'go' });
      document.querySelector('.navbar__inner')!.append(a);
    });
    await page.click('#go');
    await page.waitForURL('**/docs/installation#typescript');
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('typescript')!.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300);

    // A fragment link on the same page is the browser's own: no chunk is fetched.
    const requests = record(page);
    await page.click('.toc a[href="#import-it"]');
    await page.waitForURL('**/docs/installation#import-it');
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('import-it')!.getBoundingClientRect().top))).toBeLessThan(120);
    expect(requests).toEqual([]);

    await page.click('.breadcrumbs a[href="/"]');
    await page.waitForURL(site.url('/'));
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await context.close();
  });

  it('normalises paths ending in .html and /index.html', async () => {
    const { page, context } = await site.open('/docs/installation/index.html');
    expect(new URL(page.url()).pathname).toBe('/docs/installation');
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { id: 'html', href: '/docs/examples/other.html', textContent: 'other' });
      document.querySelector('.navbar__inner')!.append(a);
    });
    await mark(page);
    await page.click('#html');
    await page.waitForURL('**/docs/examples/other');
    // The URL changes as the new page is handed to React, which paints it a moment later.
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('Other');
    expect(await marked(page)).toBe(true);
    await context.close();
  });
});

describe('keyboard and screen readers', () => {
  it('moves focus to the new heading and announces the page', async () => {
    const { page, context } = await site.open('/docs/installation');
    const live = page.locator('[role=status][aria-live=polite]');
    expect(await live.textContent()).toBe('');
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    await expect.poll(() => live.textContent()).toBe('pkijs');
    expect(await page.evaluate(() => document.activeElement === document.querySelector('#__pkidocs-content h1'))).toBe(true);
    // The next Tab starts from the new page's heading, not from the link that was clicked.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#__pkidocs-content')))).toBe(true);
    await context.close();
  });

  it('has a working skip link', async () => {
    const { page, context } = await site.open('/docs/installation');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__pkidocs-main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#__pkidocs-main')))).toBe(true);
    await context.close();
  });
});
