// The one "inside this folder" check behind every write and delete guard, and
// the real path of a path that may not exist yet: the edge cases each of the
// copies it replaced handled (or missed) on its own.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInside, realPathOf, realPathOfSync, whereItLands, whereItLandsSync } from '../../../src/shared/path-inside.ts';

let TMP = '';
beforeAll(() => {
  TMP = realpathSync(mkdtempSync(join(tmpdir(), 'pkidocs-path-inside-')));
  mkdirSync(join(TMP, 'out/sub'), { recursive: true });
  mkdirSync(join(TMP, 'outside'));
  mkdirSync(join(TMP, 'OUT'));
  writeFileSync(join(TMP, 'out/sub/page.html'), '');
  symlinkSync(join(TMP, 'outside'), join(TMP, 'out/planted')); // a folder of out/ that leads out of it
  symlinkSync(join(TMP, 'out'), join(TMP, 'out-link')); // a link to out/ itself
  symlinkSync(join(TMP, 'outside'), join(TMP, 'out/file-link'));
  symlinkSync(join(TMP, 'loop'), join(TMP, 'loop'));
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const OUT = (p = ''): string => join(TMP, 'out', p);

describe('isInside', () => {
  it('counts the folder itself only when asked to', () => {
    expect(isInside(OUT(), OUT())).toBe(false);
    expect(isInside(OUT(), OUT(), { orSelf: true })).toBe(true);
    expect(isInside(OUT('sub/page.html'), OUT())).toBe(true);
    expect(isInside(OUT('sub/page.html'), OUT(), { orSelf: true })).toBe(true);
  });

  it('does not take a sibling whose name starts with the folder name (out2, out-link, out.old)', () => {
    for (const sibling of ['out2', 'out2/page.html', 'out-link/x', 'out.old', 'outside/x']) {
      expect(isInside(join(TMP, sibling), OUT()), sibling).toBe(false);
      expect(isInside(join(TMP, sibling), OUT(), { orSelf: true }), sibling).toBe(false);
    }
  });

  it('folds .. and . before comparing, and tells a name starting with .. from ..', () => {
    expect(isInside(`${OUT()}/../outside/x`, OUT(), { orSelf: true })).toBe(false);
    expect(isInside(`${OUT()}/..`, OUT(), { orSelf: true })).toBe(false);
    expect(isInside(`${OUT()}/sub/../../out2`, OUT(), { orSelf: true })).toBe(false);
    expect(isInside(`${OUT()}/sub/../page.html`, OUT())).toBe(true);
    expect(isInside(`${OUT()}/./sub/.`, OUT())).toBe(true);
    expect(isInside(`${OUT()}/sub/..`, OUT())).toBe(false); // the folder itself
    expect(isInside(OUT('..page.html'), OUT())).toBe(true); // a file named "..page.html" is inside
    expect(isInside(OUT('...'), OUT())).toBe(true);
    expect(isInside(TMP, OUT(), { orSelf: true })).toBe(false); // the parent is not inside its child
    expect(isInside('/', OUT(), { orSelf: true })).toBe(false);
    expect(isInside(OUT('x'), '/')).toBe(true);
  });

  it('ignores trailing separators and doubled ones', () => {
    expect(isInside(`${OUT()}/`, OUT())).toBe(false);
    expect(isInside(`${OUT()}/`, `${OUT()}//`, { orSelf: true })).toBe(true);
    expect(isInside(`${OUT()}//sub//page.html`, `${OUT()}/`)).toBe(true);
    expect(isInside(`${join(TMP, 'out2')}/`, `${OUT()}/`)).toBe(false);
  });

  it('counts letter case: OUT is another folder than out (as on Linux)', () => {
    expect(isInside(join(TMP, 'OUT/x'), OUT(), { orSelf: true })).toBe(false);
    expect(isInside(join(TMP, 'OUT'), OUT(), { orSelf: true })).toBe(false);
    expect(isInside(OUT('x'), join(TMP, 'OUT'), { orSelf: true })).toBe(false);
  });

  it('reads relative paths from the working folder, as the file system does', () => {
    const rel = relative(process.cwd(), OUT('sub/page.html'));
    expect(isInside(rel, OUT())).toBe(true);
    expect(isInside(OUT('sub'), relative(process.cwd(), OUT()))).toBe(true);
    expect(isInside(relative(process.cwd(), join(TMP, 'out2')), OUT(), { orSelf: true })).toBe(false);
  });

  it('compares paths as written: a link is not resolved (resolve it first)', () => {
    expect(isInside(OUT('planted/x'), OUT())).toBe(true);
    expect(isInside(realPathOfSync(OUT('planted/x')), OUT())).toBe(false);
  });
});

describe('realPathOf and whereItLands', () => {
  const both = async (f: (p: string) => string, g: (p: string) => Promise<string>, path: string): Promise<string> => {
    const sync = f(path);
    expect(await g(path), path).toBe(sync);
    return sync;
  };
  const real = (p: string): Promise<string> => both(realPathOfSync, realPathOf, p);
  const lands = (p: string): Promise<string> => both(whereItLandsSync, whereItLands, p);

  it('resolves an existing path through its links', async () => {
    expect(await real(OUT('sub/page.html'))).toBe(OUT('sub/page.html'));
    expect(await real(OUT('planted'))).toBe(join(TMP, 'outside'));
    expect(await real(join(TMP, 'out-link/sub'))).toBe(OUT('sub'));
  });

  it('resolves a path that does not exist yet through its nearest existing folder, keeping the rest as written', async () => {
    expect(await real(OUT('new/deeper/file.html'))).toBe(OUT('new/deeper/file.html'));
    expect(await real(OUT('planted/new/file.html'))).toBe(join(TMP, 'outside/new/file.html'));
    expect(await real(join(TMP, 'out-link/new'))).toBe(OUT('new'));
    expect(await real(`${OUT()}/sub/../new/`)).toBe(OUT('new'));
  });

  it('keeps a path below a file as written (the write then fails with ENOTDIR)', async () => {
    expect(await real(OUT('sub/page.html/x/y'))).toBe(OUT('sub/page.html/x/y'));
  });

  it('lands a missing file under a linked folder outside the folder, so the check refuses it', async () => {
    const target = await lands(OUT('planted/new.html'));
    expect(target).toBe(join(TMP, 'outside/new.html'));
    expect(isInside(target, await real(OUT()))).toBe(false);
    expect(isInside(await lands(join(TMP, 'out-link/sub/new.html')), await real(join(TMP, 'out-link')))).toBe(true);
  });

  it('does not follow a link at the name itself: a chokepoint replaces or removes it', async () => {
    expect(await lands(OUT('file-link'))).toBe(OUT('file-link'));
    expect(isInside(await lands(OUT('file-link')), OUT())).toBe(true);
    expect(await lands(join(TMP, 'out-link'))).toBe(join(TMP, 'out-link'));
  });

  it('fails, rather than guess, on a link loop', async () => {
    expect(() => realPathOfSync(join(TMP, 'loop/out'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    await expect(realPathOf(join(TMP, 'loop/out'))).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(whereItLands(join(TMP, 'loop/x'))).rejects.toMatchObject({ code: 'ELOOP' });
  });

  it('resolves the file system root to itself', async () => {
    expect(await real('/')).toBe('/');
    expect(await lands('/')).toBe('/');
  });
});
