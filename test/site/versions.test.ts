// Versioned docs, slice 1 (issue #29): pkijs 4.0.0's API reference under
// /docs/4.0/api, from its own model, with its own sidebar and site data, while
// the 3.3.2 pages keep their URLs and carry no trace of it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { runInProject } from '../api-notes/support/project.ts';
import { INSTALLED_PKIJS } from '../api-notes/support/pkijs-versions.ts';
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
    // Plus 4.0's list of what it removed since 3.3.2 (test/site/version-marks.test.ts).
    expect(pages().filter((p) => p !== `${V4}/api/removed-exports`).length).toBe(TODAY_API.length);
    expect(pages()).toContain(`${V4}/api/removed-exports`);
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
    // A link may leave 4.0 only for a page 4.0 lacks.
    const in4 = (href: string): boolean => existsSync(join(siteOut(), V4 + href.slice('/docs'.length).split('#')[0]!, 'index.html'));
    const strays: string[] = [];
    expect(pages().length).toBeGreaterThan(400);
    for (const path of [...pages(), `${V4}/installation`]) {
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
    expect(sidebarLinks.filter((h) => !h.startsWith(`${V4}/`))).toEqual([]);
    expect($('footer').text()).toContain('Version: 4.0.0');
    // The page view names its version, so client navigation to another version loads that page in full.
    expect((JSON.parse($('#__pkidocs').text()) as { version?: string }).version).toBe('4.0.0');
    expect((JSON.parse(readFileSync(join(siteOut(), '_pkidocs/chunks/docs/4.0/api/classes/Certificate.json'), 'utf8')) as { page: { version?: string } }).page.version).toBe('4.0.0');
  });
});

