// What a crashed build left beside out/ is put right by the next one: the
// previous site comes back when out/ is missing, every other leftover of
// pkidocs goes, and folders pkidocs did not write are never touched.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKER } from '../../../src/output/out-dir.ts';
import { recoverLeftovers } from '../../../src/output/recover.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-recover');
const OUT = join(TMP, 'out');

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
  it('restores out/ from out.old-N when a build died between its two renames, and drops its new site', async () => {
    site('out.old-4001', 'previous');
    site('out.tmp-4001', 'new, maybe incomplete');
    const lines = await recoverLeftovers(OUT, 5000);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(TMP)).toEqual(['out']);
    expect(lines).toEqual([
      `Restored ${OUT} from out.old-4001, left by a build (pid 4001) that stopped between its two renames.`,
      'Removed out.tmp-4001, left by a build (pid 4001) that did not finish.',
    ]);
  });

  it('restores a previous site, never a newer half-written new one', async () => {
    site('out.old-4001', 'previous');
    site('out.tmp-4002', 'new, maybe incomplete');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(TMP, 'out.tmp-4002'), later, later);
    await recoverLeftovers(OUT, 5000);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('touches only names that are exactly <out>.tmp-N or <out>.old-N, and a missing parent is nothing to do', async () => {
    site('out', 'current');
    site('out.backup-old-4001', 'a copy someone made');
    site('out.xtmp-4001', 'another');
    site('out.tmp-4001x', 'and another');
    expect(await recoverLeftovers(OUT, 5000)).toEqual([]);
    expect(readdirSync(TMP).sort()).toEqual(['out', 'out.backup-old-4001', 'out.tmp-4001x', 'out.xtmp-4001']);
    expect(await recoverLeftovers(join(TMP, 'no/such/out'), 5000)).toEqual([]);
  });

  it('restores the newest previous site when several crashed runs left one', async () => {
    site('out.old-1', 'older');
    await new Promise((r) => setTimeout(r, 20));
    site('out.old-2', 'newer');
    await recoverLeftovers(OUT, 5000);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('newer');
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('keeps an existing out/ and removes the leftovers beside it', async () => {
    site('out', 'current');
    site('out.old-7', 'stale');
    site('out.tmp-8', 'half');
    expect(await recoverLeftovers(OUT, 5000)).toHaveLength(2);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('current');
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('leaves alone its own temporary folder, other outputs, and folders pkidocs did not write', async () => {
    site('out.tmp-5000', 'this process');
    site('outer.tmp-9', 'another output folder');
    site('out.tmp-10', 'not ours', false);
    site('out.tmp-x', 'not a pid');
    writeFileSync(join(TMP, 'out.old-11'), 'a file');
    expect(await recoverLeftovers(OUT, 5000)).toEqual([]);
    expect(readdirSync(TMP).sort()).toEqual(['out.old-11', 'out.tmp-10', 'out.tmp-5000', 'out.tmp-x', 'outer.tmp-9']);
    expect(existsSync(OUT)).toBe(false);
  });
});
