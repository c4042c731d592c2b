// The colour-mode toggle when the system preference is not respected
// (test/fixtures/e2e/light-dark-toggle.config.ts, dark by default): it
// toggles light ↔ dark and never offers "system".
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { THEME_KEY } from '../../src/shared/storage-keys.ts';
import { fixtureSite, serveSite } from './support/site.ts';

const site = serveSite(() => fixtureSite('light-dark-toggle'));

const theme = (page: Page) => page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.themeChoice]);

it('toggles between light and dark, starting from the default mode, whatever the system prefers', async () => {
  const { page, context, logs } = await site.open('/docs/installation', { colorScheme: 'light' });
  const toggle = page.locator('.colour-toggle');
  expect(await theme(page)).toEqual(['dark', 'dark']);
  const seen: (string | null)[] = [];
  for (let i = 0; i < 4; i++) {
    await toggle.click();
    seen.push(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY));
  }
  expect(seen).toEqual(['light', 'dark', 'light', 'dark']);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await theme(page)).toEqual(['dark', 'dark']);
  // Only the icon of the mode shown is visible.
  expect(await page.locator('.colour-toggle svg:visible').getAttribute('class')).toBe('colour-toggle__dark');
  expect(logs).toEqual([]);
  await context.close();
});
