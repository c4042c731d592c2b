// Accessibility of the real site, checked with axe-core in Chromium: every
// page kind and the states a reader puts a page in (the mobile menu open, a
// sidebar category expanded, the search dialog open with results) have no violation of WCAG 2.1 A/AA (axe's wcag2a,
// wcag2aa, wcag21a, wcag21aa rules) nor of the best-practice rules Lighthouse
// scores; colour contrast holds in dark mode too.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, setColourMode } from './support/axe.ts';
import { resultsFor } from './support/search.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

const EXAMPLE = '/docs/examples/certificates-and-revocation/create-and-validate-certificate';
const CLASS = '/docs/api/classes/Certificate';

/** One page of each kind, the 404 page included. */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['docs index', '/docs'],
  ['docs page', '/docs/installation'],
  ['example', EXAMPLE],
  ['class', CLASS],
  ['interface', '/docs/api/interfaces/ICertificate'],
  ['enumeration', '/docs/api/enumerations/PKIStatus'],
  ['globals', '/docs/api/globals'],
  ['not found', '/no-such-page'],
];

describe('axe: WCAG 2.1 A/AA on every page kind (desktop, light mode)', () => {
  it.each(PAGES)('%s (%s) has no violations', async (_, path) => {
    const { page, context } = await site.open(path);
    expect(await page.locator('#__pkidocs-content, main').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('axe: states a reader puts the page in', () => {
  it('mobile width with the menu open', async () => {
    const { page, context } = await site.open(CLASS, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.locator('.navbar__toggle').click();
    await expect.poll(() => page.locator('#__pkidocs-menu').evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    expect(await page.locator('#__pkidocs-menu .menu__link--active').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('expanded sidebar categories (the full tree loaded)', async () => {
    const { page, context } = await site.open('/docs/installation');
    for (const href of ['/docs/api/pkijs', '/docs/api/globals#classes']) {
      const category = page.locator('.sidebar .menu__category', { has: page.locator(`> .menu__category-row a[href="${href}"]`) });
      const caret = category.locator('> .menu__category-row .menu__caret');
      expect(await caret.getAttribute('aria-expanded')).toBe('false');
      await caret.click();
      expect(await caret.getAttribute('aria-expanded')).toBe('true');
    }
    await expect.poll(() => page.locator('.sidebar a.menu__link[href="/docs/api/classes/Certificate"]').isVisible()).toBe(true);
    await waitForTransitions(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('axe: the search dialog open with results, over the whole page', () => {
  it.each([
    ['desktop, light', { width: 1280, height: 800 }, 'light'],
    ['desktop, dark', { width: 1280, height: 800 }, 'dark'],
    ['mobile, light', { width: 390, height: 844 }, 'light'],
  ] as const)('%s', async (_, viewport, mode) => {
    const { page, context, ...rest } = await site.open(CLASS, { viewport });
    await setColourMode(page, mode);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('[role=dialog] [role=combobox]');
    // Results of every group, the active option marked and a match highlighted.
    await resultsFor({ page, context, ...rest }, 'engine');
    expect(await page.locator('[role=listbox] > [role=group]').count()).toBe(3);
    expect(await page.locator('[role=option][aria-selected=true] mark').count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    expect(await axeViolations(page)).toEqual([]);
    // The recent searches list an empty query shows.
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role=dialog]', { state: 'detached' });
    await page.keyboard.press('Control+k');
    await page.waitForSelector('#__pkidocs-search-group-recent');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('axe: colour contrast in dark mode', () => {
  it.each([['class', CLASS], ['example', EXAMPLE], ['interface', '/docs/api/interfaces/ICertificate'], ['globals', '/docs/api/globals'], ['docs page', '/docs/installation']])(
    '%s (%s)',
    async (_, path) => {
      const { page, context } = await site.open(path);
      await setColourMode(page, 'dark');
      // The tokens really switched: the page background is dark mode's.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 28)');
      expect(await axeViolations(page, { rules: ['color-contrast', 'link-in-text-block'] })).toEqual([]);
      await context.close();
    },
  );
});

async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}
