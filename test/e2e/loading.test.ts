// What the reader sees while a page loads or when it fails: the next page is
// preloaded before it is shown, the progress bar appears only after 200 ms,
// back/forward go through the content loading states, a failed preload falls
// back to a full page load, and a rendering crash shows the crash screen.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkUrl } from '../../src/shared/paths.ts';
import { MINIMUM } from '../../client/progress.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const chunkPattern = (path: string) => `**${chunkUrl(path)}`;
const delayed = (ms: number) => async (route: Route) => {
  await sleep(ms);
  await route.continue();
};

/** Every state the progress bar goes through, recorded in the page. */
async function watchProgress(page: Page): Promise<() => Promise<{ state: string; value: number }[]>> {
  await page.evaluate(() => {
    const seen: { state: string; value: number }[] = ((window as unknown as { progress: unknown }).progress = []);
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('.progress');
      const last = seen[seen.length - 1];
      if (bar && (last?.state !== bar.dataset.state || last?.value !== Number(bar.dataset.value))) seen.push({ state: bar.dataset.state!, value: Number(bar.dataset.value) });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  return () => page.evaluate(() => (window as unknown as { progress: { state: string; value: number }[] }).progress);
}

describe('route changes', () => {
  it('preloads the next page before showing it, with a progress bar after 200 ms', async () => {
    const { page, context } = await site.open('/docs/installation');
    await page.route(chunkPattern('/docs/api/pkijs'), delayed(2300));
    const progress = await watchProgress(page);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await sleep(120);
    expect(await page.locator('.progress').count()).toBe(0);
    await sleep(300);
    // Still the old page, at the old URL, while the new one loads.
    expect(new URL(page.url()).pathname).toBe('/docs/installation');
    expect(await page.locator('#content h1').textContent()).toBe('Installation');
    expect(await page.locator('.progress').getAttribute('data-state')).toBe('start');
    await page.waitForURL('**/docs/api/pkijs');
    expect(await page.locator('#content h1').textContent()).toBe('pkijs');
    await expect.poll(() => page.locator('.progress').count()).toBe(0);
    const states = await progress();
    expect(states[0]).toEqual({ state: 'start', value: MINIMUM });
    const trickles = states.filter((s) => s.state === 'trickle');
    // Shown at 200 ms, trickling at 1000 and 1800 ms, done at 2300 ms; each trickle further on.
    expect(trickles.length).toBe(2);
    expect(trickles[0]!.value).toBeGreaterThan(MINIMUM);
    expect(trickles[1]!.value).toBeGreaterThan(trickles[0]!.value);
    expect(states[states.length - 1]).toEqual({ state: 'done', value: 1 });
    await context.close();
  });

  it('shows no progress bar for a route change under 200 ms', async () => {
    const { page, context } = await site.open('/docs/installation');
    const progress = await watchProgress(page);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    await sleep(300);
    expect(await progress()).toEqual([]);
    await context.close();
  });

  it('logs a warning and loads the page in full when the preload fails', async () => {
    const { page, context, warnings } = await site.open('/docs/installation');
    await page.route(chunkPattern('/docs/api/pkijs'), (route) => route.abort('connectionfailed'));
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBeUndefined();
    expect(await page.locator('#content h1').textContent()).toBe('pkijs');
    expect(warnings().join('\n')).toMatch(/pkidocs: \/docs\/api\/pkijs could not be preloaded, so it is loaded in full/);
    await context.close();
  });
});

describe('content loading states on back and forward', () => {
  it('shows a spinner after 200 ms, then an error with Retry, then the page', async () => {
    const { page, context } = await site.open('/docs/installation');
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');

    await page.route(chunkPattern('/docs/installation'), delayed(900));
    await page.goBack();
    await sleep(100);
    expect(await page.locator('.loading').count()).toBe(0);
    await page.locator('.loading .loading__spinner').waitFor({ state: 'visible' });
    expect(await page.locator('.loading__spinner').evaluate((el) => getComputedStyle(el).animationName)).toBe('pk-spin');
    await expect.poll(() => page.locator('#content h1').textContent()).toBe('Installation');
    expect(await page.title()).toBe('Installation | pki.js');

    await page.route(chunkPattern('/docs/api/pkijs'), (route) => route.abort('connectionfailed'));
    await page.goForward();
    const box = page.locator('.load-error[role=alert]');
    await box.waitFor();
    expect(await box.textContent()).toContain('The content of /docs/api/pkijs could not be loaded');
    expect(await box.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(217, 63, 63)');

    await page.unroute(chunkPattern('/docs/api/pkijs'));
    await box.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('#content h1').textContent()).toBe('pkijs');
    expect(await page.locator('.load-error').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/docs/api/pkijs');
    await context.close();
  });
});

describe('crash screen', () => {
  it('shows the error and its causes, and Try again renders the page again', async () => {
    const { page, context, errors } = await site.open('/docs/installation');
    // A chunk whose page data breaks the layout: rendering its table of contents throws.
    await page.route(chunkPattern('/docs/api/pkijs'), async (route) => {
      const response = await route.fetch();
      const chunk = (await response.json()) as { page: { toc: unknown } };
      await route.fulfill({ response, json: { ...chunk, page: { ...chunk.page, toc: null } } });
    });
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    expect(await page.title()).toBe('Page Error');
    expect(await page.locator('.crash__error').textContent()).toMatch(/Cannot read properties of null/);
    expect(errors().length).toBeGreaterThan(0);

    await page.unroute(chunkPattern('/docs/api/pkijs'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('#content h1').textContent()).toBe('pkijs');
    expect(await page.title()).toBe('pkijs | pki.js');
    expect(await page.locator('.crash').count()).toBe(0);
    await context.close();
  });
});
