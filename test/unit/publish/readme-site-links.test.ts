// A README twin rewrites the Markdown links to the site as its page does
// (src/content/plugins/remark-doc-links.ts), and nothing else of the text.
import { describe, expect, it } from 'vitest';
import { readmeSiteLinks } from '../../../src/publish/readme-site-links.ts';

const origin = 'https://example.org';
const inV4 = (path: string): string => (path.startsWith('/docs/installation') ? `/docs/4.0${path.slice(5)}` : path);
const url = (path: string): string => `${origin}${path}`;
const rewrite = (text: string): string => readmeSiteLinks(text, origin, inV4, url);

describe('readmeSiteLinks', () => {
  it("leads a link to the site where the version's page leads it", () => {
    expect(rewrite('Read [the docs](https://example.org/docs/installation#npm "Install").')).toBe('Read [the docs](https://example.org/docs/4.0/installation#npm "Install").');
    expect(rewrite('See https://example.org/docs/installation.')).toBe('See https://example.org/docs/4.0/installation.');
    expect(rewrite('[https://example.org/docs/installation](https://example.org/docs/installation)')).toBe('[https://example.org/docs/installation](https://example.org/docs/4.0/installation)');
  });

  it('leaves code, other sites and pages the version lacks as they are', () => {
    const text = '`https://example.org/docs/installation`\n\n```\nhttps://example.org/docs/installation\n```\n\n[x](https://example.org/docs/api) [y](https://other.org/docs/installation)\n';
    expect(rewrite(text)).toBe(text);
  });

  it('changes nothing without a site origin', () => {
    expect(readmeSiteLinks('[a](https://example.org/docs/installation)', undefined, inV4, url)).toBe('[a](https://example.org/docs/installation)');
  });
});
