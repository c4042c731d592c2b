// "Hidden files (.env, .npmrc, .git/) are never read or published" (README),
// and code includes and data modules now refuse them, but the package
// README is read by package-readme.ts with the package folder as its only
// boundary and no hidden check. npm installs a `file:` dependency or a
// workspace as a link (node_modules/pkijs -> ../vendor/pkijs), and a local
// checkout of a package holds its developer's .env: a README.md committed as
// a link to `.env` publishes the token on /docs/api/pkijs, its twin, its
// chunk and the search index.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, pkg: PKG, build, filesHolding } = freshCheckout();
const TOKEN = 'NPM_TOKEN=npm_k12attackNeverPublished';

describe('the package README', () => {
  it('is not read from a hidden file of the package folder', async () => {
    const vendor = join(CHECKOUT, 'vendor/pkijs');
    mkdirSync(join(CHECKOUT, 'vendor'), { recursive: true });
    renameSync(PKG, vendor); // the fake pkijs, installed as npm installs a file: dependency
    symlinkSync('../vendor/pkijs', PKG);
    writeFileSync(join(vendor, '.env'), `${TOKEN}\n`);
    rmSync(join(vendor, 'README.md'));
    symlinkSync('.env', join(vendor, 'README.md'));
    const result = await build();
    expect(filesHolding('npm_k12attackNeverPublished'), result.output).toEqual([]);
    expect(result.code).toBe(3);
    expect(result.output).toContain(`is a symbolic link to ${join(vendor, '.env')}, which is in the hidden .env. Hidden files (.env, .npmrc, .git) are never read as content.`);
    expect(result.output).toContain('[content/hidden-file]');
  }, 180_000);
});
