import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../../src/links/check.ts';

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
});
