// out/ is content between runs, and git keeps links: a checkout can hold
// `out` as a link to a folder outside the repository. The CLI follows it
// (main.ts followOut: "that is the output folder") and the claim accepts any
// empty folder, so the site, content/static's files byte for byte among it,
// is written to wherever the link leads: an empty ~/.config/fish/conf.d (the
// shell runs every *.fish there when it starts) gets content/static/x.fish,
// and the user's own folder is renamed aside and deleted. A link committed
// next to the content chose that folder, not the user.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT } = freshCheckout();

/** `pkidocs build` as a user runs it in the checkout: the default --out (out). */
function buildDefaultOut(args: string[] = []): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build', ...args], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
    });
  });
}

describe('a committed out link to an empty folder outside the repository', () => {
  it('writes nothing there and leaves the folder itself in place', async () => {
    const home = join(TMP, 'home');
    const confD = join(home, '.config/fish/conf.d');
    mkdirSync(confD, { recursive: true });
    const before = statSync(confD).ino;
    mkdirSync(join(CHECKOUT, 'content/static'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'content/static/prompt.fish'), 'echo k12-attack-ran-at-shell-start\n');
    symlinkSync('../home/.config/fish/conf.d', join(CHECKOUT, 'out'));

    const result = await buildDefaultOut();
    const after = { files: readdirSync(confD).sort(), sameFolder: statSync(confD).ino === before, beside: readdirSync(join(home, '.config/fish')).sort() };
    expect(after, result.output).toEqual({ files: [], sameFolder: true, beside: ['conf.d'] });
    expect(result.code).toBe(64);
    expect(result.output).toContain(`Refusing to use ${join(CHECKOUT, 'out')} as the output folder: it is a symbolic link to ${confD}.`);
    expect(result.output).toContain(`pass it itself: --out ${confD}`);
  }, 180_000);

  it('a link in a folder above --out inside the checkout is refused too', async () => {
    const elsewhere = join(TMP, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    symlinkSync('../elsewhere', join(CHECKOUT, 'site'));
    const result = await buildDefaultOut(['--out', 'site/out']);
    expect({ code: result.code, files: readdirSync(elsewhere) }, result.output).toEqual({ code: 64, files: [] });
    expect(result.output).toContain(`its folder ${join(CHECKOUT, 'site')} is a symbolic link to ${elsewhere}.`);
    expect(result.output).toContain(`pass it itself: --out ${join(elsewhere, 'out')}`);
  }, 180_000);
});
