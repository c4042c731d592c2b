// content/static/ is content: a link there is followed when it stays inside
// the repository (src/content/walk.ts checks isInside(target, root)). But the
// repository holds files that are no site's to publish: the cache's seal key
// (node_modules/.cache/pkidocs/seal.key, which lets whoever can write a
// restored CI cache forge a sealed module, i.e. run code in the next build)
// and .git/config (a remote URL with its token). A static file that is a link
// to either is copied into out/ and served.
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const KEY = join(CHECKOUT, 'node_modules/.cache/pkidocs/seal.key');
const TOKEN = 'ghp_k7paths0000000000000000000000000000';

beforeAll(() => {
  // The fresh checkout links node_modules/.cache to the real one: a real checkout has its own folder.
  rmSync(join(CHECKOUT, 'node_modules/.cache'), { recursive: true, force: true });
  mkdirSync(join(CHECKOUT, '.git'), { recursive: true });
  writeFileSync(join(CHECKOUT, '.git/config'), `[remote "origin"]\n\turl = https://x-access-token:${TOKEN}@github.com/o/r.git\n`);
});

describe('a static file linked to a secret of the repository', () => {
  it('the seal key is not published', async () => {
    mkdirSync(STATIC, { recursive: true });
    symlinkSync('../../node_modules/.cache/pkidocs/seal.key', join(STATIC, 'logo.bin'));
    const result = await build();
    expect(lstatSync(KEY).isFile()).toBe(true); // the build made the key
    const published = join(OUT, 'logo.bin');
    const leaked = existsSync(published) && readFileSync(published).equals(readFileSync(KEY));
    expect(leaked, result.output).toBe(false);
  }, 180_000);

  it('.git/config (a token in its remote URL) is not published', async () => {
    mkdirSync(STATIC, { recursive: true });
    symlinkSync('../../.git/config', join(STATIC, 'robots.txt'));
    const result = await build();
    const published = join(OUT, 'robots.txt');
    expect(existsSync(published) && readFileSync(published, 'utf8').includes(TOKEN), result.output).toBe(false);
  }, 180_000);
});
