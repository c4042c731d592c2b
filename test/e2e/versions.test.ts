// The docs version dropdown in Chromium (issue #29): switching keeps the
// reader on the same page of the other version (or its nearest parent), the
// choice is stored under the spec's key, and the links work without script.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { docsVersionKey } from '../../src/shared/storage-keys.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), docsVersionKey());

async function pick(page: Page, label: string): Promise<void> {
  await page.locator('nav.navbar [data-slot=versions] > summary').click();
  await page.locator(`nav.navbar [data-slot=versions] a:text-is("${label}")`).click();
}

it('switches between 3.3.2 and 4.0 on the same API page, and remembers the choice', async () => {
  const { page, context, logs } = await site.open('/docs/api/classes/Certificate');
  expect(await stored(page)).toBeNull();
  expect(await page.locator('.version-banner a').getAttribute('href')).toBe('/docs/4.0/api/classes/Certificate');

  await pick(page, '4.0');
  await page.waitForURL('**/docs/4.0/api/classes/Certificate');
  await expect.poll(() => page.locator('#__pkidocs-content h1').textContent()).toContain('Certificate');
  expect(await stored(page)).toBe('4.0.0');
  expect(await page.locator('footer').textContent()).toContain('Version: 4.0.0');
  expect(await page.locator('nav.navbar [data-slot=versions] > summary').textContent()).toBe('4.0');
  expect(await page.locator('.version-banner').count()).toBe(0);

  await pick(page, '3.3.2');
  await page.waitForURL((url) => url.pathname === '/docs/api/classes/Certificate');
  await expect.poll(() => page.locator('footer').textContent()).toContain('Version: 3.3.2');
  expect(await stored(page)).toBe('3.3.2');
  expect(await page.locator('nav.navbar [data-slot=versions] > summary').textContent()).toBe('3.3.2');
  expect(await page.locator('.version-banner').count()).toBe(1);
  expect(logs).toEqual([]);
  await context.close();
});

it('leads from a 3.3.2 example to the same example in 4.0, with its 4.0 sidebar and code links', async () => {
  const path = '/docs/examples/certificates-and-revocation/create-and-validate-certificate';
  const { page, context, logs } = await site.open(path);
  await pick(page, '4.0');
  await page.waitForURL((url) => url.pathname === `/docs/4.0${path.slice('/docs'.length)}`);
  await expect.poll(() => page.locator('footer').textContent()).toContain('Version: 4.0.0');
  expect(await page.locator('main h1').textContent()).toBe('Create and validate certificate');
  expect(await page.locator('main pre a[href]').first().getAttribute('href')).toMatch(/^\/docs\/4\.0\/api\//);
  expect(await page.locator('nav.sidebar__nav a[aria-current=page]').getAttribute('href')).toBe(`/docs/4.0${path.slice('/docs'.length)}`);
  expect(logs).toEqual([]);
  await context.close();
});

it('leads from a page 4.0 lacks to its nearest 4.0 page, without JavaScript too', async () => {
  const { page, context } = await site.page({ javaScriptEnabled: false });
  // Migrating from 2.x ends at 3.3.2: 4.0 leaves it out.
  await page.goto(site.url('/docs/guides/migrating-from-2x'));
  await page.locator('nav.navbar [data-slot=versions] > summary').click();
  await page.locator('nav.navbar [data-slot=versions] a:text-is("4.0")').click();
  await page.waitForURL((url) => url.pathname === '/docs/4.0/installation');
  expect(await page.locator('main h1').textContent()).toBe('Installation');
  expect(await page.locator('footer').textContent()).toContain('Version: 4.0.0');
  await context.close();
});

it('draws the narrow-screen menu\'s dropdown when the menu opens, from the page\'s one dropdown', async () => {
  const { page, context, logs } = await site.open('/docs/api/classes/Certificate', { viewport: { width: 800, height: 900 } });
  // The page is sent with the navbar's dropdown only: the menu opens only with script, which draws its copy.
  expect(await page.locator('[data-slot=versions]').count()).toBe(1);
  const menu = page.locator('#__pkidocs-menu');
  await page.locator('.navbar__toggle').click();
  await menu.locator('[data-slot=versions] > summary').click();
  expect(await menu.locator('[data-slot=versions] a[aria-current=page]').textContent()).toBe('3.3.2');
  await menu.locator('[data-slot=versions] a:text-is("4.0")').click();
  await page.waitForURL('**/docs/4.0/api/classes/Certificate');
  expect(await stored(page)).toBe('4.0.0');
  await page.locator('.navbar__toggle').click();
  await menu.locator('[data-slot=versions] > summary').click();
  expect(await menu.locator('[data-slot=versions] a[aria-current=page]').textContent()).toBe('4.0');
  expect(await menu.locator('[data-slot=versions] a:text-is("3.3.2")').getAttribute('href')).toBe('/docs/api/classes/Certificate');
  expect(logs).toEqual([]);
  await context.close();
});
