// README: docs.path is "/" and plain path segments (`/docs`, `/guide/v3`).
// With docs.path '/reference' the build fails with exit 4 on links pkidocs
// wrote itself: 4.0's removed-exports page and the marks (and, on the real
// site, the sidebars and the home page) link the default version's API at
// /reference/api/…, but the routes put it at the fixed /docs/api/… (API_BASE),
// while the other version's API follows docs.path (/reference/4.0/api).
// A cold build, no cache involved.
// Either the whole reference moves with docs.path, or the config refuses a
// path it cannot serve (exit 2, naming docs.path).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("builds a site whose docs.path is not '/docs', or refuses it as a config error", async () => {
  const config = siteConfig(`[
      { name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ], path: '/reference'`).replace("to: '/docs/installation'", "to: '/reference/installation'");
  writeFileSync(join(site.checkout, 'content/site.config.ts'), config);
  const r = await site.build();
  if (r.code === 2) {
    expect(r.output).toContain('docs.path');
    return;
  }
  expect(r.code, r.output).toBe(0);
  for (const page of ['reference/installation', 'reference/api/classes/Certificate3', 'reference/4.0/installation', 'reference/4.0/api/classes/Certificate4']) {
    expect(existsSync(join(site.out, page, 'index.html')), page).toBe(true);
  }
});
