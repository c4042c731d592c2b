// Every page of the real site has a meta description (Lighthouse's SEO audit
// and link previews need one): API items without a doc comment get one built
// from their kind and members.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { loadPage, readPage, siteOut } from '../support/site.ts';

const description = ($: cheerio.CheerioAPI) => $('head meta[name="description"]').attr('content') ?? '';

describe('meta descriptions', () => {
  it('every page written has a non-empty one, but the 404 page, which search engines do not index', () => {
    const pages = readdirSync(siteOut(), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('index.html') && f !== join('404', 'index.html'));
    expect(pages.length).toBeGreaterThan(420);
    const missing = pages.filter((f) => description(cheerio.load(readPage(`/${f.replace(/index\.html$/, '')}`))).trim() === '');
    expect(missing).toEqual([]);
  });

  it('an undocumented interface or enumeration is described by its kind and members', () => {
    expect(description(loadPage('/docs/api/interfaces/ICertificate'))).toBe('Interface ICertificate of pkijs: 14 properties');
    expect(description(loadPage('/docs/api/enumerations/PKIStatus'))).toBe('Enumeration PKIStatus of pkijs: 6 members');
    expect(description(loadPage('/docs/api/interfaces/SignedDataJson'))).toMatch(/^Interface SignedDataJson of pkijs: \d+ properties$/);
  });

  it('a documented item keeps its summary', () => {
    expect(description(loadPage('/docs/api/classes/Certificate'))).toBe('Represents an X.509 certificate described in RFC5280 Section 4.');
  });

  it('every globals index term has its description: the summary, or what the item holds', () => {
    const $ = loadPage('/docs/api/globals');
    const terms = $('dl.ix > dt');
    expect(terms.length).toBe(403);
    terms.each((_, dt) => {
      expect($(dt).next().is('dd')).toBe(true);
    });
    expect($('dl.ix > dt:has(a[href$="/PKIStatus"]) + dd').text()).toBe('6 members');
  });
});
