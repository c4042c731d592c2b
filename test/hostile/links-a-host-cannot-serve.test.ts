// Links a static host answers with 404 must fail the build, as `pkidocs check`
// fails them on the same out/. Found by a fresh-eyes pass: the link gate once
// decoded a path and then cut it at "?" or "#" (/docs/installation%3Fv=1 and
// %23top passed as /docs/installation), and dropped a trailing ".html"
// (/docs/installation.html, and %2ehtml), though out/ holds only
// installation/index.html. A host keeps %3F and %23 in the path and serves no
// installation.html; the 404 page's script helps a browser with JavaScript
// on, not a crawler.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build, check } = freshCheckout();
const CONFIG = join(CHECKOUT, 'content/site.config.ts');
const page = (links: readonly string[]): string =>
  `---\ntitle: Links\ndescription: Links a host cannot serve.\n---\n\n${links.map((l, i) => `- [link ${i}](${l})`).join('\n')}\n`;

describe.each([
  ['an encoded ? or #', ['/docs/installation%3Fv=1', '/docs/installation%23top']],
  ['a page name plus .html', ['/docs/installation.html', '/docs/installation%2ehtml']],
])('links whose path holds %s', (_, links) => {
  it('`check` finds each answering 404 on a static host (control)', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/links.md'), page(links));
    // With broken links made warnings, out/ is written whatever the gate thinks.
    const config = readFileSync(CONFIG, 'utf8');
    writeFileSync(CONFIG, config.replace('  docs: {', "  onBrokenLinks: 'warn',\n  docs: {"));
    try {
      const built = await build();
      expect(built.code, built.output).toBe(0);
      expect(readFileSync(join(OUT, 'docs/links/index.html'), 'utf8')).toContain(`href="${links[0]}"`);
      const checked = await check();
      expect(checked.code, checked.output).toBe(4);
      for (const link of links) expect(checked.output).toContain(link);
    } finally {
      writeFileSync(CONFIG, config);
    }
  }, 120_000);

  it('the build fails with exit 4 naming each link, as `check` does', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/links.md'), page(links));
    const built = await build();
    expect(built.code, built.output).toBe(4);
    for (const link of links) expect(built.output).toContain(`The link "${link}" on /docs/links`);
  }, 120_000);
});
