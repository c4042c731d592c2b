// The search dialog as tests drive it: type a query, wait until the listbox
// shows that query's results (the index loaded), read the result links.
import type { TestPage } from './browser.ts';

/** The hrefs the listbox shows for a query, in order. */
export async function resultsFor(t: TestPage, query: string): Promise<string[]> {
  await t.page.fill('[role=combobox]', query);
  await t.page.waitForFunction((q) => {
    const list = document.querySelector('[role=listbox]');
    return list?.getAttribute('data-query') === q && !document.querySelector('.search-dialog__status')?.textContent?.startsWith('Loading');
  }, query);
  return t.page.locator('[role=option]').evaluateAll((os) => os.map((o) => o.getAttribute('data-href')!));
}
