// The API page bodies are cached under a key of the models and the site
// notes (src/site/body-input.ts apiBodyKey), but they hold what the config
// says of each version: its label in every mark ("New in 4.0") and its path
// in every mark's link (/docs/4.0/api/…). A warm build after renaming a
// version's label kept the old label in the marks (exit 0, while the
// dropdown showed the new one); after moving a version's path it kept links
// to the old path and failed with broken links (exit 4), though a cold
// build of the same inputs passes. An equal key must mean an equal result.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();
const config = (label: string, path: string): string => siteConfig(`[
      { name: '4.0.0', label: '${label}', path: '${path}', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`);
const marks = (path: string): string[] => {
  const $ = cheerio.load(readFileSync(join(site.out, path.slice(1), 'index.html'), 'utf8'));
  return $('.vm').map((_, m) => `${$(m).text()} ${$(m).attr('href') ?? ''}`.trim()).get();
};

it("shows a version's new label in its marks after a warm build", async () => {
  writeFileSync(join(site.checkout, 'content/site.config.ts'), config('4.0', '4.0'));
  const cold = await site.build();
  expect(cold.code, cold.output).toBe(0);
  expect(marks('/docs/4.0/api/classes/Certificate4')).toEqual(['New in 4.0']);
  writeFileSync(join(site.checkout, 'content/site.config.ts'), config('4.0 LTS', '4.0'));
  const warm = await site.build();
  expect(warm.code, warm.output).toBe(0);
  expect(marks('/docs/4.0/api/classes/Certificate4')).toEqual(['New in 4.0 LTS']);
});

it("links a version's marks to its new path after a warm build", async () => {
  // 3.3.2's Certificate is re-declared in this 4.0: its page links the mark to 4.0's page.
  const dts = '/** A certificate. */\nexport declare class Certificate {\n  /** Its version. */\n  version: VERSION;\n}\n';
  writeFileSync(join(site.pkg, 'build/index.d.ts'), dts.replace('VERSION', 'number'));
  writeFileSync(join(site.checkout, RELEASE_DIR, 'build/index.d.ts'), dts.replace('VERSION', 'bigint'));
  writeFileSync(join(site.checkout, 'content/site.config.ts'), config('4.0', '4.0'));
  try {
    const cold = await site.build();
    expect(cold.code, cold.output).toBe(0);
    expect(marks('/docs/api/classes/Certificate')).toEqual(['Signature changed in 4.0 /docs/4.0/api/classes/Certificate#version']);
    writeFileSync(join(site.checkout, 'content/site.config.ts'), config('4.0', 'v4'));
    mkdirSync(join(site.checkout, 'content/docs/v4'), { recursive: true });
    renameSync(join(site.checkout, 'content/docs/4.0/installation.md'), join(site.checkout, 'content/docs/v4/installation.md'));
    const warm = await site.build();
    expect(warm.code, warm.output).toBe(0);
    expect(marks('/docs/api/classes/Certificate')).toEqual(['Signature changed in 4.0 /docs/v4/api/classes/Certificate#version']);
  } finally {
    const moved = join(site.checkout, 'content/docs/v4/installation.md');
    if (existsSync(moved)) renameSync(moved, join(site.checkout, 'content/docs/4.0/installation.md'));
    writeFileSync(join(site.checkout, RELEASE_DIR, 'build/index.d.ts'), '/** A certificate of release 4. */\nexport declare class Certificate4 {\n  /** Its version. */\n  version: number;\n}\n');
  }
});
