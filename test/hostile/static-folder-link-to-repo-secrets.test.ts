// walk.ts now refuses a link *inside* a content folder that leads into
// .git, a dot-folder or node_modules (privatePart). The listed folder itself
// is resolved with realpath and never judged: content/static committed as a
// link (git keeps links) to .git or to node_modules/.cache/pkidocs makes
// every regular file there "content", copied into out/ and served.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const KEY = join(CHECKOUT, 'node_modules/.cache/pkidocs/seal.key');
const TOKEN = 'ghp_k8fixes00000000000000000000000000000';

beforeAll(() => {
  // The fresh checkout links node_modules/.cache to the real one: a real checkout has its own folder.
  rmSync(join(CHECKOUT, 'node_modules/.cache'), { recursive: true, force: true });
  mkdirSync(join(CHECKOUT, '.git'), { recursive: true });
  writeFileSync(join(CHECKOUT, '.git/config'), `[remote "origin"]\n\turl = https://x-access-token:${TOKEN}@github.com/o/r.git\n`);
});

describe('content/static itself a link into a private part of the repository', () => {
  it('content/static -> ../.git: .git/config (a token) is not published', async () => {
    symlinkSync('../.git', STATIC);
    const result = await build();
    const published = join(OUT, 'config');
    expect(existsSync(published) && readFileSync(published, 'utf8').includes(TOKEN), result.output).toBe(false);
  }, 180_000);

  it('content/static -> ../node_modules/.cache/pkidocs: the seal key is not published', async () => {
    await build(); // makes the key
    expect(existsSync(KEY)).toBe(true);
    symlinkSync('../node_modules/.cache/pkidocs', STATIC);
    const result = await build();
    const published = join(OUT, 'seal.key');
    const leaked = existsSync(published) && readFileSync(published).equals(readFileSync(KEY));
    expect(leaked, result.output).toBe(false);
  }, 180_000);
});
