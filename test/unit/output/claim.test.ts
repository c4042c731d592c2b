// Claiming the output folder before a build: refusals come before the lock,
// a crashed build's leftovers are put right under the lock, and a refusal
// after the lock was taken releases it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildFailure } from '../../../src/diagnostics/diagnostic.ts';
import { claimOutDir } from '../../../src/output/claim.ts';
import { lockPath } from '../../../src/output/lock.ts';
import { MARKER, MARKER_TEXT } from '../../../src/output/out-dir.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-claim');
const rules = { root: ROOT, contentDir: join(ROOT, 'content') };
const STALE = 'feedfacefeedface';

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const failure = (e: unknown) => (e as BuildFailure).diagnostics.map((d) => [d.category, d.code]);

describe('claimOutDir', () => {
  it('locks a missing folder, creating its parents, and unlocks on release', async () => {
    const out = join(TMP, 'a/b/site');
    const info: string[] = [];
    const lock = await claimOutDir({ ...rules, outDir: out, onInfo: (l) => info.push(l) });
    expect(JSON.parse(readFileSync(lockPath(out), 'utf8'))).toMatchObject({ pkidocs: 'output-lock', pid: process.pid, token: lock.token });
    expect(info).toEqual([]);
    await lock.release();
    expect(readdirSync(join(TMP, 'a/b'))).toEqual([]);
  });

  it('refuses the repository before taking any lock', async () => {
    const e = await claimOutDir({ ...rules, outDir: join(ROOT, 'src'), onInfo: () => {} }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BuildFailure);
    expect(failure(e)).toEqual([['usage', 'output/protected-folder']]);
    expect(existsSync(lockPath(join(ROOT, 'src')))).toBe(false);
  });

  it('refuses a folder it did not write before taking any lock', async () => {
    const out = join(TMP, 'notes');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'keep');
    const e = await claimOutDir({ ...rules, outDir: out, onInfo: () => {} }).catch((err: unknown) => err);
    expect(failure(e)).toEqual([['usage', 'output/not-ours']]);
    expect(readdirSync(TMP)).toEqual(['notes']);
  });

  it('puts back the previous site a crashed build left aside, and says so', async () => {
    const out = join(TMP, 'site');
    // The lock of a dead build (pid 999999999) names its token, and with it its folders beside out/.
    writeFileSync(lockPath(out), JSON.stringify({ pkidocs: 'output-lock', pid: 999999999, token: STALE }));
    const old = `${out}.old-${STALE}`;
    mkdirSync(old);
    writeFileSync(join(old, MARKER), MARKER_TEXT);
    writeFileSync(join(old, 'index.html'), 'previous');
    const info: string[] = [];
    const lock = await claimOutDir({ ...rules, outDir: out, onInfo: (l) => info.push(l) });
    expect(info).toEqual([`Restored ${out} from site.old-${STALE}, left by a build (pid 999999999) that stopped between its two renames.`]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    await lock.release();
    expect(readdirSync(TMP)).toEqual(['site']);
  });

  it('refuses a restored folder that is not a site it wrote, and releases the lock', async () => {
    const out = join(TMP, 'site');
    // The lock of a dead build (pid 999999999) names its token, and with it its folders beside out/.
    writeFileSync(lockPath(out), JSON.stringify({ pkidocs: 'output-lock', pid: 999999999, token: STALE }));
    const old = `${out}.old-${STALE}`;
    mkdirSync(old);
    writeFileSync(join(old, MARKER), MARKER_TEXT);
    writeFileSync(join(old, 'thesis.tex'), 'work');
    // The marker is all that makes a folder ours: take it away after the leftover was recognised.
    const e = await claimOutDir({ ...rules, outDir: out, onInfo: () => rmSync(join(out, MARKER)) }).catch((err: unknown) => err);
    expect(failure(e)).toEqual([['usage', 'output/not-ours']]);
    expect(existsSync(lockPath(out))).toBe(false);
    expect(readdirSync(out)).toEqual(['thesis.tex']);
  });
});
