// Which folders may become the output folder: never the project, its
// sources or the content folder (symlinks resolved), and only a missing,
// empty or pkidocs-written folder.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST } from '../../../src/output/manifest.ts';
import { contentsProblem, hasMarker, isOurs, MARKER, MARKER_TEXT, protectedProblem } from '../../../src/output/out-dir.ts';
import { realPathOf } from '../../../src/shared/path-inside.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-out-dir');
const rules = { root: ROOT, contentDir: join(ROOT, 'content') };

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const problem = async (out: string, r = rules) => (await protectedProblem(out, r))?.message;

describe('protected folders', () => {
  it.each([
    ['the repository root', ROOT, `Refusing to use ${ROOT} as the output folder: it is the repository root.`],
    ['a folder containing it', join(ROOT, '..'), `it contains the repository (${ROOT})`],
    ['the filesystem root', '/', `it contains the repository (${ROOT})`],
    ['the content folder', join(ROOT, 'content'), 'it is the content folder, where the site config lives'],
    ['a folder inside it', join(ROOT, 'content/docs'), `it is inside the content folder (${join(ROOT, 'content')})`],
    ['a missing folder inside it', join(ROOT, 'content/static/new/out'), 'it is inside the content folder'],
    ['src/', join(ROOT, 'src'), "it is the project's src/ folder"],
    ['templates/', join(ROOT, 'templates'), "it is the project's templates/ folder"],
    ['client/', join(ROOT, 'client'), "it is the project's client/ folder"],
    ['.git', join(ROOT, '.git'), "it is the project's .git/ folder"],
    ['a folder inside .git', join(ROOT, '.git/site'), "it is inside the project's .git/ folder"],
    ['node_modules/', join(ROOT, 'node_modules'), "it is the project's node_modules/ folder"],
  ])('refuses %s', async (_name, out, message) => {
    const d = await protectedProblem(out, rules);
    expect(d).toMatchObject({ category: 'usage', code: 'output/protected-folder', severity: 'error' });
    expect(d!.message).toContain(message);
    expect(d!.message).toContain('pkidocs replaces the output folder as a whole, so everything in it would be deleted.');
    expect(d!.hint).toBe('Pass --out a folder of its own: a missing or empty one, or one pkidocs wrote before (the default is out).');
  });

  it('refuses a content folder outside the repository, and any folder holding it', async () => {
    const site = { root: ROOT, contentDir: join(TMP, 'elsewhere/content') };
    mkdirSync(site.contentDir, { recursive: true });
    expect(await problem(site.contentDir, site)).toContain('it is the content folder');
    expect(await problem(join(TMP, 'elsewhere'), site)).toContain(`it contains the content folder (${site.contentDir})`);
    expect(await problem(join(TMP, 'elsewhere/out'), site)).toBeUndefined();
  });

  it('resolves symlinks: a link to the repository or to content/ is refused, also through a linked parent', async () => {
    symlinkSync(ROOT, join(TMP, 'to-repo'));
    symlinkSync(join(ROOT, 'content'), join(TMP, 'to-content'));
    expect(await problem(join(TMP, 'to-repo'))).toBe(`Refusing to use ${join(TMP, 'to-repo')} (${ROOT}) as the output folder: it is the repository root. pkidocs replaces the output folder as a whole, so everything in it would be deleted.`);
    expect(await problem(join(TMP, 'to-content'))).toContain('it is the content folder');
    expect(await problem(join(TMP, 'to-repo/src/not-yet'))).toContain("it is inside the project's src/ folder");
  });

  it('allows a folder of its own inside the repository or anywhere else', async () => {
    expect(await problem(join(ROOT, 'out'))).toBeUndefined();
    expect(await problem(join(ROOT, 'test/.tmp/some/deep/site'))).toBeUndefined();
    expect(await problem(join(TMP, 'missing/out'))).toBeUndefined();
  });
});

