// Versioned docs, slice 1 (issue #29): pkijs 4.0.0's API reference under
// /docs/4.0/api, from its own model, with its own sidebar and site data, while
// the 3.3.2 pages keep their URLs and carry no trace of it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { loadPage, siteOut } from '../support/site.ts';

const V4 = '/docs/4.0';

/** Every page (index.html) under a folder of out/, by route path. */
function pagesUnder(dir: string, skip: (path: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    if (skip(rel)) return;
    for (const name of readdirSync(join(siteOut(), rel))) {
      const child = `${rel}/${name}`;
      if (statSync(join(siteOut(), child)).isDirectory()) walk(child);
      else if (name === 'index.html') out.push(rel);
    }
  };
  walk(dir);
  return out;
}

/** The site data a page loads (sidebars, site view). */
function siteDataOf($: cheerio.CheerioAPI): { site: { footer: { columns: { text?: string }[] } }; sidebars: Record<string, unknown> } {
  const url = $('[data-site]').attr('data-site')!;
  return JSON.parse(readFileSync(join(siteOut(), url), 'utf8'));
}

const hrefsIn = (json: unknown): string[] => [...JSON.stringify(json).matchAll(/"href":"([^"]*)"/g)].map((m) => m[1]!);

const TODAY_API = readFileSync(join(ROOT, 'test/fixtures/routes-3.3.2.txt'), 'utf8').split('\n').filter((l) => l.startsWith('/docs/api/'));

describe('the 4.0.0 API reference', () => {
  let listed: string[] | undefined;
  const pages = (): string[] => (listed ??= existsSync(join(siteOut(), V4, 'api')) ? pagesUnder(`${V4}/api`) : []);

  it('has a page under /docs/4.0/api for every API page of 3.3.2 (both export the same 663 names)', () => {
    expect(TODAY_API.length).toBeGreaterThan(400);
    const have = new Set(pages());
    expect(TODAY_API.map((p) => `${V4}${p.slice('/docs'.length)}`).filter((p) => !have.has(p))).toEqual([]);
    expect(pages().length).toBe(TODAY_API.length);
  });

  it('is rendered from the 4.0.0 model, not a copy of 3.3.2', () => {
    expect(loadPage(`${V4}/api/globals`)('meta[name=description]').attr('content')).toBe('Every export of pkijs 4.0.0, grouped by kind.');
    expect(loadPage(`${V4}/api/pkijs`)('meta[name=description]').attr('content')).toMatch(/^The API reference of pkijs 4\.0\.0: /);
    // 4.0.0's declaration file lists the algorithms of CryptoEngine.encrypt in another order than 3.3.2's.
    const first = (path: string): string => loadPage(path)('#encrypt + .am code.sig').first().text().replace(/\s+/g, ' ');
    expect(first('/docs/api/classes/CryptoEngine')).toMatch(/algorithm: \| AlgorithmIdentifier \| RsaOaepParams/);
    expect(first(`${V4}/api/classes/CryptoEngine`)).toMatch(/algorithm: \| AesCbcParams \| AesGcmParams \| AlgorithmIdentifier/);
  });

  it('keeps every docs link of its content, sidebar, breadcrumbs, pagination and search fallback inside 4.0', () => {
    // The README links the examples, which 4.0 has no copy of yet: a link may leave 4.0 only for a page 4.0 lacks.
    const in4 = (href: string): boolean => existsSync(join(siteOut(), V4 + href.slice('/docs'.length).split('#')[0]!, 'index.html'));
    const strays: string[] = [];
    expect(pages().length).toBeGreaterThan(400);
    for (const path of pages()) {
      const $ = loadPage(path);
      $('main a[href], nav.sidebar__nav a[href], nav.breadcrumbs a[href], nav.pagination a[href], [data-slot=search] a[href]').each((_, a) => {
        const href = $(a).attr('href')!;
        if (href.startsWith('/docs/') && !href.startsWith(`${V4}/`) && in4(href)) strays.push(`${path}: ${href}`);
      });
    }
    expect(strays.slice(0, 10)).toEqual([]);
  });

  it('loads site data of its own: a 4.0 sidebar and the footer version 4.0.0', () => {
    const $ = loadPage(`${V4}/api/classes/Certificate`);
    const data = siteDataOf($);
    const sidebarLinks = hrefsIn(data.sidebars['docs']);
    expect(sidebarLinks).toContain(`${V4}/api/classes/Certificate`);
    expect(sidebarLinks.filter((h) => !h.startsWith(`${V4}/api/`))).toEqual([]);
    expect($('footer').text()).toContain('Version: 4.0.0');
    // The page view names its version, so client navigation to another version loads that page in full.
    expect((JSON.parse($('#__pkidocs').text()) as { version?: string }).version).toBe('4.0.0');
    expect((JSON.parse(readFileSync(join(siteOut(), '_pkidocs/chunks/docs/4.0/api/classes/Certificate.json'), 'utf8')) as { page: { version?: string } }).page.version).toBe('4.0.0');
  });
});

describe('the 3.3.2 pages beside it', () => {
  it('name no 4.0 page, in their HTML or their site data', () => {
    const $ = loadPage('/docs/api/classes/Certificate');
    expect($('footer').text()).toContain('Version: 3.3.2');
    expect(JSON.parse($('#__pkidocs').text()) as object).not.toHaveProperty('version');
    expect(hrefsIn(siteDataOf($)).filter((h) => h.startsWith(V4))).toEqual([]);
    const strays = pagesUnder('/docs', (rel) => rel === V4).filter((path) => readFileSync(join(siteOut(), path, 'index.html'), 'utf8').includes(`"${V4}`));
    expect(strays).toEqual([]);
  });
});
