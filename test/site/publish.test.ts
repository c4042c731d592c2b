// What the publish stage adds to the real site (url https://pkijs.org, base
// /): Markdown twins, llms.txt, llms-full.txt, sitemap.xml, robots.txt, and
// the head tags every page carries for search engines and link previews.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pageFile } from '../../src/shared/paths.ts';
import { loadPage, siteOut } from '../support/site.ts';

const read = (file: string): string => readFileSync(join(siteOut(), file), 'utf8');
const ORIGIN = 'https://pkijs.org';
/** Every page the build wrote but the not-found page. */
const pageCount = (): number => readdirSync(siteOut(), { recursive: true }).filter((f) => String(f).endsWith('index.html') && !String(f).startsWith('404') && !String(f).startsWith('_pkidocs')).length;
const KINDS = ['/', '/docs', '/docs/installation', '/docs/examples/timestamping', '/docs/examples/timestamping/creating-a-timestamp-request',
  '/docs/api/pkijs', '/docs/api/globals', '/docs/api/classes/Certificate', '/docs/api/interfaces/ICertificate', '/docs/api/enumerations/PKIStatus'];

describe('sitemap.xml and robots.txt', () => {
  const $ = cheerio.load(read('sitemap.xml'), { xml: true });
  const locs = $('url > loc').map((_, l) => $(l).text()).get();

  it('lists every page by its absolute URL, the not-found page aside', () => {
    expect(locs).toHaveLength(pageCount());
    expect(locs.length).toBeGreaterThan(420);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/docs/api/interfaces/ICertificate`);
    expect(locs.some((l) => l.includes('404'))).toBe(false);
    for (const loc of locs) expect(existsSync(join(siteOut(), loc.slice(ORIGIN.length), 'index.html'))).toBe(true);
    expect(read('sitemap.xml')).not.toContain('lastmod');
  });

  it('lists the pages of 4.0 beside those of 3.3.2, each once', () => {
    expect(new Set(locs).size).toBe(locs.length);
    const in4 = locs.filter((l) => l.startsWith(`${ORIGIN}/docs/4.0/`));
    const pages4 = readdirSync(join(siteOut(), 'docs/4.0'), { recursive: true }).filter((f) => String(f).endsWith('index.html')).length;
    expect(in4).toHaveLength(pages4);
    expect(in4).toContain(`${ORIGIN}/docs/4.0/installation`);
    expect(in4).toContain(`${ORIGIN}/docs/4.0/api/classes/Certificate`);
  });

  it('is named by robots.txt', () => {
    expect(read('robots.txt')).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe('head tags', () => {
  it.each(KINDS)('%s has a canonical link, OpenGraph and Twitter tags, a description and its Markdown twin', (path) => {
    const $ = loadPage(path);
    const url = ORIGIN + path;
    // A 3.3.2 page with a copy in 4.0 names that copy, the latest, as canonical (src/routes/version-links.ts).
    const copy = path.startsWith('/docs/') ? `/docs/4.0${path.slice('/docs'.length)}` : undefined;
    expect($('link[rel=canonical]').attr('href')).toBe(copy && existsSync(join(siteOut(), pageFile(copy))) ? ORIGIN + copy : url);
    expect($('meta[property="og:url"]').attr('content')).toBe(url);
    expect($('meta[property="og:title"]').attr('content')).toBe($('title').text().replace(/ \| pki\.js$/, ''));
    const description = $('meta[name=description]').attr('content');
    expect(description?.length).toBeGreaterThan(20);
    expect($('meta[property="og:description"]').attr('content')).toBe(description);
    expect($('meta[property="og:type"]').attr('content')).toBe(path === '/' ? 'website' : 'article');
    expect($('meta[property="og:site_name"]').attr('content')).toBe('pki.js');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary');
    const twin = $('link[rel=alternate][type="text/markdown"]').attr('href')!;
    expect(twin).toBe(path === '/' ? '/index.md' : `${path}.md`);
    expect(existsSync(join(siteOut(), twin))).toBe(true);
  });

  it('describes an API item without a doc comment by its kind and members', () => {
    expect(loadPage('/docs/api/interfaces/ICertificate')('meta[property="og:description"]').attr('content')).toBe('Interface ICertificate of pkijs: 14 properties');
  });

  it('keeps the not-found page out of search engines', () => {
    const $ = cheerio.load(read('404.html'));
    expect($('meta[name=robots]').attr('content')).toBe('noindex');
    expect($('link[rel=canonical]').length).toBe(0);
    expect(existsSync(join(siteOut(), '404.md'))).toBe(false);
  });
});

describe('Markdown twins', () => {
  it('gives a docs page its own Markdown, with the included code filled in', () => {
    const twin = read('docs/examples/timestamping/creating-a-timestamp-request.md');
    expect(twin).toMatch(/^# Creating a timestamp request\n\n> /i);
    expect(twin).not.toContain('include=');
    expect(twin).toContain('new pkijs.TimeStampReq(');
    expect(twin).not.toMatch(/^---$/m); // no front matter
  });

  it('shows a generated table as its rows, not as the fence that builds it', () => {
    const twin = read('docs/guides/migrating-from-2x.md');
    expect(twin).not.toContain('```table');
    expect(twin).toContain('| Export | Kind | Change |\n| --- | --- | --- |\n| `kdfWithCounter` | function | removed |');
  });

  it('gives an API page its members with their declarations and doc comments', () => {
    const twin = read('docs/api/classes/Certificate.md');
    expect(twin).toMatch(/^# Certificate\n\nClass of pkijs 3\.3\.2: /);
    expect(twin).toContain('## Methods');
    expect(twin).toContain('### getPublicKey');
    // Long declarations are broken into lines as on the page.
    expect(twin).toMatch(/```ts\ngetPublicKey\(\n {4}parameters\?: CryptoEnginePublicKeyParams,\n {4}crypto\?: ICryptoEngine,\n\): Promise<CryptoKey>/);
    expect(twin).toContain('[RFC5280 Section 4](https://datatracker.ietf.org/doc/html/rfc5280#section-4)');
    expect(read('docs/api/enumerations/PKIStatus.md')).toMatch(/## Members\n\n### granted\n\n```ts\ngranted = 0\n```/);
  });

  it("carries an API item's site notes, as its page does", () => {
    const twin = read('docs/api/classes/OCSPResponse.md');
    expect(twin).toContain('### Site note on OCSPResponse.sign()');
    expect(twin).toMatch(/### Site note on OCSPResponse\.verify\(\)\n\n[^#]*no trusted certificates/);
    expect(read('docs/api/classes/Certificate.md')).toContain('### Site note on Certificate.sign()');
    expect(read('docs/api/classes/ContentInfo.md')).not.toContain('Site note');
  });

  it('gives the home page, the docs page and the globals page one each', () => {
    expect(read('index.md')).toMatch(/^# pki\.js\n/);
    expect(read('index.md')).toContain('(https://pkijs.org/docs/installation)');
    expect(read('docs.md')).toMatch(/^# /);
    expect(read('docs/api/globals.md')).toMatch(/## Classes\n\n- \[AbstractCryptoEngine\]\(https:\/\/pkijs\.org\/docs\/api\/classes\/AbstractCryptoEngine\)/);
  });
});

describe('llms.txt and llms-full.txt', () => {
  const llms = read('llms.txt');

  it('follows the llmstxt.org format: a title, a summary, then sections of links to every page', () => {
    expect(llms).toMatch(/^# pki\.js\n\n> .+\n\n/);
    expect([...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Docs', 'Examples', 'API', 'Docs (4.0)', 'Examples (4.0)', 'API (4.0)', 'Optional']);
    const links = [...llms.matchAll(/^- \[[^\]]+\]\((https:\/\/pkijs\.org\/[^)]+)\)/gm)].map((m) => m[1]!);
    expect(links).toHaveLength(pageCount());
    for (const link of links) expect(existsSync(join(siteOut(), link.slice(ORIGIN.length)))).toBe(true);
    expect(llms).toContain('- [Installation](https://pkijs.org/docs/installation.md): Install PKI.js');
    expect(llms.split('## Optional')[1]).toContain('[ICertificate](https://pkijs.org/docs/api/interfaces/ICertificate.md)');
  });

  it('lists the pages of each version once, under the sections of that version', () => {
    const section = (title: string) => llms.split(`## ${title}\n`)[1]!.split('\n## ')[0]!;
    const links = (text: string) => [...text.matchAll(/^- \[[^\]]+\]\((https:\/\/pkijs\.org\/[^)]+)\)/gm)].map((m) => m[1]!);
    const all = links(llms);
    expect(new Set(all).size).toBe(all.length);
    const in4 = [...links(section('Docs (4.0)')), ...links(section('Examples (4.0)')), ...links(section('API (4.0)'))];
    expect(in4).toContain(`${ORIGIN}/docs/4.0/installation.md`);
    expect(links(section('Examples (4.0)'))).toContain(`${ORIGIN}/docs/4.0/examples/timestamping/creating-a-timestamp-request.md`);
    expect(in4).toContain(`${ORIGIN}/docs/4.0/api/classes/Certificate.md`);
    expect(in4.filter((l) => !l.startsWith(`${ORIGIN}/docs/4.0/`))).toEqual([]);
    const in3 = ['Docs', 'Examples', 'API'].flatMap((t) => links(section(t)));
    expect(in3.filter((l) => l.startsWith(`${ORIGIN}/docs/4.0/`))).toEqual([]);
    expect(links(section('Optional'))).toContain(`${ORIGIN}/docs/4.0/api/interfaces/ICertificate.md`);
    expect(llms).toContain(`the pages under ${ORIGIN}/docs/4.0 document pkijs 4.0.0`);
  });

  it('holds every docs and examples page in llms-full.txt', () => {
    const full = read('llms-full.txt');
    const sources = [...full.matchAll(/^Source: (.+)$/gm)].map((m) => m[1]);
    expect(sources).toContain(`${ORIGIN}/docs/installation`);
    expect(sources).toContain(`${ORIGIN}/docs/examples/other/working-with-PKCS-12-files`);
    // Every Markdown page (docs, guides, examples): all of them but the API README, a generated page.
    const markdownPages = readdirSync(join(import.meta.dirname, '../../content/docs'), { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
    expect(sources).toHaveLength(markdownPages);
    // A page 4.0 shares is there once, as 3.3.2's (llms.txt says so); 4.0's own pages are there too.
    expect(sources.filter((u) => u!.startsWith(`${ORIGIN}/docs/4.0/`)).sort()).toEqual([`${ORIGIN}/docs/4.0/guides/browsers-and-bundlers`, `${ORIGIN}/docs/4.0/installation`]);
    expect(llms).toContain('llms-full.txt holds a page that a version shares with the root pages once, as the root page.');
    expect(full).toContain(read('docs/installation.md').trim());
  });
});
