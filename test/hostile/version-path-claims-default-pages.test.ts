// A docs version owns the URLs under its path (/docs/4.0/…) and the Markdown
// under content/docs/<path>/. Where that path is already the default
// version's, the build moved pages between versions without a word (exit 0):
// - a version with path 'examples' took every 3.3.2 example: /docs/examples/
//   certs/one became a 4.0.0 page (its data, its dropdown, 4.0's search);
// - a 3.3.2 page content/docs/4.0.md was published at /docs/4.0, 4.0's own
//   landing URL, as a 3.3.2 page.
// Either must be refused, naming the clash, or leave each page its version.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();
const write = (rel: string, text: string): void => {
  mkdirSync(join(site.checkout, rel, '..'), { recursive: true });
  writeFileSync(join(site.checkout, rel), text);
};
const page = (title: string): string => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\nText of ${title}.\n`;
/** The page data (path, kind, version…) the built page at `path` embeds. */
const pageData = (path: string): { version?: string } =>
  JSON.parse(cheerio.load(readFileSync(join(site.out, path.slice(1), 'index.html'), 'utf8'))('#__pkidocs').text()) as { version?: string };

it("keeps 3.3.2's examples 3.3.2's when a version takes the path 'examples'", async () => {
  write('content/site.config.ts', siteConfig(`[
      { name: '4.0.0', label: '4.0', path: 'examples', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`));
  write('content/docs/examples/certs/index.md', page('Certificates'));
  write('content/docs/examples/certs/one.md', page('One certificate'));
  try {
    const r = await site.build();
    if (r.code !== 0) {
      expect(r.output).toMatch(/examples/);
      expect(readdirSync(site.tmp)).not.toContain('out');
      return;
    }
    expect(pageData('/docs/examples/certs/one').version).toBeUndefined();
  } finally {
    rmSync(join(site.checkout, 'content/docs/examples'), { recursive: true, force: true });
    write('content/site.config.ts', siteConfig());
  }
});

it("refuses a 3.3.2 page at /docs/4.0, 4.0's own URL", async () => {
  write('content/docs/4.0.md', page('Three at four'));
  try {
    const r = await site.build();
    if (r.code === 0) expect.fail(`exit 0: /docs/4.0 was published as a page of version ${pageData('/docs/4.0').version ?? '3.3.2'}`);
    expect(r.output).toContain('4.0.md');
  } finally {
    rmSync(join(site.checkout, 'content/docs/4.0.md'));
  }
});
