// The config refuses a release dir leading out of the checkout ('..' or '/'
// in docs.versions[].library.dir), but not a committed link on the way:
// content/versions/pkijs-4.0 made a link to a folder outside the checkout
// that holds a pkijs 4.0.0 was documented as 4.0 (exit 0), its README's text
// published on /docs/4.0/api/pkijs, its twin and 4.0's search index. The
// README and d.ts of a release must come from inside the checkout, as every
// other content file does.
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("refuses a release whose folder is a link out of the checkout", async () => {
  const elsewhere = join(site.tmp, 'elsewhere');
  mkdirSync(elsewhere, { recursive: true });
  renameSync(join(site.checkout, 'content/versions/pkijs-4.0'), join(elsewhere, 'pkijs-4.0'));
  writeFileSync(join(elsewhere, 'pkijs-4.0/node_modules/pkijs/README.md'), '# Not yours\n\nText from outside the checkout.\n');
  symlinkSync(join(elsewhere, 'pkijs-4.0'), join(site.checkout, 'content/versions/pkijs-4.0'));
  const r = await site.build();
  expect(site.filesHolding('Text from outside the checkout')).toEqual([]);
  expect(r.code, r.output).not.toBe(0);
  expect(r.output).toContain('content/versions/pkijs-4.0');
});
