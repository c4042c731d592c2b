// Versioned docs, "since" and "changed in" marks (issue #29), read from the
// real built pages of both versions. The expected differences come from the
// two installed d.ts (node_modules/pkijs, content/versions/pkijs-4.0/…): in
// 4.0.0 BasicOCSPResponseVerifyParams gains issuerCerts and trustedResponders,
// and only a doc comment on trustedCerts; generateKey gains an X25519 overload
// on AbstractCryptoEngine and CryptoEngine; getRandomValues returns
// Uint8Array, not Uint8Array<ArrayBufferLike>; RequestSchema's extensions is
// an ExtensionsSchema, not an ExtensionSchema. No export is added or removed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { loadPage, siteOut } from '../support/site.ts';

const V4 = '/docs/4.0';

/** The marks under a member's h3 (or a global's), as text and link. */
function marksOf($: cheerio.CheerioAPI, id: string): { text: string; href?: string }[] {
  const h3 = $(`h3#${id}`);
  expect(h3.length, `h3#${id}`).toBe(1);
  return h3.next('.am').children('.vms').find('.vm').toArray().map((m) => {
    const href = $(m).attr('href');
    return href ? { text: $(m).text(), href } : { text: $(m).text() };
  });
}

/** Every page of out/ that holds a mark, by route path (a regex over the files: ~850 pages). */
function pagesWithMarks(): string[] {
  return readdirSync(siteOut(), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('index.html') && !f.startsWith('_pkidocs') && readFileSync(join(siteOut(), f), 'utf8').includes('class="vm"'))
    .map((f) => `/${f.slice(0, -'/index.html'.length)}`)
    .sort();
}

describe('the version marks of the 4.0 pages', () => {
  it('mark the members 4.0 added as new, and no member whose doc comment alone changed', () => {
    const $ = loadPage(`${V4}/api/interfaces/BasicOCSPResponseVerifyParams`);
    expect(marksOf($, 'issuercerts')).toEqual([{ text: 'New in 4.0' }]);
    expect(marksOf($, 'trustedresponders')).toEqual([{ text: 'New in 4.0' }]);
    // 4.0.0 documents trustedCerts; its declaration is 3.3.2's.
    expect($('h3#trustedcerts').next('.am').text()).toContain('Trust anchors used for building');
    expect(marksOf($, 'trustedcerts')).toEqual([]);
  });

  it('mark a member whose signature changed, on every page that declares it', () => {
    for (const owner of ['CryptoEngine', 'AbstractCryptoEngine']) {
      const $ = loadPage(`${V4}/api/classes/${owner}`);
      expect(marksOf($, 'generatekey'), owner).toEqual([{ text: 'Signature changed in 4.0' }]);
      expect(marksOf($, 'encrypt'), owner).toEqual([]); // its union is listed in another order, with the same members
    }
  });

  it('mark the globals whose declaration changed', () => {
    const $ = loadPage(`${V4}/api/globals`);
    expect(marksOf($, 'getrandomvalues')).toEqual([{ text: 'Signature changed in 4.0' }]);
    expect(marksOf($, 'requestschema')).toEqual([{ text: 'Signature changed in 4.0' }]);
    expect(marksOf($, 'tbsrequestschema')).toEqual([]);
  });
});

describe('the version marks of the 3.3.2 pages', () => {
  it('mark what 4.0 changed, linked to the member in 4.0, whose anchor exists', () => {
    const $ = loadPage('/docs/api/classes/CryptoEngine');
    expect(marksOf($, 'generatekey')).toEqual([{ text: 'Signature changed in 4.0', href: `${V4}/api/classes/CryptoEngine#generatekey` }]);
    expect(loadPage(`${V4}/api/classes/CryptoEngine`)('h3#generatekey').text()).toBe('generateKey()');
    const globals = loadPage('/docs/api/globals');
    expect(marksOf(globals, 'getrandomvalues')).toEqual([{ text: 'Signature changed in 4.0', href: `${V4}/api/globals#getrandomvalues` }]);
    expect(marksOf(globals, 'requestschema')).toEqual([{ text: 'Signature changed in 4.0', href: `${V4}/api/globals#requestschema` }]);
  });

  it('carry no mark of what 4.0 only added', () => {
    const $ = loadPage('/docs/api/interfaces/BasicOCSPResponseVerifyParams');
    expect($('.vm').length).toBe(0);
    expect($('h3#issuercerts').length).toBe(0);
  });
});

describe('marks across the site', () => {
  it('are on the pages of the known differences, and on no other page', () => {
    expect(pagesWithMarks()).toEqual([
      '/docs/4.0/api/classes/AbstractCryptoEngine',
      '/docs/4.0/api/classes/CryptoEngine',
      '/docs/4.0/api/globals',
      '/docs/4.0/api/interfaces/BasicOCSPResponseVerifyParams',
      '/docs/api/classes/AbstractCryptoEngine',
      '/docs/api/classes/CryptoEngine',
      '/docs/api/globals',
    ]);
  });
});

describe('the removed-exports page of 4.0', () => {
  it('is linked from 4.0\'s API index, and says that no export of 3.3.2 is gone', () => {
    const index = loadPage(`${V4}/api/globals`);
    expect(index(`.api a[href="${V4}/api/removed-exports"]`).text()).toBe('Exports removed since 3.3.2');
    const $ = loadPage(`${V4}/api/removed-exports`);
    expect($('h1').text()).toBe('Exports removed in pkijs 4.0.0');
    expect($('.api p').first().text()).toBe('Every export of pkijs 3.3.2 is still exported by pkijs 4.0.0; what changed is marked on its pages.');
    expect($('.api dl').length).toBe(0);
  });

  it('is 4.0\'s alone: 3.3.2 has no such page, nor a link to one', () => {
    expect(loadPage('/docs/api/globals')('a[href$="/removed-exports"]').length).toBe(0);
    expect(readdirSync(join(siteOut(), 'docs/api'))).not.toContain('removed-exports');
  });
});