describe('the 4.0 installation page', () => {
  const path = `${V4}/installation`;
  /** What the installed release declares: the page must say the same. */
  const pkg = JSON.parse(readFileSync(join(ROOT, 'content/versions/pkijs-4.0/node_modules/pkijs/package.json'), 'utf8')) as {
    version: string; type: string; engines: { node: string }; dependencies: Record<string, string>; peerDependencies: Record<string, string>;
  };

  it('is a 4.0 page: its footer version, its sidebar, and 3.3.2\'s installation page left as it was', () => {
    const $ = loadPage(path);
    expect(pkg.version).toBe('4.0.0');
    expect($('footer').text()).toContain('Version: 4.0.0');
    expect((JSON.parse($('#__pkidocs').text()) as { version?: string }).version).toBe('4.0.0');
    const sidebar = hrefsIn(siteDataOf($).sidebars['docs']);
    expect(sidebar[0]).toBe(path);
    expect(sidebar.filter((h) => !h.startsWith(`${V4}/`))).toEqual([]);
    // The default version's sidebar does not list it.
    expect(hrefsIn(siteDataOf(loadPage('/docs/installation')).sidebars)).not.toContain(path);
  });

  it('states the engines, the asn1js peer and every dependency of the installed package.json', () => {
    const $ = loadPage(path);
    const text = $('main article').text().replace(/\s+/g, ' ');
    expect(pkg.type).toBe('module');
    expect(text).toContain(`"type": "module"`);
    expect(text).toContain(pkg.engines.node);
    expect(Object.keys(pkg.peerDependencies)).toEqual(['asn1js']);
    expect(text).toMatch(new RegExp(`peer dependency \\(\`?${pkg.peerDependencies['asn1js']!.replace(/[.^]/g, '\\$&')}`));
    const rows = $('main table tbody tr').toArray().map((tr) => $(tr).find('td').toArray().map((td) => $(td).text().trim()));
    expect(rows).toEqual(Object.entries(pkg.dependencies));
  });

  it('shows ES module imports only, and its code runs against pkijs 4.0.0 as a reader\'s project would', () => {
    const $ = loadPage(path);
    const code = $('main pre code').toArray().map((c) => $(c).text()).join('\n');
    expect(code).toContain("import * as pkijs from 'pkijs';");
    expect(code).toContain("import * as asn1js from 'asn1js';");
    expect(code).toContain('npm install pkijs@4 asn1js@4');
    expect(code).not.toMatch(/\brequire\s*\(/);
    const v4 = INSTALLED_PKIJS.find((r) => r.version === '4.0.0')!;
    const run = runInProject(v4, 'content/docs/4.0/snippets/engine.mjs');
    expect(run, run.stderr).toMatchObject({ status: 0, stdout: 'browser\nfunction' });
  });

  it('links code and API names to 4.0\'s reference', () => {
    const $ = loadPage(path);
    const api = $('main a[href*="/api/"]').toArray().map((a) => $(a).attr('href')!);
    expect(api.length).toBeGreaterThan(3);
    expect(api.filter((h) => !h.startsWith(`${V4}/api/`))).toEqual([]);
  });
});

describe('the 3.3.2 pages beside it', () => {
  it('name 4.0 only in the version dropdown, the banner, the canonical link, the page view\'s version links and the version marks', () => {
    const $ = loadPage('/docs/api/classes/Certificate');
    expect($('footer').text()).toContain('Version: 3.3.2');
    const view = JSON.parse($('#__pkidocs').text()) as { version?: string; versionLinks?: unknown };
    expect(view).not.toHaveProperty('version');
    expect(view.versionLinks).toBeDefined();
    // The site data names 4.0 only in the dropdown's links (to each version's main page, for pages outside the docs).
    const data = siteDataOf($) as unknown as { site: { navbar: { items: { type: string }[] } }; sidebars: unknown };
    expect(hrefsIn(data.sidebars).filter((h) => h.startsWith(V4))).toEqual([]);
    expect(hrefsIn(data.site.navbar.items.filter((i) => i.type !== 'versions')).filter((h) => h.startsWith(V4))).toEqual([]);
    const strays = pagesUnder('/docs', (rel) => rel === V4).filter((path) => {
      const page = loadPage(path);
      // A version mark ("Signature changed in 4.0") links the 4.0 member (test/site/version-marks.test.ts).
      page('[data-slot=versions], .version-banner, link[rel=canonical], #__pkidocs, .vm').remove();
      return page.html().includes(`"${V4}`);
    });
    expect(strays).toEqual([]);
  });
});

/** Each version's link in a page's navbar dropdown, by label. */
const dropdown = ($: cheerio.CheerioAPI): Record<string, string> =>
  Object.fromEntries($('nav.navbar [data-slot=versions] a').toArray().map((a) => [$(a).text(), $(a).attr('href')!]));

describe('the version dropdown, banner and canonical link', () => {
  it('lead from a 3.3.2 page to the same page in 4.0, which is the canonical one', () => {
    const $ = loadPage('/docs/api/classes/Certificate');
    expect($('nav.navbar [data-slot=versions] > summary').text()).toBe('3.3.2');
    expect(dropdown($)).toEqual({ '4.0': `${V4}/api/classes/Certificate`, '3.3.2': '/docs/api/classes/Certificate' });
    expect($('.version-banner a').attr('href')).toBe(`${V4}/api/classes/Certificate`);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://pkijs.org${V4}/api/classes/Certificate`);
    expect(loadPage('/docs/installation')('link[rel=canonical]').attr('href')).toBe(`https://pkijs.org${V4}/installation`);
  });

  it('lead from a page 4.0 lacks to 4.0\'s docs root, and keep its own canonical link', () => {
    // Migrating from 2.x leads to 3.3.2: 4.0 leaves it out (its examples: test/site/version-pages.test.ts).
    const path = '/docs/guides/migrating-from-2x';
    const $ = loadPage(path);
    expect(dropdown($)['4.0']).toBe(`${V4}/installation`);
    expect($('.version-banner a').attr('href')).toBe(`${V4}/installation`);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://pkijs.org${path}`);
  });

  it('give 4.0 pages no banner, their own canonical link, and the way back to 3.3.2', () => {
    const $ = loadPage(`${V4}/api/classes/Certificate`);
    expect($('nav.navbar [data-slot=versions] > summary').text()).toBe('4.0');
    expect($('.version-banner')).toHaveLength(0);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://pkijs.org${V4}/api/classes/Certificate`);
    expect(dropdown($)).toEqual({ '4.0': `${V4}/api/classes/Certificate`, '3.3.2': '/docs/api/classes/Certificate' });
  });

  it('link only pages that exist, from every docs page of both versions', () => {
    const exists = (href: string): boolean => existsSync(join(siteOut(), href, 'index.html'));
    const missing: string[] = [];
    for (const path of pagesUnder('/docs')) {
      const $ = loadPage(path);
      for (const href of [...Object.values(dropdown($)), $('.version-banner a').attr('href')]) if (href && !exists(href)) missing.push(`${path}: ${href}`);
    }
    expect(missing.slice(0, 10)).toEqual([]);
  });
});