describe('folder contents', () => {
  const dir = (name: string, files: Record<string, string> = {}): string => {
    const d = join(TMP, name);
    mkdirSync(d, { recursive: true });
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(join(d, f, '..'), { recursive: true });
      writeFileSync(join(d, f), text);
    }
    return d;
  };

  it('explains itself in its marker file', () => {
    expect(MARKER).toBe('.pkidocs-out');
    expect(MARKER_TEXT).toBe('This folder was written by pkidocs. `pkidocs build` replaces it as a whole; do not keep other files in it.\n');
  });

  it('accepts a missing folder, an empty one and a marked one', async () => {
    expect(await contentsProblem(join(TMP, 'not-there'))).toBeUndefined();
    expect(await contentsProblem(dir('empty'))).toBeUndefined();
    expect(await contentsProblem(dir('marked', { [MARKER]: '', 'index.html': 'old' }))).toBeUndefined();
  });

  it('accepts a site written before markers existed (index.html, 404.html, _pkidocs/chunks)', async () => {
    const legacy = dir('legacy', { 'index.html': '', '404.html': '', '_pkidocs/chunks/index.json': '{}' });
    expect(await isOurs(legacy)).toBe(true);
    expect(await contentsProblem(legacy)).toBeUndefined();
    // One of the three missing: not recognisably a site.
    expect(await isOurs(dir('almost', { 'index.html': '', '_pkidocs/chunks/index.json': '{}' }))).toBe(false);
  });

  it('refuses a non-empty folder without the marker, and a marker that is not a file', async () => {
    const d = await contentsProblem(dir('foreign', { 'notes.txt': 'mine' }));
    expect(d).toMatchObject({ category: 'usage', code: 'output/not-ours' });
    expect(d!.message).toBe(`Refusing to use ${join(TMP, 'foreign')} as the output folder: it holds files that pkidocs did not write (there is no ${MARKER} file in it). pkidocs replaces the output folder as a whole, so everything in it would be deleted.`);
    expect(d!.hint).toBe('If it is an old site you no longer need, delete it yourself; otherwise pass --out a missing or empty folder.');
    expect((await contentsProblem(dir('fake-marker', { [`${MARKER}/x`]: '' })))?.code).toBe('output/not-ours');
  });

  it('refuses a file', async () => {
    writeFileSync(join(TMP, 'a-file'), 'text');
    const d = await contentsProblem(join(TMP, 'a-file'));
    expect(d).toMatchObject({ category: 'usage', code: 'output/not-a-folder' });
    expect(d!.message).toBe(`Refusing to use ${join(TMP, 'a-file')} as the output folder: it is a file, not a folder. pkidocs replaces the output folder as a whole, so the file would be deleted.`);
    expect(d!.hint).toBe('Pass --out a folder of its own: a missing or empty one, or one pkidocs wrote before (the default is out).');
  });

  it('resolves a missing path below a file as far as it exists', async () => {
    writeFileSync(join(TMP, 'plain-file'), 'text');
    expect(await realPathOf(join(TMP, 'plain-file/a/b'))).toBe(join(TMP, 'plain-file/a/b'));
    expect(await realPathOf(join(TMP, 'nowhere/a'))).toBe(join(TMP, 'nowhere/a'));
  });

  it('knows its marker only as a file, and an old site only with chunks as a folder', async () => {
    expect(await hasMarker(dir('with-marker', { [MARKER]: '', [MANIFEST]: '' }))).toBe(true);
    expect(await hasMarker(dir('marker-only', { [MARKER]: '' }))).toBe(false); // an older site: written whole, not in place
    expect(await hasMarker(dir('without-marker', { 'index.html': '' }))).toBe(false);
    expect(await hasMarker(join(TMP, 'missing-folder'))).toBe(false);
    expect(await hasMarker(dir('marker-folder', { [`${MARKER}/x`]: '' }))).toBe(false);
    expect(await isOurs(dir('chunks-file', { 'index.html': '', '404.html': '', '_pkidocs/chunks': '' }))).toBe(false);
    expect(await isOurs(dir('no-index', { '404.html': '', '_pkidocs/chunks/a.json': '' }))).toBe(false);
    expect(await isOurs(dir('no-chunks', { 'index.html': '', '404.html': '' }))).toBe(false);
  });

  it('fails, rather than guess, on a path it cannot resolve for a reason other than its absence (a link loop)', async () => {
    symlinkSync(join(TMP, 'loop'), join(TMP, 'loop'));
    const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e: NodeJS.ErrnoException) => e.code);
    expect(await code(realPathOf(join(TMP, 'loop/out')))).toBe('ELOOP');
    expect(await code(hasMarker(join(TMP, 'loop')))).toBe('ELOOP');
  });
});
