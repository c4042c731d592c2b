// The search dialog as tests drive it: open it on a page, type a query, wait
// until the listbox shows that query's results (the index loaded), read the
// result links; and whether an expected result is a real page and anchor.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { pageFile } from '../../../src/shared/paths.ts';
import type { TestPage } from './browser.ts';
import { realSite, type SiteSession } from './site.ts';

/** A page of the site with the search dialog open (Ctrl+K), ready for `resultsFor`. */
export async function openSearch(site: SiteSession, path = '/docs/installation'): Promise<TestPage> {
  const t = await site.open(path);
  await t.page.keyboard.press('Control+k');
  await t.page.waitForSelector('[role=combobox]');
  return t;
}

/** The hrefs the listbox shows for a query, in order. */
export async function resultsFor(t: TestPage, query: string): Promise<string[]> {
  await t.page.fill('[role=combobox]', query);
  await t.page.waitForFunction((q) => {
    const list = document.querySelector('[role=listbox]');
    return list?.getAttribute('data-query') === q && !document.querySelector('.search-dialog__status')?.textContent?.startsWith('Loading');
  }, query);
  return t.page.locator('[role=option]').evaluateAll((os) => os.map((o) => o.getAttribute('data-href')!));
}

/** The page exists in the built real site, and so does the anchor (once) when the href has one. */
export function answerExists(href: string): boolean {
  const [path, anchor] = href.split('#');
  const file = join(realSite(), pageFile(path!));
  if (!existsSync(file)) return false;
  return !anchor || cheerio.load(readFileSync(file, 'utf8'))(`[id="${anchor}"]`).length === 1;
}
