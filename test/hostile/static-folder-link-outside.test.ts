// walk.ts refuses a link inside a content folder that leads outside the
// repository (content/link-outside), but the listed folder itself is only
// realpath'ed: content/static committed as a link to a folder outside the
// checkout (a user's ~/.ssh, say: git keeps links, `ln -s ../../.ssh`)
// publishes every file there. And a dotfile that is a plain file in
// content/static (a .env a tool dropped there) is published as any other.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nk8-fixes-never-published\n';

describe('content/static and the files that are no content', () => {
  it('content/static as a link to a folder outside the repository publishes nothing from there', async () => {
    const ssh = join(TMP, 'home/.ssh');
    mkdirSync(ssh, { recursive: true });
    writeFileSync(join(ssh, 'id_ed25519'), KEY);
    symlinkSync('../../home/.ssh', STATIC);
    const result = await build();
    const published = join(OUT, 'id_ed25519');
    expect(existsSync(published) && readFileSync(published, 'utf8').includes(KEY), result.output).toBe(false);
  }, 180_000);

  it('a .env in content/static is not published', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, '.env'), 'API_TOKEN=k8-fixes-never-published\n');
    const result = await build();
    expect(existsSync(join(OUT, '.env')), result.output).toBe(false);
  }, 180_000);
});
