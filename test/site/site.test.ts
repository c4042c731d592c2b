// The real site, built once by the global setup, asserted with an HTML parser.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, inject, it } from 'vitest';
import { pageFile } from '../../src/shared/paths.ts';
import { anchorTitles, loadPage, siteOut } from '../support/site.ts';

// Page folders (each page's Markdown twin, `Certificate.md`, sits beside its folder).
const kinds = (dir: string) => readdirSync(join(siteOut(), 'docs/api', dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe('the built PKI.js site', () => {
  it('ran the link check over every page, and it passed', () => {
    const stats = inject('siteStats');
    const pageFiles = readdirSync(siteOut(), { recursive: true }).filter((f) => String(f).endsWith('index.html'));
    expect(stats.pages).toBe(pageFiles.length);
    expect(stats.links).toBeGreaterThan(10_000);
    expect(stats.output).toMatch(new RegExp(`✓ links .* links \\(every href, repeats included\\) on ${stats.pages} pages`));
    for (const stage of ['config', 'content', 'api', 'bundle', 'routes', 'render', 'publish', 'links', 'write']) {
      expect(stats.output).toMatch(new RegExp(`✓ ${stage} +\\d+ ms`));
    }
  });

  it('has one page per class, interface and enumeration of pkijs 3.3.2', () => {
    expect(kinds('classes')).toHaveLength(127);
    expect(kinds('interfaces')).toHaveLength(273);
    expect(kinds('enumerations').sort()).toEqual(['ChainValidationCode', 'PKIStatus', 'TimeType']);
  });

  it('writes every route of the site it replaces, plus /docs and 404.html, with the same titles', () => {
    const titles = anchorTitles();
    expect(titles.size).toBe(427);
    const wrong: string[] = [];
    for (const [path, oldTitle] of titles) {
      // The old site leaked Markdown escapes of generics into titles ("SafeBag\\<T\\> | pki.js"); ours name the class.
      const title = oldTitle.replace(/\\<[^>]*\\>/, '');
      const file = join(siteOut(), pageFile(path));
      if (!existsSync(file)) wrong.push(`${path}: missing`);
      else if (loadPage(path)('title').text() !== title) wrong.push(`${path}: "${loadPage(path)('title').text()}" is not "${title}"`);
    }
    expect(wrong).toEqual([]);
    expect(loadPage('/docs')('title').text()).toBe('Documentation | pki.js');
    expect(readFileSync(join(siteOut(), '404.html'), 'utf8')).toContain('<h1>Page Not Found</h1>');
  });

  it('offers the lost reader the way on from the 404 page: home, the docs and every API export', () => {
    const $ = cheerio.load(readFileSync(join(siteOut(), '404.html'), 'utf8'));
    const onward = $('#__pkidocs-content .not-found li a').map((_, a) => [[$(a).text(), $(a).attr('href')]]).get();
    expect(onward).toEqual([
      ['The home page', '/'],
      ['The documentation', '/docs/installation'],
      ['Every API export', '/docs/api/globals'],
    ]);
    for (const [, href] of onward) expect(existsSync(join(siteOut(), pageFile(href!))), href).toBe(true);
  });

  it('has the navbar and footer links on every kind of page', () => {
    // The version dropdown leads to the page's copy in 4.0, else to 4.0's installation page (src/routes/version-links.ts).
    const copies: Record<string, [string, string]> = {
      '/': ['/docs/4.0/installation', '/docs/installation'],
      '/docs/installation': ['/docs/4.0/installation', '/docs/installation'],
      '/docs/api/classes/Certificate': ['/docs/4.0/api/classes/Certificate', '/docs/api/classes/Certificate'],
      '/docs/examples/timestamping': ['/docs/4.0/examples/timestamping', '/docs/examples/timestamping'],
      '/docs/guides/migrating-from-2x': ['/docs/4.0/installation', '/docs/guides/migrating-from-2x'],
    };
    for (const [path, [in4, in3]] of Object.entries(copies)) {
      const $ = loadPage(path);
      const nav = $('nav.navbar .navbar__items--right a').map((_, a) => [[$(a).text() || $(a).attr('aria-label'), $(a).attr('href')]]).get();
      expect(nav).toEqual([
        ['SearchCtrl K', '/docs/api/globals'], // the search button, a link to every export without JavaScript
        ['Docs', '/docs/installation'],
        ['Examples', '/docs/examples/certificates-and-revocation'],
        ['4.0', in4],
        ['3.3.2', in3],
        ['GitHub', 'https://github.com/PeculiarVentures/PKI.js'],
      ]);
      const cols = $('footer .footer__col').map((_, c) => [[$(c).find('.footer__title').text(), $(c).find('a').map((_i, a) => `${$(a).text()} ${$(a).attr('href')}`).get().join(', ') || $(c).find('.footer__text').text()]]).get();
      expect(cols).toEqual([
        ['Learn', 'Installation /docs/installation, Examples /docs/examples/certificates-and-revocation, API /docs/api/pkijs'],
        ['More', 'GitHub https://github.com/PeculiarVentures/PKI.js, Contact us mailto:support@peculiarventures.com'],
        ['Version', 'Version: 3.3.2'],
      ]);
    }
  });

  it('marks the active navbar item', () => {
    expect(loadPage('/docs/installation')('.navbar__items--right .navbar__link--active').text()).toBe('Docs');
    expect(loadPage('/docs/examples/other')('.navbar__items--right .navbar__link--active').text()).toBe('Examples');
    expect(loadPage('/')('.navbar__items--right .navbar__link--active').length).toBe(0);
  });

  it('shows the docs sidebar with the guides, the API tree and the examples sidebar with the four sections', () => {
    const $ = loadPage('/docs/installation');
    const top = $('.sidebar__nav > .menu > li').map((_, li) => $(li).find('> a, > .menu__category-row > .menu__link').first().text()).get();
    expect(top).toEqual(['Installation', 'Guides', 'API']);
    const api = $('.sidebar__nav > .menu > li').eq(2).find('> .collapsible > .menu > li').map((_, li) => $(li).find('a').first().text()).get();
    expect(api).toEqual(['Readme', 'Exports', 'Enumerations', 'Classes', 'Interfaces']);
    expect($('.menu__link--active').text()).toBe('Installation');

    const ex = loadPage('/docs/examples/timestamping/creating-a-timestamp-request');
    expect(ex('.sidebar__nav > .menu > li > .menu__category-row > a').map((_, a) => ex(a).text()).get()).toEqual([
      'Certificates and Revocation', 'Signing and Encryption with CMS', 'Timestamping', 'Other',
    ]);
    expect(ex('.menu__link--active').text()).toBe('Creating a Timestamp request');
    expect(ex('[aria-expanded="true"]').map((_, b) => ex(b).closest('.menu__category').find('> .menu__category-row > a').text()).get()).toEqual(['Timestamping']);
  });

  it('expands the current API category and marks the current page, without inlining 400 links', () => {
    const $ = loadPage('/docs/api/interfaces/ICertificate');
    expect($('.menu__link--active').text()).toBe('ICertificate');
    const open = $('.menu__caret[aria-expanded="true"]').map((_, b) => $(b).prev('a').text()).get();
    expect(open).toEqual(['API', 'Interfaces']);
    expect($('.sidebar a').length).toBeLessThan(50); // the top pages and guides, a window of interfaces
    expect($('.menu__more').map((_, a) => $(a).attr('href')).get()).toEqual(['/docs/api/globals#classes', '/docs/api/globals#interfaces']);
  });

  it('has breadcrumbs from home through the sidebar categories', () => {
    const crumbs = (path: string) => {
      const $ = loadPage(path);
      return $('.breadcrumbs li').map((_, li) => `${$(li).text() || 'Home'}${$(li).find('a').attr('href') ? `(${$(li).find('a').attr('href')})` : ''}`).get();
    };
    expect(crumbs('/docs/api/classes/Certificate')).toEqual(['Home(/)', 'API(/docs/api/pkijs)', 'Classes', 'Certificate']);
    expect(crumbs('/docs/examples/other/working-with-PKCS-12-files')).toEqual(['Home(/)', 'Other(/docs/examples/other)', 'Working with PKCS#12 files']);
    expect(crumbs('/docs/installation')).toEqual(['Home(/)', 'Installation']);
    expect(crumbs('/')).toEqual([]);
  });

  it('has a table of contents of exactly the h2 and h3 headings of the content', () => {
    for (const path of ['/docs/installation', '/docs/examples/certificates-and-revocation/create-and-validate-certificate', '/docs/api/classes/Certificate']) {
      const $ = loadPage(path);
      const headings = $('#__pkidocs-content').find('h2[id], h3[id]').filter((_, h) => !$(h).closest('.cards').length).map((_, h) => `${h.tagName}#${$(h).attr('id')}`).get();
      const toc = $('.toc a').map((_, a) => `${$(a).parents('ul').length === 1 ? 'h2' : 'h3'}${$(a).attr('href')}`).get();
      expect(toc.length).toBeGreaterThan(3);
      expect(toc).toEqual(headings);
    }
  });

  it('lists each example section as cards and links previous/next pages', () => {
    const $ = loadPage('/docs/examples/certificates-and-revocation');
    expect($('.card .card__title').map((_, t) => $(t).text()).get()).toEqual([
      'Create and validate certificate', 'Creating and parsing CRLs', 'Working with certificate requests', 'Working with OCSP requests', 'Working with OCSP responses',
      'Certificate fingerprints', 'Name constraints',
    ]);
    expect($('.card').first().attr('href')).toBe('/docs/examples/certificates-and-revocation/create-and-validate-certificate');
    expect($('.card__description').first().text().length).toBeGreaterThan(20);
    const p = loadPage('/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs');
    expect(p('a[rel=prev]').attr('href')).toBe('/docs/examples/certificates-and-revocation/create-and-validate-certificate');
    expect(p('a[rel=next]').attr('href')).toBe('/docs/examples/certificates-and-revocation/working-with-certificate-requests');
  });

  it('has a skip link, a search slot, and the client script and stylesheet on every page', () => {
    const $ = loadPage('/docs/api/enumerations/PKIStatus');
    expect($('a.skip-link').attr('href')).toBe('#__pkidocs-main');
    expect($('#__pkidocs-main').length).toBe(1);
    expect($('[data-slot=search]').length).toBe(1);
    const script = $('script[type=module]').attr('src')!;
    expect(script).toMatch(/^\/_pkidocs\/app-[A-Z0-9]+\.js$/);
    expect(statSync(join(siteOut(), script)).size).toBeGreaterThan(1000);
    expect($('link[rel=stylesheet]').attr('href')).toMatch(/^\/_pkidocs\/site-[A-Z0-9]+\.css$/);
  });
});

describe('page weight budgets', () => {
  // Page folders only: each page's Markdown twin (`Certificate.md`) sits beside its folder.
  const sizes = (dir: string) => readdirSync(join(siteOut(), 'docs/api', dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => statSync(join(siteOut(), 'docs/api', dir, e.name, 'index.html')).size);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('keeps the median class and interface page under 30 KB and every API page under 120 KB', () => {
    expect(median(sizes('classes'))).toBeLessThanOrEqual(30 * 1024);
    expect(median(sizes('interfaces'))).toBeLessThanOrEqual(30 * 1024);
    expect(Math.max(...sizes('classes'), ...sizes('interfaces'), ...sizes('enumerations'))).toBeLessThanOrEqual(120 * 1024);
  });

  // The Markdown twins and llms files are for assistants and plain-text readers, not browsers:
  // they get their own budget so that neither part can grow unseen behind the other.
  const isPlainText = (name: string) => name.endsWith('.md') || /^llms(-full)?\.txt$/.test(name);
  // Each documented version has the budget the one-version site had: the files of /docs/4.0 (and its
  // chunks) are 4.0's, the rest (shared assets too) the default version's.
  // The site data file and the search index of 4.0's pages are 4.0's; out/'s manifest is the build's record, which no browser loads.
  const v4Files = () => { const $ = loadPage('/docs/4.0/api/pkijs'); return ['data-site', 'data-search-index'].map((a) => $(`[${a}]`).attr(a)!.slice(1)); };
  const inV4 = (path: string) => { const rel = relative(siteOut(), path).split(sep).join('/'); return v4Files().includes(rel) || /^(_pkidocs\/chunks\/)?docs\/4\.0(\/|\.md$)/.test(rel); };
  const bytes = (keep: (name: string) => boolean, v4: boolean) =>
    readdirSync(siteOut(), { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name !== '.pkidocs-manifest.json' && keep(f.name) && inV4(join(f.parentPath, f.name)) === v4)
      .reduce((n, f) => n + statSync(join(f.parentPath, f.name)).size, 0);

  // Both versions keep the one-version site's bar of 15 MiB: the version UI (dropdown, banner, canonical
  // link, version links) has to fit in it, not raise it.
  it.each([['3.3.2', false], ['4.0.0', true]] as const)('keeps what browsers load of %s (pages, navigation chunks, assets) under 15 MB', (_, v4) => {
    expect(bytes((name) => !isPlainText(name), v4)).toBeLessThanOrEqual(15 * 1024 * 1024);
  });

  it.each([['3.3.2', false], ['4.0.0', true]] as const)('keeps the Markdown twins and llms files of %s under 2 MB', (_, v4) => {
    const plain = bytes(isPlainText, v4);
    expect(plain).toBeGreaterThan(500 * 1024); // every page has its twin
    expect(plain).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
