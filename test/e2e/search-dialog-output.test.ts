// What the search dialog shows and does, in Chromium on the real site
// (fresh-eyes review of #30): highlights mark words the query holds, never a
// piece of another word; Enter that confirms an input method's composition
// (Japanese, Chinese, Korean) does not open a result; a query made of markup
// or regex characters neither throws nor injects markup.
import { describe, expect, it } from 'vitest';
import { openSearch, resultsFor } from './support/search.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

describe('search dialog output', () => {
  it('marks words or camelCase parts from their start, never letters inside another word ("CA" in "certificate")', async () => {
    const t = await openSearch(site);
    await resultsFor(t, 'create intermediate CA certificate');
    // Each <mark> with the character before it and the one after, in the result texts.
    const marks = await t.page.locator('[role=option] mark').evaluateAll((ms) =>
      ms.map((m) => ({ before: m.previousSibling?.textContent?.slice(-1) ?? '', mark: m.textContent!, after: m.nextSibling?.textContent?.[0] ?? '' })));
    expect(marks.length).toBeGreaterThan(0);
    // Starting inside a word: a letter before a lower-case mark (a camelCase part starts upper-case; a mark
    // that ends inside a word is a prefix, as typed, and allowed). Measured: "certifi[ca]te", "lo[ca]tion".
    const inside = marks.filter(({ before, mark }) => /\p{L}/u.test(before) && /^\p{Ll}/u.test(mark));
    expect(inside.map((m) => `${m.before}[${m.mark}]${m.after}`)).toEqual([]);
    expect(t.errors()).toEqual([]);
  });

  it('does not open a result on the Enter that ends an input method composition', async () => {
    const t = await openSearch(site);
    const results = await resultsFor(t, 'SignedData');
    expect(results.length).toBeGreaterThan(0);
    // What Chromium sends when a Japanese or Chinese IME user presses Enter to accept the converted text.
    await t.page.locator('[role=combobox]').evaluate((input) =>
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true })));
    await t.page.waitForTimeout(300);
    expect(new URL(t.page.url()).pathname).toBe('/docs/installation');
    expect(await t.page.locator('[role=dialog]').count()).toBe(1);
  });

  it('shows a query of markup and regex characters as text, without throwing', async () => {
    const t = await openSearch(site);
    for (const q of ['<img src=x onerror="window.__pwned=1">', '"\\(*[.+?', '</mark><b>x</b>', '&lt;script&gt;']) {
      await resultsFor(t, q);
      expect(await t.page.locator('[role=dialog] img, [role=dialog] b, [role=dialog] script').count(), q).toBe(0);
      expect(await t.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), q).toBeUndefined();
    }
    expect(t.errors()).toEqual([]);
  });
});
