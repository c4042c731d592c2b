// The optional behaviours, on the real site built with every option on
// (test/fixtures/e2e/all-options.config.ts): the colour-mode toggle following
// the system preference, the navbar hiding on scroll, the announcement bar
// and the remembered docs version.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY, THEME_KEY, docsVersionKey } from '../../src/shared/storage-keys.ts';
import { fixtureSite, serveSite } from './support/site.ts';

const site = serveSite(() => fixtureSite('all-options'));
const ANNOUNCEMENT_ID = 'pkijs-3-3-2';

const theme = (page: Page) => page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.themeChoice]);
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('colour mode that respects the system preference', () => {
  it('cycles light → dark → system, stores the choice and follows the system', async () => {
    const { page, context, logs } = await site.open('/docs/installation', { colorScheme: 'light' });
    const toggle = page.locator('.colour-toggle');
    expect(await theme(page)).toEqual(['light', 'system']);
    expect(await toggle.isEnabled()).toBe(true);

    await toggle.click();
    expect(await theme(page)).toEqual(['light', 'light']);
    expect(await stored(page, THEME_KEY)).toBe('light');
    await toggle.click();
    expect(await theme(page)).toEqual(['dark', 'dark']);
    expect(await stored(page, THEME_KEY)).toBe('dark');
    expect(await toggle.getAttribute('aria-label')).toBe('Switch between dark and light mode (currently dark mode)');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await toggle.click();
    expect(await theme(page)).toEqual(['light', 'system']);
    expect(await stored(page, THEME_KEY)).toBeNull();

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toEqual(['dark', 'system']);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toEqual(['light', 'system']);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('picks up a change made in another tab', async () => {
    const first = await site.open('/docs/installation', { colorScheme: 'light' });
    const second = await first.context.newPage();
    await second.goto(site.url('/docs/api/pkijs'));
    await second.locator('.colour-toggle:enabled').click();
    await second.locator('.colour-toggle').click();
    expect(await theme(second)).toEqual(['dark', 'dark']);
    await expect.poll(() => theme(first.page)).toEqual(['dark', 'dark']);
    await first.context.close();
  });

  it('sets the stored theme before the first paint', async () => {
    const t = await site.page({ colorScheme: 'light' });
    await t.page.goto(site.url('/docs/installation'));
    await t.page.evaluate((k) => localStorage.setItem(k, 'dark'), THEME_KEY);
    // Record the theme as the parser reaches <body>, before anything in it is painted.
    await t.page.route('**/docs/installation', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<body>', '<body><script>window.themeAtBody = document.documentElement.dataset.theme</script>');
      await route.fulfill({ response, body });
    });
    await t.page.reload();
    expect(await t.page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
    await t.context.close();
  });
});

describe('navbar hide on scroll', () => {
  it('hides when scrolling down past its height and shows again when scrolling up', async () => {
    const { page, context } = await site.open('/docs/api/classes/Certificate');
    const navbar = page.locator('.navbar');
    const top = () => navbar.evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
    const height = await navbar.evaluate((el) => el.getBoundingClientRect().height);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, height / 2);
    // Wait for the scroll itself (a scroll event at a settled, non-zero offset), then a frame for React.
    const y = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let last = -1;
          const settle = () => requestAnimationFrame(() => requestAnimationFrame(() => (scrollY > 0 && scrollY === last ? done(scrollY) : ((last = scrollY), settle()))));
          settle();
        }),
    );
    expect(y).toBeLessThan(height);
    expect(await navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await expect.poll(top).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await expect.poll(top).toBe(Math.round(height));
    await context.close();
  });
});

describe('announcement bar', () => {
  it('shows until dismissed, remembers the dismissal, and shows again for a new id', async () => {
    const { page, context } = await site.open('/docs/installation');
    const bar = page.locator('.announcement');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.textContent()).toContain('PKI.js 3.3.2 is out.');
    await bar.getByRole('button', { name: 'Close' }).click();
    expect(await bar.count()).toBe(0);
    expect(await stored(page, ANNOUNCEMENT_DISMISS_KEY)).toBe('true');
    expect(await stored(page, ANNOUNCEMENT_ID_KEY)).toBe(ANNOUNCEMENT_ID);

    await page.goto(site.url('/docs/api/pkijs'));
    // Hidden before paint by the head script, then left out by the client.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-announcement-dismissed'))).toBe(true);
    expect(await bar.isVisible()).toBe(false);

    await page.evaluate(([k]) => localStorage.setItem(k!, 'an-older-announcement'), [ANNOUNCEMENT_ID_KEY]);
    await page.reload();
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await stored(page, ANNOUNCEMENT_ID_KEY)).toBe(ANNOUNCEMENT_ID);
    expect(await stored(page, ANNOUNCEMENT_DISMISS_KEY)).toBe('false');
    await context.close();
  });
});

describe('docs version preference', () => {
  it('stores the version picked in the dropdown, and drops an unknown one', async () => {
    const { page, context } = await site.open('/docs/api/pkijs');
    await page.click('.navbar__dropdown summary');
    await page.click('.navbar__dropdown a[data-version="4.0.0"]');
    await page.waitForURL('**/docs/4.0/api/pkijs');
    expect(await stored(page, docsVersionKey())).toBe('4.0.0');

    await page.evaluate((k) => localStorage.setItem(k, '2.0'), docsVersionKey());
    await page.reload();
    await expect.poll(() => stored(page, docsVersionKey())).toBeNull();
    await context.close();
  });
});
