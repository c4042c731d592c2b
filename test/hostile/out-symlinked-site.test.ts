// An output folder reached through a symbolic link (a deploy folder such as
// /var/www/site reached by a link named out) is refused with exit 64: a link
// committed as out could lead anywhere (out-link-to-empty-folder-outside).
// Once, the swap refused to move the link after the checks had accepted it,
// and every build left its whole temporary site at out.tmp-<token>.
import { mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, build, pkidocs } = freshCheckout();
/** `pkidocs build --out <out>` without removing out first (build() does). */
const buildInPlace = () => pkidocs('build', '--out', OUT);

describe('an output folder reached through a symbolic link', () => {
  it('out -> a site pkidocs built: the build refuses (exit 64), names the folder to pass instead, and leaves no temporary site', async () => {
    expect((await build()).code).toBe(0);
    const site = join(TMP, 'served/site');
    mkdirSync(join(TMP, 'served'));
    renameSync(OUT, site);
    symlinkSync(site, OUT);
    writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), INSTALLATION.replace('Install it.', 'Install it, now changed.'));

    const first = await buildInPlace();
    const second = await buildInPlace();
    const left = readdirSync(TMP).filter((name) => name.startsWith('out.tmp-') || name.startsWith('out.old-'));
    expect({ codes: [first.code, second.code], left }, first.output).toEqual({ codes: [64, 64], left: [] });
    expect(first.output).toContain(`--out ${site}`);
    // Refused: the link and the site it leads to are as they were.
    expect(readlinkSync(OUT)).toBe(site);
    expect(readFileSync(join(site, 'docs/installation/index.html'), 'utf8')).not.toContain('now changed');
  }, 120_000);
});
