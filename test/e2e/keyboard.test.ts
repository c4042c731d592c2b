// Keyboard-only use of the real site: Tab from the top of a page reaches the
// skip link, the navbar, the sidebar, the content and the TOC in that order,
// every focused element shows a focus indicator, and focus moves on through
// the footer and out of the page (nothing traps it).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

type Region = 'skip' | 'navbar' | 'sidebar' | 'content' | 'toc' | 'footer' | 'other' | 'none';

interface Stop {
  region: Region;
  what: string;
  /** Why the focus would not be seen ('' when it is). */
  invisible: string;
}

/** Where focus is, and whether a reader can see it: an outline or a box-shadow, on a shown element. */
async function focusStop(page: Page): Promise<Stop> {
  return page.evaluate((): Stop => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { region: 'none', what: 'body', invisible: '' };
    const region: Region = el.matches('.skip-link') ? 'skip'
      : el.closest('.navbar') ? 'navbar'
        : el.closest('.sidebar') ? 'sidebar'
          : el.closest('.toc') ? 'toc'
            : el.closest('.doc, .main') ? 'content'
              : el.closest('.footer') ? 'footer' : 'other';
    const what = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    const box = el.getBoundingClientRect();
    let opacity = 1;
    for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    const invisible = !ring ? 'no outline or box-shadow'
      : style.visibility !== 'visible' ? 'hidden'
        : opacity < 0.5 ? `opacity ${opacity}`
          : !onScreen ? `off screen at ${Math.round(box.left)},${Math.round(box.top)}` : '';
    return { region, what, invisible };
  });
}

/** Presses Tab until focus leaves the page (or `limit` presses), recording each stop. */
async function tabThrough(page: Page, limit: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    let stop = await focusStop(page);
    if (stop.region === 'none') break;
    // A control that fades in on focus (the copy buttons, 150 ms) is judged once its transition is over.
    if (stop.invisible) {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      stop = await focusStop(page);
    }
    stops.push(stop);
  }
  return stops;
}

/** The regions in the order Tab first enters them. */
const regionOrder = (stops: Stop[]) => stops.map((s) => s.region).filter((r, i, all) => all.indexOf(r) === i);

describe('keyboard only', () => {
  it.each([
    ['a docs page', '/docs/installation'],
    ['an example', '/docs/examples/certificates-and-revocation/create-and-validate-certificate'],
    ['a class page', '/docs/api/classes/Certificate'],
  ])('Tab walks %s: skip link, navbar, sidebar, content, TOC, footer, with focus always visible', async (_, path) => {
    const { page, context } = await site.open(path);
    const stops = await tabThrough(page, 600);
    expect(stops[0]).toMatchObject({ region: 'skip', what: 'a.skip-link "Skip to main content"' });
    expect(regionOrder(stops)).toEqual(['skip', 'navbar', 'sidebar', 'content', 'toc', 'footer']);
    expect(stops.filter((s) => s.invisible).map((s) => `${s.what}: ${s.invisible}`)).toEqual([]);
    // Nothing traps focus: it went through the footer and left the page before the limit.
    expect(stops.length).toBeLessThan(600);
    expect(stops.at(-1)?.region).toBe('footer');
    await context.close();
  });

  it('the skip link moves focus past the navbar and sidebar into the main content', async () => {
    const { page, context } = await site.open('/docs/installation');
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).what).toBe('a.skip-link "Skip to main content"');
    const top = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('__pkidocs-main');
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).region).toBe('content');
    await context.close();
  });

  it('the mobile menu opens from the keyboard, takes focus, and gives it back on Escape', async () => {
    const { page, context } = await site.open('/docs/installation', { viewport: { width: 390, height: 844 } });
    let stop: Stop;
    do {
      await page.keyboard.press('Tab');
      stop = await focusStop(page);
    } while (stop.region !== 'none' && !stop.what.startsWith('button.navbar__toggle'));
    expect(stop.invisible).toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close the navigation menu');
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).region).toBe('sidebar');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar__toggle'))).toBe(true);
    await context.close();
  });
});
