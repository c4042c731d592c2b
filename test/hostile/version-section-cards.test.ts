// A section index lists the pages of its section as cards. With two docs
// versions, content/docs/4.0/index.md (4.0's landing page, /docs/4.0) is read
// as a section index of no section, so its cards were every page of no
// section of both versions: a card "Installation" leading to 3.3.2's
// /docs/installation ("How to install."), on a 4.0 page. A version's page
// must show only its own version's pages.
import { readFileSync, writeFileSync } from 'node:fs';
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

it("lists no 3.3.2 page on 4.0's landing page", async () => {
  writeFileSync(join(site.checkout, 'content/docs/4.0/index.md'), page('Release 4 docs'));
  const r = await site.build();
  expect(r.code, r.output).toBe(0);
  const hrefs = cards('/docs/4.0');
  expect(hrefs).toContain('/docs/4.0/installation');
  expect(hrefs.filter((h) => !h.startsWith('/docs/4.0/'))).toEqual([]);
});
