// The link check of a site under a base URL: hrefs carry the base, page paths
// and static files do not; an absolute link that leaves the base is an error.
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../../src/links/check.ts';

const page = (path: string, body: string) => ({ path, source: `content${path}.md`, html: `<html><body>${body}</body></html>` });

describe('checkLinks under a base URL', () => {
  it('resolves prefixed links, relative links and static files', async () => {
    const pages = [
      page('/', '<a href="/PKI.js/docs/intro#setup">x</a><a href="/PKI.js/favicon.svg">f</a><a href="docs/intro">rel</a>'),
      page('/docs/intro', '<h2 id="setup">Setup</h2><a href="../">home</a><a href="/PKI.js/">home</a><a href="/PKI.js">bare</a>'),
    ];
    const report = await checkLinks(pages, new Set(['/favicon.svg']), undefined, '/PKI.js/');
    expect(report.diagnostics).toEqual([]);
    expect(report.linksChecked).toBe(6);
  });

  it('reports a link that leaves the base, with the prefixed link as the fix', async () => {
    const pages = [page('/', '<a href="/docs/intro">x</a><a href="../../other">y</a><a href="/PKI.js/docs/intr">z</a>'), page('/docs/intro', '')];
    const report = await checkLinks(pages, new Set(), undefined, '/PKI.js/');
    expect(report.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      ['links/outside-base', 'The link "/docs/intro" on / leaves the base URL /PKI.js/ the site is served under.', 'Did you mean "/PKI.js/docs/intro"?'],
      ['links/outside-base', 'The link "../../other" on / leaves the base URL /PKI.js/ the site is served under.', 'Fix the link or create its target.'],
      ['links/missing-page', 'The link "/PKI.js/docs/intr" on / points to /docs/intr, which is not a page of the site.', 'Did you mean "/docs/intro"?'],
    ]);
  });
});
