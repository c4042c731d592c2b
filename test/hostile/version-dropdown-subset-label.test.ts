// navbar item { type: 'docsVersionDropdown', versions: [...] } lists some of
// the documented versions (README, config reference). Its closed label is the
// version being read, or, on a page of no listed version, the first listed
// one (src/render/site-view.ts: versions[0].label). With versions: ['3.3.2'],
// every 4.0 page's dropdown read "3.3.2": it named the wrong version of the
// page the reader is on.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("never names another version than the page's in a dropdown listing some versions", async () => {
  writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig().replace("{ type: 'docsVersionDropdown' }", "{ type: 'docsVersionDropdown', versions: ['3.3.2'] }"));
  try {
    const r = await site.build();
    expect(r.code, r.output).toBe(0);
    const $ = cheerio.load(readFileSync(join(site.out, 'docs/4.0/installation/index.html'), 'utf8'));
    expect($('[data-slot=versions] a[data-version="3.3.2"]').attr('href')).toBe('/docs/installation');
    expect($('[data-slot=versions] summary').text()).not.toBe('3.3.2');
  } finally {
    writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig());
  }
});
