// Behaviours of the real site's pages: the mobile menu, collapsible sidebar
// categories, code copy buttons, synced install tabs, the fixed light colour
// mode, and what happens when browser storage is unavailable.
import { describe, expect, it } from 'vitest';
import { TABS_KEY_PREFIX, THEME_KEY } from '../../src/shared/storage-keys.ts';
import type { TestPage } from './support/browser.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

/**
 * The collapse time the layout promises (the spec says only "computed from content height"):
 * 120 ms plus 6.5 ms per √px of height, at most 500 ms. Written here, not imported.
 */
const collapseMs = (height: number) => Math.round(Math.min(500, 120 + 6.5 * Math.sqrt(height)));

/** Resolves after two animation frames: resize and media-query handlers have run and the result is painted. */
const twoFrames = (page: TestPage['page']) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

describe('mobile menu', () => {
  it('holds the sidebar and navbar items below 996 px and closes on navigation and on widening', async () => {
    const { page, context } = await site.open('/docs/installation', { viewport: { width: 800, height: 900 } });
    const toggle = page.locator('.navbar__toggle');
    const menu = page.locator('#__pkidocs-menu');
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.locator('.navbar__items--right a', { hasText: 'Docs' }).isVisible()).toBe(false);
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => menu.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    expect(await menu.locator('.sidebar__navbar-items a', { hasText: 'Examples' }).isVisible()).toBe(true);
    expect(await menu.locator('.sidebar__nav a', { hasText: 'Installation' }).isVisible()).toBe(true);

    await menu.locator('.sidebar__nav a.menu__link--category[href="/docs/api/pkijs"]').click();
    await page.waitForURL('**/docs/api/pkijs');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Keyboard focus moves into the menu, and back to the button when it closes.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close the navigation menu');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar__toggle'))).toBe(true);
    await toggle.click();
    await menu.getByRole('button', { name: 'Close the navigation menu' }).click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await page.setViewportSize({ width: 995, height: 900 });
    await twoFrames(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.setViewportSize({ width: 996, height: 900 });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.isVisible()).toBe(false);
    expect(await page.locator('.sidebar__nav').isVisible()).toBe(true);
    await context.close();
  });
});

describe('collapsible sidebar categories', () => {
  /** Clicks the caret of category `i` and reads its panel's animation at once (a 1 ms one is over by the next frame). */
  const toggle = (t: TestPage, i: number) =>
    t.page.evaluate(async (i) => {
      const category = document.querySelectorAll('.sidebar .menu__category')[i]!;
      category.querySelector<HTMLElement>(':scope > .menu__category-row .menu__caret')!.click();
      await Promise.resolve();
      const panel = category.querySelector<HTMLElement>(':scope > .collapsible')!;
      const timing = panel.getAnimations()[0]?.effect?.getTiming();
      return { duration: timing?.duration, easing: timing?.easing, height: panel.scrollHeight };
    }, i);

  it('animates with ease-in-out for a time that grows with the height, keeping aria-expanded in step', async () => {
    const t = await site.open('/docs/examples/timestamping');
    const categories = t.page.locator('.menu__category');
    const caret = (i: number) => categories.nth(i).locator('> .menu__category-row .menu__caret');
    const panel = (i: number) => `.menu__category:nth-child(${i + 1}) > .collapsible`;
    expect(await caret(0).getAttribute('aria-expanded')).toBe('false');

    const opening = await toggle(t, 0);
    expect(await caret(0).getAttribute('aria-expanded')).toBe('true');
    expect(await caret(0).getAttribute('aria-label')).toBe('Collapse the Certificates and Revocation category');
    expect(opening.easing).toBe('ease-in-out');
    expect(opening.duration).toBe(collapseMs(opening.height));
    expect(opening.duration).toBeGreaterThan(120);
    await expect.poll(() => t.page.locator(panel(0)).evaluate((el) => el.getAnimations().length)).toBe(0);
    expect(await t.page.locator(panel(0)).isVisible()).toBe(true);

    const closing = await toggle(t, 2);
    expect(await caret(2).getAttribute('aria-expanded')).toBe('false');
    expect(closing.easing).toBe('ease-in-out');
    expect(closing.duration).toBe(collapseMs(closing.height));
    await expect.poll(() => t.page.locator(panel(2)).isVisible()).toBe(false);
    expect(opening.duration).not.toBe(closing.duration);
    await t.context.close();
  });

  it('takes 1 ms when the reader prefers reduced motion', async () => {
    const t = await site.open('/docs/examples/timestamping', { reducedMotion: 'reduce' });
    expect(await toggle(t, 0)).toMatchObject({ duration: 1, easing: 'ease-in-out' });
    await expect.poll(() => t.page.locator('.menu__category').first().locator('.collapsible').isVisible()).toBe(true);
    await t.context.close();
  });

  it('opens a cut-down category in full', async () => {
    const { page, context } = await site.open('/docs/api/classes/Certificate');
    const interfaces = page.locator('.menu__category', { has: page.locator('> .menu__category-row a', { hasText: 'Interfaces' }) });
    expect(await interfaces.locator('.collapsible .menu__link').count()).toBe(0);
    await interfaces.locator('.menu__caret').click();
    await expect.poll(() => interfaces.locator('.collapsible .menu__link').count()).toBe(273);
    await context.close();
  });
});

