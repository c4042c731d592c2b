// What a crashed build left beside out/ is put right by the next one: the
// previous site comes back when out/ is missing, and the dead build's
// temporary site goes; only folders named with the dead build's token (from
// its lock) are touched, never a folder that merely looks like a leftover.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKER } from '../../../src/output/out-dir.ts';
import { recoverLeftovers } from '../../../src/output/recover.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-recover');
const OUT = join(TMP, 'out');
const MINE = '1111111111111111';
const DEAD = { pid: 4001, token: 'dddddddddddddddd' };

/** A site folder pkidocs wrote (marked), holding one page with `text`. */
function site(name: string, text: string, marked = true): void {
  mkdirSync(join(TMP, name), { recursive: true });
  writeFileSync(join(TMP, name, 'index.html'), text);
  if (marked) writeFileSync(join(TMP, name, MARKER), '');
}

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('recovering after a crashed build', () => {
  it('restores out/ from the dead build\'s out.old-<token>, and drops its new site', async () => {
    site(`out.old-${DEAD.token}`, 'previous');
    site(`out.tmp-${DEAD.token}`, 'new, maybe incomplete');
    const lines = await recoverLeftovers(OUT, MINE, DEAD);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(TMP)).toEqual(['out']);
    expect(lines).toEqual([
      `Restored ${OUT} from out.old-${DEAD.token}, left by a build (pid 4001) that stopped between its two renames.`,
      `Removed out.tmp-${DEAD.token}, left by a build (pid 4001) that did not finish.`,
    ]);
  });

  it('keeps an existing out/ and removes the dead build\'s folders beside it', async () => {
    site('out', 'current');
    site(`out.old-${DEAD.token}`, 'stale');
    site(`out.tmp-${DEAD.token}`, 'half');
    expect(await recoverLeftovers(OUT, MINE, DEAD)).toHaveLength(2);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('current');
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('names and leaves alone every folder no dead lock names: a backup out.old-1, an older pkidocs\'s out.tmp-N, an unmarked one', async () => {
    site('out.old-1', 'my backup, with notes');
    site('out.tmp-4002', 'an older pkidocs');
    site(`out.tmp-${DEAD.token}`, 'not ours after all', false);
    site(`out.tmp-${MINE}`, 'this process');
    site('outer.tmp-9', 'another output folder');
    writeFileSync(join(TMP, `out.old-${DEAD.token}`), 'a file');
    const lines = await recoverLeftovers(OUT, MINE, DEAD);
    expect(readdirSync(TMP).sort()).toEqual([`out.old-${DEAD.token}`, 'out.old-1', `out.tmp-${DEAD.token}`, 'out.tmp-4002', `out.tmp-${MINE}`, 'outer.tmp-9'].sort());
    expect(readFileSync(join(TMP, 'out.old-1/index.html'), 'utf8')).toBe('my backup, with notes');
    expect(lines).toContain(`Left ${join(TMP, 'out.old-1')} alone: its name is like a leftover of a build, but no lock of pkidocs names it, so it may be yours. Delete it yourself if it is not.`);
    expect(lines.filter((l) => l.startsWith('Left'))).toHaveLength(4);
    expect(existsSync(OUT)).toBe(false);
    // Without a dead lock, nothing is restored either.
    expect((await recoverLeftovers(OUT, MINE, undefined)).every((l) => l.startsWith('Left'))).toBe(true);
    expect(await recoverLeftovers(join(TMP, 'no/such/out'), MINE, DEAD)).toEqual([]);
  });
});
