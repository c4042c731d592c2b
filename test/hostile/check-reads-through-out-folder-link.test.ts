// `pkidocs check` compares out/ with its manifest before crawling, and both
// are content between runs (a committed or restored out/). verify.ts opens
// each listed file with O_NOFOLLOW, which refuses a link at the last name
// only: a listed `keys/id_ed25519` whose folder `keys` is a link to ~/.ssh
// is read there, and the log states the key's size ("(371 bytes, the build
// wrote 1; …)"), and with a guessed sha256, whether the guess is right.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, out: OUT, check } = freshCheckout();
const KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${'k12'.repeat(100)}\n-----END OPENSSH PRIVATE KEY-----\n`;

describe('check of an out/ whose folder is a link out of it', () => {
  it('reads nothing through the link: the log does not state the size of the file there', async () => {
    const ssh = join(TMP, 'home/.ssh');
    mkdirSync(ssh, { recursive: true });
    writeFileSync(join(ssh, 'id_ed25519'), KEY);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, '.pkidocs-out'), 'This folder was written by pkidocs.\n');
    writeFileSync(join(OUT, '.pkidocs-manifest.json'), `{"pkidocs":"manifest","version":1,"files":{\n"keys/id_ed25519":{"size":1,"sha256":"${'0'.repeat(64)}"}\n}}\n`);
    symlinkSync(ssh, join(OUT, 'keys'));

    const result = await check();
    expect(result.output).not.toContain(`${Buffer.byteLength(KEY)} bytes`);
  }, 120_000);
});