describe('code blocks', () => {
  it('copies a block to the clipboard', async () => {
    const { page, context } = await site.open('/docs/installation', { permissions: ['clipboard-read', 'clipboard-write'] });
    const blocks = page.locator('#__pkidocs-content .code-block');
    expect(await blocks.count()).toBeGreaterThan(3);
    expect(await page.locator('#__pkidocs-content .code-block > button.code-copy').count()).toBe(await blocks.count());
    const block = page.locator('#__pkidocs-content > .code-block').first();
    const code = await block.locator('pre').textContent();
    await block.hover();
    await block.locator('.code-copy').click();
    await expect.poll(() => block.locator('.code-copy').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code!.replace(/\n$/, ''));
    await context.close();
  });

  it('syncs install tabs of one group across the page and remembers the choice', async () => {
    const { page, context } = await site.open('/docs/installation');
    const sets = page.locator('.tabs[data-group="package-manager"]');
    expect(await sets.count()).toBeGreaterThan(1);
    const shown = () => sets.evaluateAll((ss) => ss.map((s) => [...s.querySelectorAll('[role=tabpanel]')].filter((p) => getComputedStyle(p).display !== 'none').map((p) => (p as HTMLElement).dataset.value)));
    expect(await shown()).toEqual(Array(await sets.count()).fill(['npm']));

    await sets.first().getByRole('tab', { name: 'yarn' }).click();
    expect(await shown()).toEqual(Array(await sets.count()).fill(['yarn']));
    expect(await sets.last().getByRole('tab', { name: 'yarn' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate((k) => localStorage.getItem(k), `${TABS_KEY_PREFIX}package-manager`)).toBe('yarn');

    await sets.first().getByRole('tab', { name: 'yarn' }).press('ArrowRight');
    expect(await shown()).toEqual(Array(await sets.count()).fill(['pnpm']));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');

    await page.reload();
    await expect.poll(shown).toEqual(Array(await sets.count()).fill(['pnpm']));
    await context.close();
  });
});

describe('colour mode with the switch disabled (this site)', () => {
  it('is light, has no toggle, and deletes a stored choice', async () => {
    const { page, context } = await site.open('/docs/installation', { colorScheme: 'dark' });
    await page.evaluate((k) => localStorage.setItem(k, 'dark'), THEME_KEY);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY)).toBeNull();
    expect(await page.locator('.colour-toggle').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    await context.close();
  });
});

describe('storage unavailable', () => {
  it('warns once and keeps working, remembering nothing', async () => {
    const t = await site.open('/docs/installation', {
      prepare: async ({ page }) => {
        await page.addInitScript(() => Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        }));
      },
    });
    const sets = t.page.locator('.tabs[data-group="package-manager"]');
    await sets.first().getByRole('tab', { name: 'bun' }).click();
    expect(await sets.last().getByRole('tab', { name: 'bun' }).getAttribute('aria-selected')).toBe('true');
    await t.page.click('.sidebar a[href="/docs/api/pkijs"]');
    await t.page.waitForURL('**/docs/api/pkijs');
    expect(t.errors()).toEqual([]);
    expect(t.warnings()).toEqual([expect.stringContaining('pkidocs: browser storage is unavailable, so preferences will not be remembered')]);
    await t.context.close();
  });
});
