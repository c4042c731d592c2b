// A 4.0 page's navbar "Docs" item leads into 4.0 (its sidebar's first page)
// and its footer's {version} text says 4.0.0, but the footer's links to docs
// pages are the config's paths as written: on the real site, "Installation"
// (/docs/installation) and "API" (/docs/api/pkijs) of every 4.0 page lead to
// the 3.3.2 pages, though 4.0 has its own copy of both. A docs link of the
// footer should lead to the version being read where that version has the
// page, as the dropdown does (src/routes/version-links.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("leads a 4.0 page's footer link to 4.0's copy of the page", async () => {
  const r = await site.build();
  expect(r.code, r.output).toBe(0);
  const $ = cheerio.load(readFileSync(join(site.out, 'docs/4.0/installation/index.html'), 'utf8'));
  expect($('footer').text()).toContain('Installation');
  expect($('footer a').filter((_, a) => $(a).text() === 'Installation').attr('href')).toBe('/docs/4.0/installation');
});
