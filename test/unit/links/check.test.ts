import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../../src/links/check.ts';
import { locateFresh } from '../../../src/links/link-index.ts';
import { ROOT } from '../../support/cli.ts';

const page = (path: string, body: string) => ({ path, source: `content${path}.md`, html: `<html><body>${body}</body></html>` });

describe('checkLinks', () => {
  const pages = [
    page('/', '<a href="/docs/intro">x</a><a href="https://example.com/nope">ext</a><a href="mailto:a@b">m</a>'),
    page('/docs/intro', '<h2 id="setup">Setup</h2><a href="#setup">self</a><a href="/docs/intro/index.html#setup">html</a><a href="/_pkidocs/app.js">asset</a>'),
  ];

  it('passes when every internal link and anchor resolves', async () => {
    const report = await checkLinks(pages, new Set(['/_pkidocs/app.js']));
    expect(report.diagnostics).toEqual([]);
    expect(report.pagesChecked).toBe(2);
    expect(report.linksChecked).toBe(4);
  });

  it('reports every missing page and anchor with a did-you-mean, then stops once', async () => {
    const broken = [...pages, page('/docs/other', '<a href="/docs/intr">a</a><a href="/docs/intro#set-up">b</a><a href="#nowhere">c</a>')];
    const report = await checkLinks(broken, new Set(), (source, href) => (href === '/docs/intr' ? 12 : undefined));
    expect(report.diagnostics.map((d) => [d.code, d.message, d.hint, d.file, d.line])).toEqual([
      ['links/missing-page', 'The link "/_pkidocs/app.js" on /docs/intro points to /_pkidocs/app.js, which is not a page of the site.', 'Did you mean "/docs/intro"?', 'content/docs/intro.md', undefined],
      ['links/missing-page', 'The link "/docs/intr" on /docs/other points to /docs/intr, which is not a page of the site.', 'Did you mean "/docs/intro"?', 'content/docs/other.md', 12],
      ['links/missing-anchor', 'The link "/docs/intro#set-up" on /docs/other points to the anchor #set-up, which no element on /docs/intro has.', 'Did you mean "/docs/intro#setup"?', 'content/docs/other.md', undefined],
      ['links/missing-anchor', 'The link "#nowhere" on /docs/other points to the anchor #nowhere, which no element on this page has.', 'Fix the link or create its target.', 'content/docs/other.md', undefined],
    ]);
  });

  it('never suggests one of the layout\'s own ids (__pkidocs…) for a broken anchor', async () => {
    const site = [page('/docs/m', '<main id="__pkidocs-main"><h2 id="setup">Setup</h2><a href="#main">a</a></main>'), page('/docs/n', '<main id="__pkidocs-main"><a href="#main">b</a></main>')];
    const report = await checkLinks(site, new Set());
    expect(report.diagnostics.map((d) => d.hint)).toEqual(['Did you mean "#setup"?', 'Fix the link or create its target.']);
  });

  it('reports a file a page loads that the site lacks (an image, the icon), and passes files of other sites and data: URLs', async () => {
    const head = '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/_pkidocs/site.css"><link rel="canonical" href="https://pkijs.org/docs/d"><link rel="alternate" href="/docs/d.md">';
    const body = '<img src="/img/missing-diagram.png" alt="d"><img srcset="../img/logo.svg 1x, https://cdn.example/x.png 2x, data:image/png;base64,AAA= 3x"><a href="/docs/d">self</a>';
    const site = [{ path: '/docs/d', source: 'content/docs/d.md', html: `<html><head>${head}</head><body>${body}</body></html>` }];
    const report = await checkLinks(site, new Set(['/_pkidocs/site.css', '/img/logo.svg', '/img/missing.png']), (_, href) => (href === '/img/missing-diagram.png' ? 6 : undefined));
    expect(report.diagnostics.map((d) => [d.code, d.message, d.hint, d.line])).toEqual([
      ['links/missing-file', 'The page /docs/d loads "/favicon.svg", which is not a file of the site.', 'Add the file to content/static, or fix the path (did you mean "/img/logo.svg"?).', undefined],
      ['links/missing-file', 'The page /docs/d loads "/img/missing-diagram.png", which is not a file of the site.', 'Add the file to content/static, or fix the path (did you mean "/img/missing.png"?).', 6],
    ]);
    // The alternate twin and the canonical URL are not loaded: only the <a> counts as a link.
    expect(report.linksChecked).toBe(1);
  });

  it('resolves relative links against the page, skips other schemes, and says which category failed', async () => {
    const site = [
      page('/', '<a href="docs/intro">rel</a>'),
      page('/docs/intro', '<h2 id="setup">S</h2><a href="../">up</a><a href="other">sibling</a><a href="//cdn.example/x">cdn</a><a href="javascript:void(0)">js</a><a href="/nope?next=http://x">q</a>'),
    ];
    const report = await checkLinks(site, new Set(), () => undefined);
    expect(report.diagnostics.map((d) => [d.category, d.code, d.message])).toEqual([
      ['links', 'links/missing-page', 'The link "other" on /docs/intro points to /docs/other, which is not a page of the site.'],
      ['links', 'links/missing-page', 'The link "/nope?next=http://x" on /docs/intro points to /nope, which is not a page of the site.'],
    ]);
    expect(report.linksChecked).toBe(4);
  });

  it('suggests an anchor of the same page without its path, and keeps the fragment of a missing page', async () => {
    const site = [page('/docs/intro', '<h2 id="setup">S</h2><a href="#set-up">a</a><a href="/docs/intr#setup">b</a>')];
    const report = await checkLinks(site, new Set(), () => undefined);
    expect(report.diagnostics.map((d) => d.hint)).toEqual(['Did you mean "#setup"?', 'Did you mean "/docs/intro#setup"?']);
  });

  it('checks a site of many pages in one pass (it yields to the event loop as it goes)', async () => {
    const many = Array.from({ length: 40 }, (_, i) => page(`/p${i}`, `<a href="/p${(i + 1) % 40}">next</a><a href="/p${i}#x">x</a>`));
    const report = await checkLinks(many, new Set(), () => undefined);
    expect(report.pagesChecked).toBe(40);
    expect(report.diagnostics).toHaveLength(40);
  });
});

describe('locateFresh', () => {
  const dir = join(ROOT, 'test/.tmp/unit-links-locate');
  beforeAll(() => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'page.md'), '[first](/a)\n\nText [b](/b) here.\n');
    writeFileSync(join(dir, 'page.tsx'), 'export default () => <a href="/c">c</a>;\n');
    writeFileSync(join(dir, 'page.txt'), '/a\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the line of a link in Markdown and page modules, one-based', () => {
    expect(locateFresh(join(dir, 'page.md'), '/a')).toBe(1);
    expect(locateFresh(join(dir, 'page.md'), '/b')).toBe(3);
    expect(locateFresh(join(dir, 'page.tsx'), '/c')).toBe(1);
  });

  it('gives no line for other files, a link not written as is, or a file gone meanwhile', () => {
    expect(locateFresh(join(dir, 'page.txt'), '/a')).toBeUndefined();
    expect(locateFresh(join(dir, 'page.md'), '/zzz')).toBeUndefined();
    expect(locateFresh(join(dir, 'gone.md'), '/a')).toBeUndefined();
  });
});
