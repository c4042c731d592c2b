// The search dialog in Chromium on the real site: how it opens (button,
// Ctrl+K, `/`), the combobox pattern (roles, aria-activedescendant), the keys
// (arrows, Enter with client navigation, Esc with the focus given back),
// recent searches in storage, mobile width, no JavaScript, axe's WCAG rules,
// and what it costs (first load and first query, from the request log).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SEARCH_RECENT_KEY } from '../../src/shared/storage-keys.ts';
import type { TestPage } from './support/browser.ts';
import { axeViolations } from './support/axe.ts';
import { realSite, serveSite } from './support/site.ts';
import { resultsFor } from './support/search.ts';

const KB = 1024;
const ROOT = resolve(import.meta.dirname, '../..');
const site = serveSite(realSite);

async function openWithKeys(t: TestPage, keys = 'Control+k'): Promise<void> {
  await t.page.keyboard.press(keys);
  await t.page.waitForSelector('[role=dialog] [role=combobox]');
}

const activeId = (t: TestPage) => t.page.getAttribute('[role=combobox]', 'aria-activedescendant');
const selected = (t: TestPage) => t.page.locator('[role=option][aria-selected=true]').getAttribute('id');

describe('search dialog', () => {
  it('opens with Ctrl+K, / and the button, as a modal combobox with a listbox', async () => {
    const t = await site.open('/docs/installation');
    await openWithKeys(t);
    const dialog = t.page.locator('[role=dialog]');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getAttribute('aria-label')).toBeTruthy();
    const input = t.page.locator('[role=combobox]');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('aria-controls')).toBe(await t.page.locator('[role=listbox]').getAttribute('id'));
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await t.page.keyboard.press('Escape');
    await t.page.waitForSelector('[role=dialog]', { state: 'detached' });

    await t.page.locator('main').click({ position: { x: 5, y: 5 } });
    await openWithKeys(t, '/');
    await t.page.keyboard.press('Escape');
    await t.page.click('[data-slot=search] a');
    await t.page.waitForSelector('[role=dialog] [role=combobox]');
    expect(new URL(t.page.url()).pathname).toBe('/docs/installation');
    expect(t.errors()).toEqual([]);
  });

  it('moves with the arrows (aria-activedescendant), opens with Enter without a page load, and Esc gives the focus back', async () => {
    const t = await site.open('/docs/installation');
    await t.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await t.page.focus('[data-slot=search] a');
    await openWithKeys(t);
    const results = await resultsFor(t, 'SignedData verify');
    expect(results[0]).toBe('/docs/api/classes/SignedData#verify');
    // The method and the site note on it share a link; each option keeps an id of its own.
    expect(results.filter((r) => r === '/docs/api/classes/SignedData#verify').length).toBeGreaterThan(1);
    const ids = await t.page.$$eval('[role=option]', (options) => options.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(await t.page.getAttribute('[role=combobox]', 'aria-expanded')).toBe('true');
    const first = await activeId(t);
    expect(first).toBe(await selected(t));
    expect(await t.page.locator(`[id="${first}"]`).getAttribute('data-href')).toBe(results[0]);
    await t.page.keyboard.press('ArrowDown');
    expect(await activeId(t)).not.toBe(first);
    expect(await t.page.locator(`[id="${await activeId(t)}"]`).getAttribute('data-href')).toBe(results[1]);
    expect(await activeId(t)).toBe(await selected(t));
    await t.page.keyboard.press('ArrowUp');
    expect(await activeId(t)).toBe(first);
    // Each option shows its kind, its owner and a snippet with the match marked.
    const option = t.page.locator(`[id="${first}"]`);
    expect(await option.locator('.search-option__kind').textContent()).toBe('method');
    expect(await option.locator('.search-option__owner').textContent()).toBe('SignedData › ');
    expect(await option.locator('mark').first().textContent()).toMatch(/verify/i);
    // Groups: API first here, each a labelled group.
    expect(await t.page.locator('[role=listbox] > [role=group]').first().getAttribute('aria-labelledby')).toBe('__pkidocs-search-group-api');

    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((u) => u.pathname === '/docs/api/classes/SignedData' && u.hash === '#verify');
    await t.page.waitForSelector('h1:has-text("SignedData")');
    expect(await t.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // no full page load
    expect(await t.page.locator('[role=dialog]').count()).toBe(0);

    await t.page.focus('[data-slot=search] a');
    await openWithKeys(t);
    await t.page.keyboard.press('Escape');
    await t.page.waitForSelector('[role=dialog]', { state: 'detached' });
    expect(await t.page.evaluate(() => document.activeElement?.closest('[data-slot=search]') !== null)).toBe(true);
    expect(t.errors()).toEqual([]);
  });

  it('keeps recent searches in local storage and lists them on an empty query', async () => {
    const t = await site.open('/docs/installation');
    await openWithKeys(t);
    await resultsFor(t, 'OCSPResponse');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((u) => u.pathname === '/docs/api/classes/OCSPResponse');
    const stored = JSON.parse((await t.page.evaluate((k) => localStorage.getItem(k), SEARCH_RECENT_KEY))!) as { href: string }[];
    expect(stored[0]!.href).toBe('/docs/api/classes/OCSPResponse');
    await openWithKeys(t);
    expect(await t.page.locator('#__pkidocs-search-group-recent').textContent()).toBe('Recent searches');
    expect(await t.page.locator('[role=option]').first().getAttribute('data-href')).toBe('/docs/api/classes/OCSPResponse');
  });

  it('opens a result in a new tab on a middle-click or Ctrl+click, as a link does, and in place on a plain click', async () => {
    const t = await site.open('/docs/installation');
    await t.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await openWithKeys(t);
    await resultsFor(t, 'OCSPResponse');
    const option = t.page.locator('[role=option]').first();
    expect(await option.evaluate((o) => o.tagName)).toBe('A');
    expect(await option.getAttribute('href')).toBe('/docs/api/classes/OCSPResponse');
    for (const how of [{ button: 'middle' as const }, { modifiers: ['Control' as const] }]) {
      const [tab] = await Promise.all([t.context.waitForEvent('page'), option.click(how)]);
      await tab.waitForURL((u) => u.pathname === '/docs/api/classes/OCSPResponse');
      await tab.close();
      expect(new URL(t.page.url()).pathname).toBe('/docs/installation');
    }
    await option.click();
    await t.page.waitForURL((u) => u.pathname === '/docs/api/classes/OCSPResponse');
    expect(await t.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // client navigation
    expect(await t.page.locator('[role=dialog]').count()).toBe(0);
    expect(t.errors()).toEqual([]);
  });

  it('stores nothing when storage is refused, and still searches', async () => {
    const t = await site.open('/docs/installation', {
      prepare: async (p) => {
        await p.context.addInitScript(() => Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } }));
      },
    });
    await openWithKeys(t);
    expect((await resultsFor(t, 'getCrypto'))[0]).toBe('/docs/api/globals#getcrypto');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((u) => u.hash === '#getcrypto');
    expect(t.errors()).toEqual([]);
  });

  it('fills the screen at 390 px and passes axe (WCAG 2.1 A/AA)', async () => {
    const t = await site.open('/docs/installation', { viewport: { width: 390, height: 844 } });
    await t.page.click('[data-slot=search] a');
    await t.page.waitForSelector('[role=combobox]');
    await resultsFor(t, 'certificate');
    const box = (await t.page.locator('[role=dialog]').boundingBox())!;
    expect(box.width).toBe(390);
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(t.page, { include: '.search-root' })).toEqual([]);
    await t.page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeViolations(t.page, { include: '.search-root' })).toEqual([]);
  });

  it('is a link to the globals list without JavaScript', async () => {
    const t = await site.page({ javaScriptEnabled: false });
    await t.page.goto(site.url('/docs/installation'));
    const link = t.page.locator('[data-slot=search] a');
    expect(await link.getAttribute('href')).toBe('/docs/api/globals');
    await link.click();
    await t.page.waitForURL((u) => u.pathname === '/docs/api/globals');
  });
});

