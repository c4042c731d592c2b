// The examples and guides of 4.0 (issue #29): the 3.3.2 pages 4.0 shares
// (content/site.config.ts, docs.versions[].shares) rendered again under
// /docs/4.0 with 4.0's API links, sidebar, navigation, search index, llms.txt
// and sitemap; the page written for 4.0 in its stead; and the way from each
// 3.3.2 example to its 4.0 twin.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { expandIndex, type SearchIndexData } from '../../src/shared/search-index.ts';
import { loadPage, siteOut } from '../support/site.ts';

const V4 = '/docs/4.0';
const to4 = (path: string): string => `${V4}${path.slice('/docs'.length)}`;

/** Every page (index.html) under a folder of out/, by route path. */
function pagesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(siteOut(), rel))) {
      const child = `${rel}/${name}`;
      if (statSync(join(siteOut(), child)).isDirectory()) walk(child);
      else if (name === 'index.html') out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

const exists = (path: string): boolean => existsSync(join(siteOut(), path, 'index.html'));
const hrefsIn = (json: unknown): string[] => [...JSON.stringify(json).matchAll(/"href":"([^"]*)"/g)].map((m) => m[1]!);
const siteDataOf = ($: cheerio.CheerioAPI): { sidebars: Record<string, unknown> } =>
  JSON.parse(readFileSync(join(siteOut(), $('[data-site]').attr('data-site')!), 'utf8'));
const codeOf = ($: cheerio.CheerioAPI): string[] => $('main pre code').toArray().map((c) => $(c).text());
const text = ($: cheerio.CheerioAPI): string => $('main article').text().replace(/\s+/g, ' ');

let examples: string[] | undefined;
/** Every example page of 3.3.2 (section indexes and the helpers included). */
const examples3 = (): string[] => (examples ??= pagesUnder('/docs/examples'));
/** The guides 4.0 shares as written for 3.3.2. */
const SHARED_GUIDES = ['concepts', 'security', 'troubleshooting', 'oid-reference', 'migrating-to-4'].map((g) => `/docs/guides/${g}`);

describe('the examples of 4.0', () => {
  it('are every example of 3.3.2, with the same title and the same code', () => {
    expect(examples3().length).toBeGreaterThanOrEqual(25);
    expect(examples3().map(to4).filter((p) => !exists(p))).toEqual([]);
    expect(pagesUnder(`${V4}/examples`)).toEqual(examples3().map(to4));
    for (const path of [...examples3(), ...SHARED_GUIDES]) {
      const [three, four] = [loadPage(path), loadPage(to4(path))];
      expect(four('h1').text(), path).toBe(three('h1').text());
      expect(codeOf(four), path).toEqual(codeOf(three));
    }
  });

  it('link their code and API names to 4.0\'s reference, never to 3.3.2\'s', () => {
    let codeLinks = 0;
    for (const path of [...examples3(), ...SHARED_GUIDES].map(to4)) {
      const $ = loadPage(path);
      codeLinks += $('main pre a[href]').length;
      const api = $('main a[href*="/api/"]').toArray().map((a) => $(a).attr('href')!).filter((h) => h.startsWith('/'));
      expect(api.filter((h) => !h.startsWith(`${V4}/api/`)), path).toEqual([]);
    }
    expect(codeLinks).toBeGreaterThan(200);
    // Their 3.3.2 twins link 3.3.2's reference.
    const $ = loadPage('/docs/examples/certificates-and-revocation/create-and-validate-certificate');
    expect($('main pre a[href]').first().attr('href')).toMatch(/^\/docs\/api\//);
  });

  it('keep their sidebars, breadcrumbs, previous/next and content links inside 4.0', () => {
    const strays: string[] = [];
    for (const path of [...[...examples3(), ...SHARED_GUIDES].map(to4), `${V4}/guides/browsers-and-bundlers`, `${V4}/installation`]) {
      const $ = loadPage(path);
      const sidebars = siteDataOf($).sidebars;
      strays.push(...hrefsIn(sidebars).filter((h) => !h.startsWith(`${V4}/`)).map((h) => `${path} sidebar: ${h}`));
      $('main a[href^="/docs"], nav.breadcrumbs a[href], nav.pagination a[href]').each((_, a) => {
        const href = $(a).attr('href')!;
        if (href !== '/' && !href.startsWith(`${V4}/`)) strays.push(`${path}: ${href}`);
      });
    }
    expect(strays.slice(0, 10)).toEqual([]);
    const $ = loadPage(to4('/docs/examples/certificates-and-revocation/create-and-validate-certificate'));
    const sidebars = siteDataOf($).sidebars;
    expect(hrefsIn(sidebars['examples'])).toEqual(expect.arrayContaining(examples3().map(to4)));
    expect(hrefsIn(sidebars['docs'])).toEqual(expect.arrayContaining([...SHARED_GUIDES.map(to4), `${V4}/guides/browsers-and-bundlers`, `${V4}/installation`]));
    expect(hrefsIn(sidebars['docs'])).not.toContain(`${V4}/guides/migrating-from-2x`);
    expect($('nav.breadcrumbs a[href]').toArray().map((a) => $(a).attr('href'))).toContain(`${V4}/examples/certificates-and-revocation`);
    expect($('nav.pagination a[href]').length).toBeGreaterThan(0);
    // The navbar's Docs and Examples lead to 4.0's first pages.
    const nav = Object.fromEntries($('nav.navbar .navbar__items--right a').toArray().map((a) => [$(a).text(), $(a).attr('href')]));
    expect([nav['Docs'], nav['Examples']]).toEqual([`${V4}/installation`, `${V4}/examples/certificates-and-revocation`]);
  });

  it('say which release their code runs against, each in its own version', () => {
    expect(text(loadPage('/docs/examples/timestamping'))).toContain('run against pkijs 3.3.2 by the test suite');
    expect(text(loadPage(`${V4}/examples/timestamping`))).toContain('run against pkijs 4.0.0 by the test suite');
    expect(text(loadPage(`${V4}/guides/troubleshooting`))).toContain('generated from pkijs 4.0.0 itself');
    for (const path of [...examples3(), ...SHARED_GUIDES]) {
      for (const p of [path, to4(path)]) expect(loadPage(p).html(), p).not.toContain('{{version}}');
    }
  });

  it('are in 4.0\'s search index, llms.txt, sitemap and Markdown twins, and not in 3.3.2\'s index', () => {
    const index = (file: string) => expandIndex(JSON.parse(readFileSync(join(siteOut(), '_pkidocs', file), 'utf8')) as SearchIndexData);
    const [four, three] = [index('search-index-4.0.0.json'), index('search-index.json')];
    const path = `${V4}/examples/signing-and-encryption-with-CMS/working-with-CMS-signing`;
    const records = four.filter((r) => r.href.split('#')[0] === path);
    expect(records.length).toBeGreaterThan(1);
    expect(records.map((r) => `${r.name} ${r.text} ${r.more ?? ''}`).join(' ')).toMatch(/SignedData/);
    expect(three.filter((r) => r.href.startsWith(`${V4}/`))).toEqual([]);
    const llms = readFileSync(join(siteOut(), 'llms.txt'), 'utf8');
    const sitemap = readFileSync(join(siteOut(), 'sitemap.xml'), 'utf8');
    for (const p of [...examples3(), ...SHARED_GUIDES].map(to4)) {
      expect(sitemap, p).toContain(`<loc>https://pkijs.org${p}</loc>`);
      expect(existsSync(join(siteOut(), `${p}.md`)), p).toBe(true);
    }
    expect(llms).toContain(`(https://pkijs.org${path}.md)`);
  });

  it('link from their Markdown twins where their pages link: into 4.0 wherever 4.0 has the page', () => {
    let checked = 0;
    for (const p of [...examples3(), ...SHARED_GUIDES].map(to4)) {
      const twin = readFileSync(join(siteOut(), `${p}.md`), 'utf8');
      // Markdown links and definitions to the site, relative to its root or absolute on its origin.
      for (const [, inline, defined] of twin.matchAll(/\]\((?:https:\/\/pkijs\.org)?(\/docs\/[^)#\s]*)|^\[[^\]]+\]:\s*(?:https:\/\/pkijs\.org)?(\/docs\/\S*)/gm)) {
        const target = inline ?? defined ?? '';
        checked++;
        if (target.startsWith(`${V4}/`)) continue;
        expect(exists(to4(target)), `${p}.md links ${target}, though 4.0 has ${to4(target)}`).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('the guides of 4.0', () => {
  it('have a browsers-and-bundlers page written for 4.0: ES modules, the exports map, no CommonJS', () => {
    const $ = loadPage(`${V4}/guides/browsers-and-bundlers`);
    const words = text($);
    expect(words).toContain('exports');
    expect(words).toContain('"sideEffects": false');
    expect(words).not.toMatch(/index\.es\.js|npm:pkijs@3|\brequire\(/);
    expect(codeOf($).join('\n')).toContain('new pkijs.CryptoEngine');
    expect($('main pre a[href]').toArray().map((a) => $(a).attr('href')!).filter((h) => !h.startsWith(`${V4}/api/`))).toEqual([]);
    // 3.3.2's page is the one written for 3.3.2.
    expect(text(loadPage('/docs/guides/browsers-and-bundlers'))).toContain('index.es.js');
  });

  it('leave out migrating from 2.x, which leads to 3.3.2, and keep it at its 3.3.2 address', () => {
    expect(exists('/docs/guides/migrating-from-2x')).toBe(true);
    expect(exists(`${V4}/guides/migrating-from-2x`)).toBe(false);
  });
});

/** Each version's link in a page's navbar dropdown, by label. */
const dropdown = ($: cheerio.CheerioAPI): Record<string, string> =>
  Object.fromEntries($('nav.navbar [data-slot=versions] a').toArray().map((a) => [$(a).text(), $(a).attr('href')!]));

describe('from a 3.3.2 example', () => {
  it('the dropdown and the banner lead to the same example in 4.0, the canonical page', () => {
    for (const path of examples3()) {
      const $ = loadPage(path);
      expect(dropdown($)['4.0'], path).toBe(to4(path));
      expect($('.version-banner a').attr('href'), path).toBe(to4(path));
      expect($('link[rel=canonical]').attr('href'), path).toBe(`https://pkijs.org${to4(path)}`);
      expect(dropdown(loadPage(to4(path)))['3.3.2'], path).toBe(path);
    }
  });
});
