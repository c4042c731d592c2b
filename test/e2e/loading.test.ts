// What the reader sees while a page loads or when it fails: the next page is
// preloaded before it is shown, the progress bar appears only after 200 ms,
// back/forward go through the content loading states, a failed preload falls
// back to a full page load, and a rendering crash shows the crash screen.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkUrl } from '../../src/shared/paths.ts';
import { realSite, serveSite } from './support/site.ts';
import { installTimeline, readTimeline, type Moment } from './support/timeline.ts';
import type { TestPage } from './support/browser.ts';

const site = serveSite(realSite);

// The spec's numbers (site-spec.md §9, business constants), written here, never imported from client/:
const DELAY = 200; // route-change progress bar delay
const MINIMUM = 0.08; // progress bar minimum
const SPEED = 200; // progress bar speed
const TRICKLE_RATE = 0.02;
const TRICKLE_SPEED = 800;
const SPINNER_DELAY = 200; // page-load spinner delay

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const at = (moments: Moment[], what: Moment['what']) => moments.filter((m) => m.what === what);
// Timers fire a little late, never early; allow a few ms of clock granularity.
const SLACK = 5;
const timeline = { prepare: ({ page }: TestPage) => installTimeline(page) };
const chunkPattern = (path: string) => `**${chunkUrl(path)}`;
const delayed = (ms: number) => async (route: Route) => {
  await sleep(ms);
  await route.continue();
};

describe('route changes', () => {
  it('preloads the next page before showing it, with a progress bar after 200 ms', async () => {
    const { page, context } = await site.open('/docs/installation', timeline);
    await page.route(chunkPattern('/docs/api/pkijs'), delayed(2300));
    await readTimeline(page);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    await expect.poll(() => page.locator('.progress').count()).toBe(0);
    const moments = await readTimeline(page);
    const [click] = at(moments, 'click');
    const [shown] = at(moments, 'shown');
    const progress = at(moments, 'progress');
    // The bar starts 200 ms in, at the minimum, over the old page at the old URL.
    expect(progress[0]).toMatchObject({ state: 'start', value: MINIMUM, path: '/docs/installation', h1: 'Installation' });
    expect(progress[0]!.t - click!.t).toBeGreaterThanOrEqual(DELAY - SLACK);
    // It trickles forward every 800 ms until the page is shown, then completes.
    const trickles = progress.filter((m) => m.state === 'trickle');
    expect(trickles.length).toBeGreaterThanOrEqual(2);
    trickles.forEach((m, i) => {
      const before = i ? trickles[i - 1]! : progress[0]!;
      expect(m.value).toBeGreaterThan(before.value!);
      expect(m.t - before.t).toBeGreaterThanOrEqual(TRICKLE_SPEED - SLACK);
      expect(m).toMatchObject({ path: '/docs/installation', h1: 'Installation' });
    });
    expect(progress.at(-1)).toMatchObject({ state: 'done', value: 1, path: '/docs/api/pkijs' });
    expect(shown).toMatchObject({ path: '/docs/api/pkijs', h1: 'pkijs' });
    expect(shown!.t - click!.t).toBeGreaterThanOrEqual(2300);
    await context.close();
  });

  it('shows no progress bar for a route change under 200 ms', async () => {
    const { page, context } = await site.open('/docs/installation', timeline);
    // Warm the HTTP cache first, as prefetch on hover does.
    await page.hover('.sidebar a[href="/docs/api/pkijs"]');
    await expect.poll(() => site.server.requests.filter((r) => r === chunkUrl('/docs/api/pkijs')).length).toBeGreaterThan(0);
    await readTimeline(page);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    await sleep(DELAY + 100);
    const moments = await readTimeline(page);
    expect(at(moments, 'shown')[0]!.t - at(moments, 'click')[0]!.t).toBeLessThan(DELAY);
    expect(at(moments, 'progress')).toEqual([]);
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
    expect(await page.locator('#__pkidocs-content h1').textContent()).toBe('pkijs');
    expect(warnings().join('\n')).toMatch(/pkidocs: \/docs\/api\/pkijs could not be preloaded, so it is loaded in full/);
    await context.close();
  });
});

