// Each docs version's search index is /_pkidocs/search-index-<name>.json with
// every character of the name outside [\w.-] made "_". Two versions named
// "4.0 beta" and "4.0_beta" pass the config's duplicate-name rule, yet share
// one file: the build wrote one index over the other (exit 0), and searching
// "4.0 beta" found the other version's pages and missed its own. The build
// must refuse the config clearly, or give each version an index of its own.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

interface Index { pages: [string, ...unknown[]][]; versions: { label: string; url: string }[] }

it('gives two versions whose names differ in punctuation an index each', async () => {
  writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig(`[
      { name: '4.0 beta', label: '4.0 beta', path: '4.0', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '4.0_beta', label: '4.0 next', path: 'next', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`));
  mkdirSync(join(site.checkout, 'content/docs/next'), { recursive: true });
  writeFileSync(join(site.checkout, 'content/docs/next/notes.md'), '---\ntitle: Next notes\ndescription: Notes of next.\n---\n\nText of next.\n');
  const r = await site.build();
  if (r.code !== 0) {
    // Refused: then say which versions clash, and write nothing.
    expect(r.output).toMatch(/4\.0 beta[\s\S]*4\.0_beta|4\.0_beta[\s\S]*4\.0 beta/);
    expect(readdirSync(site.tmp)).not.toContain('out');
    return;
  }
  const read = (url: string): Index => JSON.parse(readFileSync(join(site.out, url), 'utf8')) as Index;
  const { versions } = read('_pkidocs/search-index.json');
  const url = (label: string): string => versions.find((v) => v.label === label)!.url;
  expect(url('4.0 beta')).not.toBe(url('4.0 next'));
  // Each version's dialog searches its own pages.
  expect(read(url('4.0 beta')).pages.map((p) => p[0])).toContain('/docs/4.0/installation');
  expect(read(url('4.0 next')).pages.map((p) => p[0])).toContain('/docs/next/notes');
});
