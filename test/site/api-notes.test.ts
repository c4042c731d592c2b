// Site notes (content/api-notes) on the built API pages: where they land, that
// their links lead to the example sections that show the right way, and that
// each one is about a member the page has.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, SearchEngine } from '../../client/search/engine.ts';
import { expandIndex, type SearchIndexData } from '../../src/shared/search-index.ts';
import { ROOT } from '../support/cli.ts';
import { loadPage, siteOut } from '../support/site.ts';

const notes = readdirSync(join(ROOT, 'content/api-notes')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));

describe('site notes on API pages', () => {
  it('OCSPResponse: a note on the class and on sign() and verify(), inside their member bodies', () => {
    const $ = loadPage('/docs/api/classes/OCSPResponse');
    expect($('aside.nt').map((_, a) => $(a).attr('aria-label')).get()).toEqual([
      'Site note on OCSPResponse', 'Site note on OCSPResponse.sign()', 'Site note on OCSPResponse.verify()',
    ]);
    expect($('h3#sign').next('.am').find('aside.nt').text()).toContain('copy');
    const links = $('h3#verify').next('.am').find('aside.nt a').map((_, a) => $(a).attr('href')).get();
    expect(links).toContain('/docs/examples/certificates-and-revocation/working-with-OCSP-responses#check-the-response-before-trusting-it');
  });

  it('every note file lands on its page, every example link in a note leads to a heading of that example', () => {
    expect(notes.length).toBeGreaterThanOrEqual(8);
    for (const name of notes) {
      const dir = ['classes', 'interfaces'].find((d) => readdirSync(join(siteOut(), 'docs/api', d)).includes(name))!;
      const $ = loadPage(`/docs/api/${dir}/${name}`);
      expect($('aside.nt').length, name).toBeGreaterThan(0);
      $('aside.nt a[href^="/docs/examples/"]').each((_, a) => {
        const [path, hash] = $(a).attr('href')!.split('#');
        if (hash) expect(loadPage(path!)(`[id="${hash}"]`).length, `${name} → ${path}#${hash}`).toBe(1);
      });
    }
  });

  it('SignedData: the note corrects the doc comment example\'s ContentInfo.DATA,,', () => {
    const $ = loadPage('/docs/api/classes/SignedData');
    expect($('h2#examples').next().text()).toContain('ContentInfo.DATA,,');
    expect($('.api > div > aside.nt').text()).toContain('eContentType: pkijs.ContentInfo.DATA,');
  });
});

describe('site notes in the search index', () => {
  const index = expandIndex(JSON.parse(readFileSync(join(siteOut(), '_pkidocs/search-index.json'), 'utf8')) as SearchIndexData);
  /** The prose records of an API page: its notes (the note on the item itself is the page's own record). */
  const recordsOf = (path: string) => index.filter((r) => r.group !== 'api' && r.href.split('#')[0] === path);

  it('finds every note by its own words, one record per note, at an anchor its page has', () => {
    for (const name of notes) {
      const dir = ['classes', 'interfaces'].find((d) => readdirSync(join(siteOut(), 'docs/api', d)).includes(name))!;
      const path = `/docs/api/${dir}/${name}`;
      const $ = loadPage(path);
      const asides = $('aside.nt').map((_, a) => $(a).text().replace(/\s+/g, ' ')).get();
      const records = recordsOf(path);
      expect(records.length, name).toBe(asides.length);
      for (const r of records) {
        const hash = r.href.split('#')[1];
        if (hash) expect($(`[id="${hash}"]`).length, r.href).toBe(1);
        // The text is a note's own, as the page shows it (entities decoded, no markup).
        expect(asides.some((text) => text.includes(r.text.slice(0, 80))), `${r.href}: ${r.text.slice(0, 80)}`).toBe(true);
      }
    }
  });

  it('a search for what a note warns about finds it', () => {
    // The engine the page runs, on the index the build wrote: a note's words past its snippet are searched too.
    const engine = new SearchEngine(index);
    const hits = (q: string) => flatten(engine.grouped(q)).slice(0, 10).map((h) => h.record);
    expect(hits('verify checkChain').some((r) => r.href === '/docs/api/classes/SignedData#verify' && r.name === 'Site note on SignedData.verify()')).toBe(true);
    expect(index.some((r) => r.href === '/docs/api/classes/Certificate#sign' && r.group !== 'api' && /SHA-1/.test(r.text))).toBe(true);
  });
});
