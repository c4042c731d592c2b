// The version links (dropdown, "latest" banner, canonical link) pair pages of
// two versions by their path under each version's docs path
// (src/routes/version-links.ts). An export that changed kind lives at another
// path in the other version: Shape is a class of 3.3.2 (/docs/api/classes/
// Shape) and an interface of 4.0 (/docs/4.0/api/interfaces/Shape). Its mark
// ("Signature changed in 4.0") links the 4.0 page, but the dropdown and the
// banner of 3.3.2's page led to 4.0's installation page ("See the docs of
// 4.0"), and 4.0's dropdown led back to 3.3.2's installation page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();
const load = (path: string): cheerio.CheerioAPI => cheerio.load(readFileSync(join(site.out, path.slice(1), 'index.html'), 'utf8'));
const dropdown = (path: string, version: string): string | undefined => load(path)(`[data-slot=versions] a[data-version="${version}"]`).attr('href');

it("leads an export's page to its page in the other version when its kind changed", async () => {
  writeFileSync(join(site.pkg, 'build/index.d.ts'), '/** A shape. */\nexport declare class Shape {\n  /** Its sides. */\n  sides: number;\n}\n');
  writeFileSync(join(site.checkout, RELEASE_DIR, 'build/index.d.ts'), '/** A shape. */\nexport interface Shape {\n  /** Its sides. */\n  sides: number;\n}\n');
  const r = await site.build();
  expect(r.code, r.output).toBe(0);
  const three = '/docs/api/classes/Shape';
  const four = '/docs/4.0/api/interfaces/Shape';
  expect(load(three)('.vm').attr('href')).toBe(four);
  expect({ from3: dropdown(three, '4.0.0'), from4: dropdown(four, '3.3.2'), banner: load(three)('.version-banner a').attr('href') })
    .toEqual({ from3: four, from4: three, banner: four });
});
