// The hint under a link to a missing page, on a site that documents two
// versions: a link into /docs/4.0/ is never sent to a page of another version.
import { describe, expect, it } from 'vitest';
import { checkLinks, type CheckedPage } from '../../../src/links/check.ts';

const page = (path: string, body = ''): CheckedPage => ({ path, source: `content${path}.md`, html: `<html><body>${body}</body></html>` });
const SITE = [
  page('/docs/installation', '<a href="/docs/4.0/nope">4.0</a>'),
  page('/docs/api/pkijs'),
  page('/docs/4.0/installation'),
  page('/docs/4.0/api/pkijs'),
];

describe('the hint for a missing page', () => {
  it('suggests a page of the folder the link points into, as the real site met it', async () => {
    const { diagnostics } = await checkLinks(SITE, new Set(), () => undefined);
    expect(diagnostics.map((d) => [d.code, d.hint])).toEqual([['links/missing-page', 'Did you mean "/docs/4.0/api/pkijs"?']]);
  });

  it('still suggests across folders when the link\'s own folder holds no page', async () => {
    const { diagnostics } = await checkLinks([page('/', '<a href="/docs/instalation">x</a>'), page('/docs/installation')], new Set(), () => undefined);
    expect(diagnostics.map((d) => d.hint)).toEqual(['Did you mean "/docs/installation"?']);
  });
});