describe("the spec's delays, on the page's own clock", () => {
  // Playwright's fake clock: timers fire only when the test moves time on,
  // so "not at 199 ms, then at 200 ms" is exact, whatever the machine's load.
  const clocked = { prepare: async ({ page }: TestPage) => page.clock.install() };
  const bar = (page: TestPage['page']) =>
    page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.progress');
      return el ? { state: el.dataset.state, value: Number(el.dataset.value), speed: el.style.transitionDuration } : null;
    });

  it('the progress bar: none before 200 ms, 0.08 at 200 ms, +2% of the rest every 800 ms', async () => {
    const { page, context } = await site.open('/docs/installation', clocked);
    const held: Route[] = [];
    await page.route(chunkPattern('/docs/api/pkijs'), (route) => void held.push(route));
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await expect.poll(() => held.length).toBe(1);
    await page.clock.runFor(DELAY - 1);
    expect(await bar(page)).toBeNull();
    await page.clock.runFor(1);
    expect(await bar(page)).toEqual({ state: 'start', value: MINIMUM, speed: `${SPEED}ms` });
    let value = MINIMUM;
    for (let i = 0; i < 3; i++) {
      await page.clock.runFor(TRICKLE_SPEED - 1);
      expect((await bar(page))!.value).toBe(value);
      await page.clock.runFor(1);
      value += TRICKLE_RATE * (1 - value);
      expect(await bar(page)).toEqual({ state: 'trickle', value: expect.closeTo(value, 12), speed: `${SPEED}ms` });
    }
    expect(value).toBeCloseTo(0.08 + 0.0184 + 0.018032 + 0.01767136, 12);
    expect(new URL(page.url()).pathname).toBe('/docs/installation'); // shown only once preloaded
    await held[0]!.continue();
    await page.clock.resume();
    await page.waitForURL('**/docs/api/pkijs');
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('pkijs');
    await context.close();
  });

  it('the back/forward spinner: none before 200 ms, shown at 200 ms', async () => {
    const { page, context } = await site.open('/docs/installation', clocked);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('pkijs');
    const held: Route[] = [];
    await page.route(chunkPattern('/docs/installation'), (route) => void held.push(route));
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => held.length).toBe(1);
    await page.clock.runFor(SPINNER_DELAY - 1);
    expect(await page.locator('.loading__spinner').count()).toBe(0);
    await page.clock.runFor(1);
    expect(await page.locator('.loading .loading__spinner').count()).toBe(1);
    await held[0]!.continue();
    await page.clock.resume();
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('Installation');
    await context.close();
  });
});

describe('content loading states on back and forward', () => {
  it('shows a spinner after 200 ms, then an error with Retry, then the page', async () => {
    const { page, context } = await site.open('/docs/installation', timeline);
    await page.click('.sidebar a[href="/docs/api/pkijs"]');
    await page.waitForURL('**/docs/api/pkijs');

    await page.route(chunkPattern('/docs/installation'), delayed(900));
    await readTimeline(page);
    await page.goBack();
    await page.locator('.loading .loading__spinner').waitFor({ state: 'visible' });
    expect(await page.locator('.loading__spinner').evaluate((el) => getComputedStyle(el).animationName)).toBe('pk-spin');
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('Installation');
    expect(await page.title()).toBe('Installation | pki.js');
    const moments = await readTimeline(page);
    const [popstate] = at(moments, 'popstate');
    const [spinner] = at(moments, 'spinner');
    expect(spinner!.t - popstate!.t).toBeGreaterThanOrEqual(SPINNER_DELAY - SLACK);
    expect(at(moments, 'shown')[0]!.t).toBeGreaterThan(spinner!.t);

    await page.route(chunkPattern('/docs/api/pkijs'), (route) => route.abort('connectionfailed'));
    await page.goForward();
    const box = page.locator('.load-error[role=alert]');
    await box.waitFor();
    expect(await box.textContent()).toContain('The content of /docs/api/pkijs could not be loaded');
    expect(await box.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(217, 63, 63)');

    await page.unroute(chunkPattern('/docs/api/pkijs'));
    await box.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('pkijs');
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
    await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toBe('pkijs');
    expect(await page.title()).toBe('pkijs | pki.js');
    expect(await page.locator('.crash').count()).toBe(0);
    await context.close();
  });
});
