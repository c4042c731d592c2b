import { describe, expect, it, vi } from 'vitest';
import { collectLinks } from '../../../src/links/collect.ts';
import type * as Collect from '../../../src/links/collect.ts';
import { LinkIndex } from '../../../src/links/link-index.ts';
import { checkLinks, type CheckedPage } from '../../../src/links/check.ts';

// The reader itself, counted: which parts of a page are parsed again.
vi.mock('../../../src/links/collect.ts', async (actual) => {
  const real = await actual<typeof Collect>();
  return { ...real, collectLinks: vi.fn(real.collectLinks) };
});

const page = (path: string, body: string): CheckedPage => ({ path, source: `content${path}.md`, html: `<html><body>${body}</body></html>` });
const locate = (_source: string, href: string): number | undefined => (href.includes('intr') ? 7 : undefined);
const STATIC = new Set(['/_pkidocs/app.js', '/404.html']);

const SITE = [
  page('/', '<a href="/docs/intro">x</a><a href="https://example.com/nope">ext</a><a href="//cdn.example/x">proto</a><a href="/404.html">404</a>'),
  page('/docs/intro', '<h2 id="setup">Setup</h2><a href="#setup">self</a><a href="/docs/intro/index.html#setup">html</a><a href="/_pkidocs/app.js">asset</a>'),
  page('/docs/other', '<a href="/docs/intr">a</a><a href="/docs/intro#set-up">b</a><a href="#nowhere">c</a><a href="/docs/intro#setup">d</a><a href="/docs/intro#setup">dup</a>'),
  page('/docs/third', '<a id="top" href="/docs/other">e</a>'),
];

