// --out may be a symbolic link ("symlinks are resolved first", README): a
// deploy folder such as /var/www/site that pkidocs built, reached by a link
// named out. The refusal checks resolve the link and accept the site behind
// it, but the swap (output/guard.ts) then refuses to move out/ itself, which
// is a link outside the folders the build owns: every build ends with
// "Build failed with an unexpected error" (exit 1, the code of a pkidocs bug)
// and leaves its whole temporary site at out.tmp-<token>, one more per build,
// which no later build sweeps (the token is of a run that ended cleanly).
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, build } = freshCheckout();

/** `pkidocs build --out <out>` without removing out first (the checkout's build() does). */
function buildInPlace(): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
    });
  });
}

describe('an output folder reached through a symbolic link', () => {
  it('out -> a site pkidocs built: the build succeeds or refuses (exit 64); no temporary site is left beside it', async () => {
    expect((await build()).code).toBe(0);
    const site = join(TMP, 'served/site');
    mkdirSync(join(TMP, 'served'));
    renameSync(OUT, site);
    symlinkSync(site, OUT);
    writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), INSTALLATION.replace('Install it.', 'Install it, now changed.'));

    const first = await buildInPlace();
    const second = await buildInPlace();
    const left = readdirSync(TMP).filter((name) => name.startsWith('out.tmp-') || name.startsWith('out.old-'));
    expect({ codes: [first.code, second.code].map((c) => (c === 0 || c === 64 ? 'ok' : c)), left }, first.output).toEqual({ codes: ['ok', 'ok'], left: [] });
    // Built: the link is kept, and the site it leads to is the new one.
    if (first.code === 0) {
      expect(readlinkSync(OUT)).toBe(site);
      expect(readFileSync(join(site, 'docs/installation/index.html'), 'utf8')).toContain('now changed');
    }
  }, 120_000);
});
