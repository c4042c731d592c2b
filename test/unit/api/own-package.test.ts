// Documenting asn1js itself: its own types, exported or not, are not
// "another package's" (issue 29, item 5). They showed as `asn1js.LocalBaseBlock`
// linked to asn1js's GitHub README, as if pkijs were being documented.
import * as cheerio from 'cheerio';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { loadApi } from '../../../src/api/index.ts';
import type { ApiType } from '../../../src/api/model.ts';
import { renderApiItemPage } from '../../../src/render/api/index.ts';
import { CACHE_DIR, ROOT, item, renderContext } from './support.ts';

const ASN1JS_DTS = resolve(ROOT, 'node_modules/asn1js/build/index.d.ts');

it('shows none of asn1js\'s own types as external when asn1js is the package documented', async () => {
  const { model } = await loadApi({ entry: ASN1JS_DTS, cacheDir: CACHE_DIR, useCache: true });
  const packages = new Set<string>();
  JSON.stringify(model, (_k, v: unknown) => {
    const t = v as ApiType | undefined;
    if (t?.type === 'reference' && t.package) packages.add(t.package);
    return v;
  });
  expect([...packages].filter((p) => p === 'asn1js')).toEqual([]);
  const ctx = await renderContext(model);
  const $ = cheerio.load(renderApiItemPage(item(model, 'class', 'Integer'), ctx).html);
  expect($('a[href*="github.com/PeculiarVentures/asn1.js"]').length).toBe(0);
  expect($('body').text()).not.toContain('asn1js.');
});
