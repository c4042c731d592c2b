// Search across docs versions (issue #29) on the real site built with baseUrl
// /pkijs/ and served under that prefix by a plain static server, in Chromium:
// from a 3.3.2 page, the "All versions" toggle finds 4.0 results, and every
// result is a link that works under the prefix: clicked, it opens; loaded, it answers 200 with the page and anchor the result names, of the
// version its label names.
import { describe, expect, it } from 'vitest';
import real from '../../content/site.config.ts';
import type { TestPage } from './support/browser.ts';
import { resultsFor } from './support/search.ts';
import { fixtureSite, serveSite } from './support/site.ts';

const PREFIX = '/pkijs/';
const site = serveSite(() => fixtureSite('subpath-versions'), PREFIX);
/** A result's version label (4.0) → the release its pages document (4.0.0), from the real config. */
const releaseOf = new Map(real.docs.versions.map((v) => [v.label, v.library?.version ?? real.library.version]));

interface Result { href: string; owner: string; name: string; version: string }

/** The results the listbox shows for a query: href, owner, name and version label. */
async function results(t: TestPage, query: string): Promise<Result[]> {
  await resultsFor(t, query);
  return t.page.locator('[role=option]').evaluateAll((os) => os.map((o) => ({
    href: o.getAttribute('data-href')!,
    owner: o.querySelector('.search-option__owner')?.textContent?.replace(/\s*›\s*$/, '') ?? '',
    name: [...o.querySelector('.search-option__title')!.childNodes]
      .filter((n) => !(n instanceof Element && (n.matches('.search-option__owner, .search-option__version'))))
      .map((n) => n.textContent).join(''),
    version: o.querySelector('.search-option__version')?.textContent ?? '',
  })));
}

/** What a page shows: its h1, the release its footer names, and whether the href's anchor is on it. */
async function shown(t: TestPage, href: string): Promise<{ h1: string; release: string; anchor: boolean }> {
  const id = decodeURIComponent(new URL(href, 'http://x').hash.slice(1));
  return t.page.evaluate((id) => ({
    h1: document.querySelector('main h1')?.textContent ?? '',
    release: /Version: (\d+\.\d+\.\d+)/.exec(document.querySelector('footer')?.textContent ?? '')?.[1] ?? '',
    anchor: !id || document.getElementById(id) !== null,
  }), id);
}

describe('search across versions under /pkijs/', () => {
  it('finds 4.0 results from a 3.3.2 page with "All versions" on, and every result link works', async () => {
    const t = await site.open('/pkijs/docs/api/classes/Certificate');
    const requests: string[] = [];
    t.page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await t.page.keyboard.press('Control+k');
    await t.page.waitForSelector('[role=combobox]');
    await t.page.getByRole('checkbox', { name: 'All versions' }).check();

    const found = [...await results(t, 'Certificate verify'), ...await results(t, 'install')];
    const hrefs = found.map((r) => r.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/pkijs/docs/4.0/api/classes/Certificate#verify', '/pkijs/docs/api/classes/Certificate#verify']));
    expect(found.filter((r) => r.version === '4.0').length).toBeGreaterThan(1);
    expect(hrefs.filter((h) => !h.startsWith(PREFIX))).toEqual([]);
    expect(requests.filter((u) => u.includes('search-index')).sort()).toEqual(['/pkijs/_pkidocs/search-index-4.0.0.json', '/pkijs/_pkidocs/search-index.json']);
    expect(requests.filter((u) => !u.startsWith(PREFIX))).toEqual([]);

    // Clicked, a 4.0 result opens under the prefix with its anchor (another version's page is a full load, client/router.ts).
    await resultsFor(t, 'Certificate verify');
    await t.page.locator('[role=option][data-href="/pkijs/docs/4.0/api/classes/Certificate#verify"]').click();
    await t.page.waitForURL(site.url('/pkijs/docs/4.0/api/classes/Certificate#verify'));
    await t.page.waitForFunction(() => document.querySelector('footer')?.textContent?.includes('Version: 4.0.0'));
    expect(await shown(t, '#verify')).toEqual({ h1: 'Certificate', release: '4.0.0', anchor: true });
    expect(t.errors()).toEqual([]);
    await t.context.close();

    // Loaded afresh, each result answers 200 with the page, anchor and version it names.
    const v = await site.page();
    const wrong: string[] = [];
    for (const r of found) {
      await v.page.goto('about:blank'); // else a result on the page already shown is a hash change, with no response
      const response = await v.page.goto(site.url(r.href));
      const page = await shown(v, r.href);
      const title = r.owner || r.name;
      if (response?.status() !== 200 || !page.anchor || page.release !== releaseOf.get(r.version) || !page.h1.includes(title)) {
        wrong.push(`${r.href} (${r.version}: "${title}"): ${response?.status()}, h1 "${page.h1}", release ${page.release}, anchor ${page.anchor}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(v.errors()).toEqual([]);
    await v.context.close();
  });
});
