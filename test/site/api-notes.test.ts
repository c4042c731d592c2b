// Site notes (content/api-notes) on the built API pages: where they land, that
// their links lead to the example sections that show the right way, and that
// each one is about a member the page has.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
