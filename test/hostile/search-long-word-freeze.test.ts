// The browser builds its search index from search-index.json with
// client/search/terms.ts, whose indexTerms runs `text.match(COMPOUND)` over
// every record. COMPOUND (src/shared/search-words.ts) is
//   [\p{L}\p{N}]+(?:(?:[#/-]|\.(?=\p{N}))[\p{L}\p{N}]+)+   (global)
// On one long word without a separator, each start position takes the rest
// of the word, finds no separator and gives it back letter by letter: n²/2.
// Measured in node on the bare expression: 10 000 letters 0.7 s, 20 000
// 2.4 s, 40 000 13 s. The build keeps a page's words whole in the index
// (src/search/section-text.ts: the first 100 characters, then the rest of
// the word, with no length cap), so one long word in a
// Markdown page freezes the tab of anyone who opens the search of the
// published site, while the build reports success.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build, filesHolding } = freshCheckout();
const CONFIG = join(CHECKOUT, 'content/site.config.ts');
const LIMIT_MS = 10_000;
const page = (word: string): string => `---\ntitle: Words\ndescription: A page with one long word.\n---\n\nSome words: ${word}\n`;

describe('a Markdown page holding one word of 100 000 letters', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    // The fixture's config plus a search button (the config is code: a fair probe).
    writeFileSync(CONFIG, readFileSync(CONFIG, 'utf8')
      .replace("items: [{ type: 'docSidebar'", "items: [{ type: 'search', position: 'right' }, { type: 'docSidebar'"));
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** Ctrl+K, then "install": the time until the first result shows, or 'frozen' past LIMIT_MS. */
  async function firstResultMs(): Promise<number | 'frozen'> {
    const server = await serveStatic(OUT);
    const tab = await openPage(browser);
    try {
      await tab.page.goto(`${server.origin}/docs/installation`);
      const start = Date.now();
      const left = () => Math.max(1, LIMIT_MS - (Date.now() - start));
      await tab.page.keyboard.press('Control+k');
      const shown = await tab.page.waitForSelector('[role=dialog] [role=combobox]', { timeout: left() })
        .then(() => tab.page.keyboard.type('install'))
        .then(() => tab.page.waitForSelector('[role=option]', { timeout: left() }))
        .then(() => true, () => false);
      return shown ? Date.now() - start : 'frozen';
    } finally {
      await tab.context.close();
      await server.close();
    }
  }

  it('control: 2 000 different words of 50 letters (as much index) find "install" at once', async () => {
    const words = Array.from({ length: 2000 }, (_, i) => `${i.toString(36).padStart(3, 'a')}${'abcdefghij'.repeat(5).slice(3)}`);
    writeFileSync(join(CHECKOUT, 'content/docs/words.md'), page(words.join(' ')));
    expect((await build()).code).toBe(0);
    expect(filesHolding(words[1999]!)).toContain('_pkidocs/search-index.json');
    expect(await firstResultMs()).not.toBe('frozen');
  }, 60_000);

  it(`one word of 100 000 letters: the build refuses it, or search shows a result within ${LIMIT_MS / 1000} s`, async () => {
    const word = 'abcdefghij'.repeat(10_000);
    writeFileSync(join(CHECKOUT, 'content/docs/words.md'), page(word));
    const { code } = await build();
    if (code !== 0) return;
    // The index keeps a record's first 100 characters as its head and the rest of its words whole.
    expect(filesHolding(word.slice(100))).toContain('_pkidocs/search-index.json');
    expect(await firstResultMs(), 'no search result within the limit: the tab is building its index').not.toBe('frozen');
  }, 60_000);
});
