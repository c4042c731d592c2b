// A section index lists the pages of its section as cards. With two docs
// versions, content/docs/4.0/index.md (4.0's landing page, /docs/4.0) is read
// as a section index of no section, so its cards were every page of no
// section of both versions: a card "Installation" leading to 3.3.2's
// /docs/installation ("How to install."), on a 4.0 page. A version's page
// must show only its own version's pages.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();
const page = (title: string): string => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\nText of ${title}.\n`;

/** The hrefs of the cards on the built page at `path`. */
function cards(path: string): string[] {
  const $ = cheerio.load(readFileSync(join(site.out, path.slice(1), 'index.html'), 'utf8'));
  return $('#__pkidocs-content a.card').toArray().map((a) => $(a).attr('href')!);
}

// Decided: content/docs/4.0/index.md is 4.0's docs index, as content/docs/index.md is 3.3.2's
// (no cards); a section index of 4.0 (content/docs/4.0/examples/<section>/index.md) lists
// the pages of its own folder only.
it("lists no 3.3.2 page on 4.0's landing page or on a 4.0 section index", async () => {
  writeFileSync(join(site.checkout, 'content/docs/4.0/index.md'), page('Release 4 docs'));
  for (const v of ['', '4.0/']) {
    mkdirSync(join(site.checkout, `content/docs/${v}examples/certs`), { recursive: true });
    writeFileSync(join(site.checkout, `content/docs/${v}examples/certs/index.md`), page(`Certificates ${v}`));
    writeFileSync(join(site.checkout, `content/docs/${v}examples/certs/one.md`), page(`One certificate ${v}`));
  }
  try {
    const r = await site.build();
    expect(r.code, r.output).toBe(0);
    expect(cards('/docs/4.0')).toEqual([]);
    const $ = cheerio.load(readFileSync(join(site.out, 'docs/4.0/index.html'), 'utf8'));
    const links = $('#__pkidocs-content a').toArray().map((a) => $(a).attr('href')!);
    expect(links.filter((h) => h.startsWith('/docs/') && !h.startsWith('/docs/4.0'))).toEqual([]);
    expect(cards('/docs/4.0/examples/certs')).toEqual(['/docs/4.0/examples/certs/one']);
    expect(cards('/docs/examples/certs')).toEqual(['/docs/examples/certs/one']);
  } finally {
    for (const v of ['', '4.0/']) rmSync(join(site.checkout, `content/docs/${v}examples/certs`), { recursive: true, force: true });
  }
});
