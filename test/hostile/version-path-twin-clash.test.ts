// A version path is one segment of [A-Za-z0-9._~-], so 'installation.md' is
// accepted. Its pages go to out/docs/installation.md/…, where the default
// version writes the Markdown twin of /docs/installation as a file: the write
// stage died with EEXIST and exit 1, "an unexpected error (a bug in
// pkidocs)". The clash is the config's: it must be refused as a config or
// content error (exit 2 or 3) that names it, before anything is written.
// A Markdown page named installation.md.md makes the same clash (exit 1).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("refuses a version path that is a page's Markdown twin, naming it", async () => {
  writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig(`[
      { name: '4.0.0', label: '4.0', path: 'installation.md', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`));
  try {
    const r = await site.build();
    expect(r.output).not.toMatch(/unexpected error|EEXIST/);
    expect([2, 3]).toContain(r.code);
    expect(r.output).toContain('installation.md');
  } finally {
    writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig());
  }
});

it("refuses a page whose URL is another page's Markdown twin, naming it", async () => {
  // The same clash from content alone: content/docs/installation.md.md is routed at /docs/installation.md.
  const page = join(site.checkout, 'content/docs/installation.md.md');
  writeFileSync(page, '---\ntitle: Twin clash\ndescription: A page at a twin URL.\n---\n\nClash.\n');
  try {
    const r = await site.build();
    expect(r.output).not.toMatch(/unexpected error|EEXIST/);
    expect(r.code).toBe(3);
    expect(r.output).toContain('installation.md.md');
  } finally {
    rmSync(page);
  }
});
