import { describe, expect, it } from 'vitest';
import { LinkIndex } from '../../../src/dev/link-index.ts';
import { checkLinks, type CheckedPage } from '../../../src/links/check.ts';

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
  it('finds what links/check.ts finds, in the same words and order', () => {
    const index = LinkIndex.empty(locate).update(SITE, [], STATIC);
    const full = checkLinks(SITE, STATIC, locate);
    expect(full.diagnostics.length).toBe(3);
    expect(index.diagnostics).toEqual(full.diagnostics);
    expect(index.checked).toEqual({ pages: full.pagesChecked, links: full.linksChecked });
  });

  it('after an edit checks only the edited page and the pages linking to ids it lost or gained', () => {
    const start = LinkIndex.empty(locate).update(SITE, [], STATIC);
    const edited = page('/docs/intro', '<h2 id="set-up">Setup</h2><a href="#set-up">self</a>');
    const next = start.update([edited], [], STATIC);
    const site = SITE.map((p) => (p.path === edited.path ? edited : p));
    expect(next.diagnostics).toEqual(checkLinks(site, STATIC, locate).diagnostics);
    // intro itself, and /docs/other which links into it; not / (no fragment) nor /docs/third.
    expect(next.checked.pages).toBe(2);
    // The earlier index is untouched: a failed rebuild can fall back to it.
    expect(start.diagnostics).toEqual(checkLinks(SITE, STATIC, locate).diagnostics);
  });

  it('checks nothing else when an edit keeps the page’s ids', () => {
    const start = LinkIndex.empty(locate).update(SITE, [], STATIC);
    const next = start.update([page('/docs/third', '<a id="top" href="/docs/intro">e</a>')], [], STATIC);
    expect(next.checked).toEqual({ pages: 1, links: 1 });
  });

  it('checks every page again when pages come or go', () => {
    const start = LinkIndex.empty(locate).update(SITE, [], STATIC);
    const added = start.update([page('/docs/intr', '<p>now it exists</p>')], [], STATIC);
    expect(added.checked.pages).toBe(SITE.length + 1);
    expect(added.diagnostics).toEqual(checkLinks([...SITE, page('/docs/intr', '<p>now it exists</p>')], STATIC, locate).diagnostics);
    const removed = added.update([], ['/docs/other', '/docs/intr'], STATIC);
    const rest = SITE.filter((p) => p.path !== '/docs/other');
    expect(removed.diagnostics).toEqual(checkLinks(rest, STATIC, locate).diagnostics);
    expect(removed.diagnostics.map((d) => d.code)).toEqual(['links/missing-page']);
  });
});
