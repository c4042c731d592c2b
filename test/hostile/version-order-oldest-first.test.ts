// docs.versions is "newest first" (README): the first entry is taken as the
// newest for the marks, the "latest" banner and the canonical links. Nothing
// checks it against the releases the entries document. Listed oldest first,
// 3.3.2 before 4.0.0, the build fails today with exit 4 on a link to
// /docs/api/removed-exports (version-default-newest.test.ts); past that,
// src/render/api/marks.ts diffs the versions in config order, so 4.0's
// Certificate4 would be "Removed in 3.3.2" rather than "New in 4.0", and
// 3.3.2's Certificate3 "New in 3.3.2". The order must be refused (exit 2,
// naming docs.versions), or the versions ordered by their releases.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();
const marks = (path: string): string[] => {
  const file = join(site.out, path.slice(1), 'index.html');
  if (!existsSync(file)) return [];
  const $ = cheerio.load(readFileSync(file, 'utf8'));
  return $('.vm').map((_, m) => $(m).text()).get();
};

it('marks what 4.0.0 added as new in 4.0 however the config orders the versions, or refuses the order', async () => {
  writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig(`[
      { name: '3.3.2', label: '3.3.2', path: '' },
      { name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
    ]`));
  try {
    const r = await site.build();
    if (r.code === 2) {
      expect(r.output).toContain('docs.versions');
      return;
    }
    expect(r.code, r.output).toBe(0);
    expect({ four: marks('/docs/4.0/api/classes/Certificate4'), three: marks('/docs/api/classes/Certificate3') })
      .toEqual({ four: ['New in 4.0'], three: ['Removed in 4.0'] });
  } finally {
    writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig());
  }
});
