// docs/decisions/versioned-docs.md plans the day the default version (today's
// URLs) becomes the newer release: 4.0.0 at /docs, 3.3.2 under /docs/3.3.
// That config fails every build with exit 4: the default version's globals
// page links its removed-exports page (/docs/api/removed-exports), which the
// routes make only for a version with a path of its own.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it('builds a site whose default version is the newest, with its removed-exports page', async () => {
  const config = siteConfig(`[
      { name: '4.0.0', label: '4.0', path: '' },
      { name: '3.3.2', label: '3.3.2', path: '3.3', library: { version: '3.3.2', dir: 'node_modules/pkijs' } },
    ]`).replace("library: { package: 'pkijs', version: '3.3.2' }", `library: { package: 'pkijs', version: '4.0.0', dir: '${RELEASE_DIR}' }`);
  writeFileSync(join(site.checkout, 'content/site.config.ts'), config);
  mkdirSync(join(site.checkout, 'content/docs/3.3'), { recursive: true });
  renameSync(join(site.checkout, 'content/docs/4.0/installation.md'), join(site.checkout, 'content/docs/3.3/installation.md'));
  try {
    const r = await site.build();
    expect(r.code, r.output).toBe(0);
    const $ = cheerio.load(readFileSync(join(site.out, 'docs/api/removed-exports/index.html'), 'utf8'));
    expect($('main a[href="/docs/3.3/api/classes/Certificate3"]').length).toBe(1);
  } finally {
    renameSync(join(site.checkout, 'content/docs/3.3/installation.md'), join(site.checkout, 'content/docs/4.0/installation.md'));
    writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig());
  }
});
