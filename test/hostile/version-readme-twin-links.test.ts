// A release's README links the site by its absolute URL (pkijs 4.0.0's:
// "[on the website](https://pkijs.org/docs/installation)"). On 4.0's README
// page the link becomes 4.0's own page, /docs/4.0/installation; the page's
// Markdown twin kept the absolute URL of 3.3.2's page, so a reader of the
// twin (or of llms.txt's links) was sent to the other version. The twin must
// lead where the page does.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("keeps a 4.0 README twin's links to the site in 4.0, as its page does", async () => {
  writeFileSync(join(site.checkout, RELEASE_DIR, 'README.md'), '# PKIjs\n\nRead the docs [on the website](https://example.org/docs/installation).\n');
  const r = await site.build();
  expect(r.code, r.output).toBe(0);
  const $ = cheerio.load(readFileSync(join(site.out, 'docs/4.0/api/pkijs/index.html'), 'utf8'));
  expect($('main a').filter((_, a) => $(a).text() === 'on the website').attr('href')).toBe('/docs/4.0/installation');
  const twin = readFileSync(join(site.out, 'docs/4.0/api/pkijs.md'), 'utf8');
  expect(twin).toMatch(/\[on the website\]\((https:\/\/example\.org)?\/docs\/4\.0\/installation(\.md)?\)/);
});