describe('LinkIndex', () => {
  it('finds what links/check.ts finds, in the same words and order', async () => {
    const index = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const full = await checkLinks(SITE, STATIC, locate);
    expect(full.diagnostics.length).toBe(3);
    expect(index.diagnostics).toEqual(full.diagnostics);
    expect(index.checked).toEqual({ pages: full.pagesChecked, links: full.linksChecked });
  });

  it('after an edit checks only the edited page and the pages linking to ids it lost or gained', async () => {
    const start = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const edited = page('/docs/intro', '<h2 id="set-up">Setup</h2><a href="#set-up">self</a>');
    const next = await start.update([edited], [], STATIC);
    const site = SITE.map((p) => (p.path === edited.path ? edited : p));
    expect(next.diagnostics).toEqual((await checkLinks(site, STATIC, locate)).diagnostics);
    // intro itself, and /docs/other which links into it; not / (no fragment) nor /docs/third.
    expect(next.checked.pages).toBe(2);
    // The earlier index is untouched: a failed rebuild can fall back to it.
    expect(start.diagnostics).toEqual((await checkLinks(SITE, STATIC, locate)).diagnostics);
  });

  it('checks nothing else when an edit keeps the page’s ids', async () => {
    const start = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const next = await start.update([page('/docs/third', '<a id="top" href="/docs/intro">e</a>')], [], STATIC);
    expect(next.checked).toEqual({ pages: 1, links: 1 });
  });

  it('checks only the edited page when it keeps its ids, even one others link into', async () => {
    const start = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const next = await start.update([page('/docs/intro', '<h2 id="setup">Set-up, renamed</h2>')], [], STATIC);
    expect(next.checked.pages).toBe(1);
  });

  it('re-checks the pages linking into a page that lost an id', async () => {
    const start = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const edited = page('/docs/intro', '<p>No headings now.</p>');
    const next = await start.update([edited], [], STATIC);
    expect(next.checked.pages).toBe(2);
    expect(next.diagnostics).toEqual((await checkLinks(SITE.map((p) => (p.path === edited.path ? edited : p)), STATIC, locate)).diagnostics);
  });

  it('checks every page again when the static files change', async () => {
    const start = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const next = await start.update([], [], new Set(['/_pkidocs/app.js']));
    expect(next.checked.pages).toBe(SITE.length);
    expect(next.diagnostics.length).toBe(start.diagnostics.length + 1); // the link to /404.html is now broken
    expect(next.diagnostics).toEqual((await checkLinks(SITE, new Set(['/_pkidocs/app.js']), locate)).diagnostics);
  });

  it('resolves the same relative href from each page on its own', async () => {
    const pages = [page('/a/x', '<a href="z">z</a><a href="../">up</a>'), page('/b/c/y', '<a href="z">z</a><a href="../">up</a>')];
    const index = await LinkIndex.empty(locate).update(pages, [], STATIC);
    expect(index.diagnostics.map((d) => d.message)).toEqual([
      'The link "z" on /a/x points to /a/z, which is not a page of the site.',
      'The link "../" on /a/x points to /, which is not a page of the site.',
      'The link "z" on /b/c/y points to /b/c/z, which is not a page of the site.',
      'The link "../" on /b/c/y points to /b, which is not a page of the site.',
    ]);
  });

  it('checks every page again when pages come or go', async () => {
    const start = await LinkIndex.empty(locate).update(SITE, [], STATIC);
    const added = await start.update([page('/docs/intr', '<p>now it exists</p>')], [], STATIC);
    expect(added.checked.pages).toBe(SITE.length + 1);
    expect(added.diagnostics).toEqual((await checkLinks([...SITE, page('/docs/intr', '<p>now it exists</p>')], STATIC, locate)).diagnostics);
    const removed = await added.update([], ['/docs/other', '/docs/intr'], STATIC);
    const rest = SITE.filter((p) => p.path !== '/docs/other');
    expect(removed.diagnostics).toEqual((await checkLinks(rest, STATIC, locate)).diagnostics);
    expect(removed.diagnostics.map((d) => d.code)).toEqual(['links/missing-page']);
  });

  it('parses only the layout of a page whose content is unchanged, and still finds what checkLinks finds', async () => {
    const content = '<h2 id="usage">Usage</h2><a href="/docs/intro#set-up">broken</a><a href="#usage">ok</a>';
    const frame = (footer: string) => `<html><body><nav><a href="/docs/intro">i</a></nav><main>${content}</main><footer>${footer}</footer></body></html>`;
    const withLayout = (footer: string) => ({ path: '/docs/usage', source: 'content/docs/usage.md', html: frame(footer), body: content });
    const site = SITE.filter((p) => p.path !== '/docs/other');
    const start = await LinkIndex.empty(locate).update([...site, withLayout('<a href="#usage">top</a>')], [], STATIC);
    expect(start.diagnostics).toEqual((await checkLinks([...site, withLayout('<a href="#usage">top</a>')], STATIC, locate)).diagnostics);
    const next = await start.update([withLayout('<a href="/docs/gone">new footer link</a>')], [], STATIC);
    expect(next.diagnostics).toEqual((await checkLinks([...site, withLayout('<a href="/docs/gone">new footer link</a>')], STATIC, locate)).diagnostics);
    expect(next.diagnostics.filter((d) => d.file === 'content/docs/usage.md').map((d) => d.message)).toEqual([
      'The link "/docs/intro#set-up" on /docs/usage points to the anchor #set-up, which no element on /docs/intro has.',
      'The link "/docs/gone" on /docs/usage points to /docs/gone, which is not a page of the site.',
    ]);
  });

  it('parses again only the part of a page an edit changed: document head, layout before, content, layout after', async () => {
    const doc = (asset: string, nav: string, content: string, footer: string) => ({
      path: '/docs/usage',
      source: 'content/docs/usage.md',
      html: `<!doctype html><html><head><script src="${asset}"></script></head><body><nav>${nav}</nav><main>${content}</main><footer>${footer}</footer></body></html>`,
      body: content,
    });
    const first = ['/_pkidocs/app.js', '<a href="/docs/intro">i</a>', '<h2 id="usage">Usage</h2>', '<a href="#usage">top</a>'] as const;
    let index = await LinkIndex.empty(locate).update([...SITE, doc(...first)], [], STATIC);
    const parsed = vi.mocked(collectLinks);
    const edits: [edit: Parameters<typeof doc>, part: string][] = [
      [[first[0], first[1], first[2], '<a href="/docs/third">third</a>'], '</main><footer><a href="/docs/third">third</a></footer></body></html>'],
      [['/_pkidocs/app-2.js', first[1], first[2], '<a href="/docs/third">third</a>'], '<!doctype html><html><head><script src="/_pkidocs/app-2.js"></script></head>'],
      [['/_pkidocs/app-2.js', '<a href="/docs/other">o</a>', first[2], '<a href="/docs/third">third</a>'], '<body><nav><a href="/docs/other">o</a></nav><main>'],
      [['/_pkidocs/app-2.js', '<a href="/docs/other">o</a>', '<h2 id="use">Use</h2>', '<a href="/docs/third">third</a>'], '<h2 id="use">Use</h2>'],
    ];
    for (const [edit, part] of edits) {
      parsed.mockClear();
      index = await index.update([doc(...edit)], [], STATIC);
      expect(parsed.mock.calls.map(([html]) => html)).toEqual([part]);
      // What the whole page holds (its links are all internal, each once).
      const whole = collectLinks(doc(...edit).html);
      expect(index.pageLinks('/docs/usage')).toEqual({ ids: whole.ids, hrefs: whole.hrefs, loads: whole.loads });
    }
    expect(index.diagnostics).toEqual((await checkLinks([...SITE, doc(...edits.at(-1)![0])], STATIC, locate)).diagnostics);
  });

  it('takes the ids and links a page brings, and cuts a page without <body> in three', async () => {
    const brought = { ids: new Set(['kept']), hrefs: ['/docs/intro'], loads: [] };
    // From the page cache: its HTML is not parsed at all.
    let index = await LinkIndex.empty(locate).update([...SITE, { path: '/docs/cached', source: 'content/docs/cached.md', html: '<a href="/docs/gone">x</a>', links: brought }], [], STATIC);
    expect(index.pageLinks('/docs/cached')).toEqual(brought);
    const parsed = vi.mocked(collectLinks);
    parsed.mockClear();
    // The same page rendered again, as a fragment with no <body>: before, the content, after.
    const content = '<h2 id="here">Here</h2>';
    index = await index.update([{ path: '/docs/cached', source: 'content/docs/cached.md', html: `<nav><a href="/docs/third">t</a></nav>${content}<p>end</p>`, body: content }], [], STATIC);
    expect(parsed.mock.calls.map(([html]) => html)).toEqual(['<nav><a href="/docs/third">t</a></nav>', content, '<p>end</p>']);
    expect(index.pageLinks('/docs/cached')).toEqual({ ids: new Set(['here']), hrefs: ['/docs/third'], loads: [] });
  });

  it('parses the whole page when its content is not in it, and cuts a page that starts with its content', async () => {
    const parsed = vi.mocked(collectLinks);
    parsed.mockClear();
    const content = '<h2 id="top">Top</h2>';
    const missing = { path: '/docs/missing', source: 'content/docs/missing.md', html: '<a href="/docs/intro">i</a>', body: content };
    const first = { path: '/docs/first', source: 'content/docs/first.md', html: `${content}<a href="/docs/third">t</a>`, body: content };
    const index = await LinkIndex.empty(locate).update([...SITE, missing, first], [], STATIC);
    expect(parsed.mock.calls.map(([html]) => html).slice(-4)).toEqual([missing.html, '', content, '<a href="/docs/third">t</a>']);
    expect([index.pageLinks('/docs/missing'), index.pageLinks('/docs/first')]).toEqual([
      { ids: new Set(), hrefs: ['/docs/intro'], loads: [] },
      { ids: new Set(['top']), hrefs: ['/docs/third'], loads: [] },
    ]);
  });
});