describe('search costs', () => {
  it('loads nothing of search at first, and at most 60 KB gzipped (code and index) for the first query', async () => {
    const t = await site.page();
    const requests: { url: string; body: () => Promise<Buffer> }[] = [];
    t.page.on('response', (r) => requests.push({ url: new URL(r.url()).pathname, body: () => r.body() }));
    await t.page.goto(site.url('/docs/installation'));
    await t.page.waitForFunction(() => history.scrollRestoration === 'manual');
    await t.page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.url.includes('/search')).map((r) => r.url)).toEqual([]);
    const before = requests.length;
    await openWithKeys(t);
    await resultsFor(t, 'SignedData');
    // Links that scroll into view prefetch their pages' chunks on their own schedule (a loaded machine
    // may fire them late); those are the page's cost, not search's. Everything else is search's.
    const first = requests.slice(before).filter((r) => !r.url.startsWith('/_pkidocs/chunks/'));
    expect(first.map((r) => r.url)).toHaveLength(2);
    expect(first.map((r) => r.url)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/_pkidocs\/search-[\w-]+\.js$/), '/_pkidocs/search-index.json']));
    let bytes = 0;
    for (const r of first) bytes += gzipSync(await r.body()).length;
    expect(bytes).toBeLessThanOrEqual(60 * KB);
  });

  it('adds at most 1.5 KB gzipped to the first-load script', async () => {
    const build = (stub: boolean) => esbuild.build({
      absWorkingDir: ROOT, entryPoints: [join(ROOT, 'client/main.tsx')], bundle: true, format: 'esm', platform: 'browser', target: ['es2022'],
      minify: true, write: false, jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' }, legalComments: 'none',
      plugins: stub ? [{ name: 'no-search', setup: (b) => b.onLoad({ filter: /search-trigger\.ts$/ }, () => ({ contents: 'export function watchSearch() {}', loader: 'ts' })) }] : [],
    });
    const [withSearch, without] = await Promise.all([build(false), build(true)]);
    const size = (r: esbuild.BuildResult) => gzipSync(r.outputFiles![0]!.contents).length;
    // The real site ships the script built with search.
    const page = readFileSync(join(realSite(), 'docs/installation/index.html'), 'utf8');
    const script = /<script type="module" src="([^"]+)"/.exec(page)![1]!;
    expect(readFileSync(join(realSite(), script)).length).toBe(withSearch.outputFiles![0]!.contents.length);
    expect(size(withSearch) - size(without)).toBeLessThanOrEqual(1.5 * KB);
  });
});
