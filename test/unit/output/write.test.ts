import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildFailure } from '../../../src/diagnostics/diagnostic.ts';
import { listStaticFiles } from '../../../src/output/copy-static.ts';
import { own } from '../../../src/output/guard.ts';
import { MANIFEST } from '../../../src/output/manifest.ts';
import { MARKER, MARKER_TEXT } from '../../../src/output/out-dir.ts';
import { stageSite, writeSite } from '../../../src/output/write.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-write');
const OUT = join(TMP, 'out');
/** The token of the writing in tests that look at the folders beside out/ by name. */
const TOKEN = '0123456789abcdef';

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Every file under a folder, by relative path, with its text. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
  return Object.fromEntries(files.map((d) => [relative(dir, join(d.parentPath, d.name)), readFileSync(join(d.parentPath, d.name), 'utf8')]).sort());
}

describe('writeSite', () => {
  it('replaces the whole output folder at once, copies static files and marks the folder', async () => {
    await writeSite(OUT, [{ path: 'stale/index.html', contents: 'old' }]);
    mkdirSync(join(TMP, 'static'));
    writeFileSync(join(TMP, 'static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { bytes, statics } = await writeSite(OUT, [
      { path: 'index.html', contents: 'home' },
      { path: 'docs/a/index.html', contents: new TextEncoder().encode('page a') },
    ], listStaticFiles(join(TMP, 'static'), ROOT).files);
    // The pages' 10 bytes and the static file's 41, which was copied.
    expect(bytes).toBe(10 + 41);
    expect(statics).toEqual({ copied: { files: 1, bytes: 41 }, kept: { files: 0, bytes: 0 } });
    expect(readdirSync(OUT).sort()).toEqual([MANIFEST, MARKER, 'docs', 'index.html', 'logo.svg']);
    expect(readFileSync(join(OUT, 'docs/a/index.html'), 'utf8')).toBe('page a');
    expect(readFileSync(join(OUT, MARKER), 'utf8')).toBe(MARKER_TEXT);
    expect(readdirSync(TMP).sort()).toEqual(['out', 'static']);
  });

  it('leaves the previous site whole in out/ until the swap, with the new one complete beside it', async () => {
    await writeSite(OUT, [{ path: 'index.html', contents: 'old home' }, { path: 'docs/old/index.html', contents: 'old page' }]);
    const before = snapshot(OUT);
    const pages = Array.from({ length: 200 }, (_, i) => ({ path: `docs/p${i}/index.html`, contents: `page ${i}` }));
    process.env.PKIDOCS_TEST_PAUSE = 'before-swap';
    try {
      const building = writeSite(OUT, [{ path: 'index.html', contents: 'new home' }, ...pages]);
      const flag = `${OUT}.paused`;
      await expect.poll(() => existsSync(flag), { timeout: 10_000, interval: 5 }).toBe(true);
      // Paused with every file written: out/ is still exactly the old site.
      expect(snapshot(OUT)).toEqual(before);
      const tmp = join(TMP, readdirSync(TMP).find((n) => n.startsWith('out.tmp-'))!);
      expect(Object.keys(snapshot(tmp))).toHaveLength(203);
      rmSync(flag);
      await building;
    } finally {
      delete process.env.PKIDOCS_TEST_PAUSE;
    }
    const after = snapshot(OUT);
    expect(after['index.html']).toBe('new home');
    expect(after['docs/p199/index.html']).toBe('page 199');
    expect(after['docs/old/index.html']).toBeUndefined();
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('puts the previous site back when the new one vanished between the two renames', async () => {
    mkdirSync(OUT);
    writeFileSync(join(OUT, MARKER), MARKER_TEXT);
    writeFileSync(join(OUT, 'index.html'), 'old home');
    const before = snapshot(OUT);
    process.env.PKIDOCS_TEST_PAUSE = 'between-renames';
    try {
      const building = writeSite(OUT, [{ path: 'index.html', contents: 'new home' }], [], TOKEN).then(() => undefined, (err: unknown) => err);
      await expect.poll(() => existsSync(`${OUT}.paused`), { timeout: 10_000, interval: 5 }).toBe(true);
      expect(existsSync(OUT)).toBe(false); // moved aside
      rmSync(`${OUT}.tmp-${TOKEN}`, { recursive: true });
      rmSync(`${OUT}.paused`);
      const e = (await building) as NodeJS.ErrnoException;
      expect([e.code, e.syscall]).toEqual(['ENOENT', 'rename']); // the rename's error, not a clean-up's
    } finally {
      delete process.env.PKIDOCS_TEST_PAUSE;
    }
    expect(snapshot(OUT)).toEqual(before);
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('drops the new site when something took out/\'s place between the two renames, and leaves that alone', async () => {
    mkdirSync(OUT);
    writeFileSync(join(OUT, MARKER), MARKER_TEXT);
    writeFileSync(join(OUT, 'index.html'), 'old home');
    process.env.PKIDOCS_TEST_PAUSE = 'between-renames';
    try {
      const building = writeSite(OUT, [{ path: 'index.html', contents: 'new home' }], [], TOKEN).then(() => undefined, (err: unknown) => err);
      await expect.poll(() => existsSync(`${OUT}.paused`), { timeout: 10_000, interval: 5 }).toBe(true);
      mkdirSync(OUT);
      writeFileSync(join(OUT, 'notes.txt'), 'someone else\'s');
      rmSync(`${OUT}.paused`);
      const e = (await building) as NodeJS.ErrnoException;
      expect(e.syscall).toBe('rename');
      expect((e as NodeJS.ErrnoException & { dest?: string }).dest).toBe(OUT);
    } finally {
      delete process.env.PKIDOCS_TEST_PAUSE;
    }
    expect(snapshot(OUT)).toEqual({ 'notes.txt': "someone else's" });
    expect(existsSync(`${OUT}.tmp-${TOKEN}`)).toBe(false);
    expect(snapshot(`${OUT}.old-${TOKEN}`)['index.html']).toBe('old home'); // kept for the next build's recovery
  });

  it('clears a temporary folder of its own left by an earlier run before writing into it', async () => {
    const tmp = `${OUT}.tmp-${TOKEN}`;
    mkdirSync(join(tmp, 'docs'), { recursive: true });
    writeFileSync(join(tmp, 'docs/left-over.html'), 'half a page');
    await writeSite(OUT, [{ path: 'index.html', contents: 'home' }], [], TOKEN);
    expect(Object.keys(snapshot(OUT))).toEqual([MANIFEST, MARKER, 'index.html']);
    expect(readdirSync(TMP)).toEqual(['out']);
  });

  it('stops, out/ untouched, when out/ cannot be moved aside for a reason other than its absence', async () => {
    mkdirSync(OUT);
    writeFileSync(join(OUT, MARKER), MARKER_TEXT);
    writeFileSync(join(OUT, 'index.html'), 'old home');
    const before = snapshot(OUT);
    const aside = `${OUT}.old-${TOKEN}`;
    mkdirSync(aside);
    writeFileSync(join(aside, 'in-the-way'), '');
    const e = (await writeSite(OUT, [{ path: 'index.html', contents: 'new home' }], [], TOKEN).then(() => undefined, (err: unknown) => err)) as NodeJS.ErrnoException;
    expect(e.syscall).toBe('rename');
    expect(e.path).toBe(OUT);
    expect(snapshot(OUT)).toEqual(before);
    expect(existsSync(`${OUT}.tmp-${TOKEN}`)).toBe(true); // left for the next build's recovery, as a crash would
  });

  it('writes its own marker over a static file or page of that name', async () => {
    mkdirSync(join(TMP, 'static'));
    writeFileSync(join(TMP, 'static', MARKER), 'from static');
    await writeSite(OUT, [{ path: MARKER, contents: 'from a page' }], listStaticFiles(join(TMP, 'static'), ROOT).files);
    expect(readFileSync(join(OUT, MARKER), 'utf8')).toBe(MARKER_TEXT);
  });

  it('refuses to swap out a folder pkidocs did not write, even one that appeared during the build', async () => {
    mkdirSync(OUT);
    writeFileSync(join(OUT, 'thesis.tex'), 'three years of work');
    const e = await writeSite(OUT, [{ path: 'index.html', contents: 'home' }]).then(() => undefined, (err: unknown) => err);
    expect(e).toBeInstanceOf(BuildFailure);
    expect((e as BuildFailure).diagnostics.map((d) => [d.category, d.code])).toEqual([['usage', 'output/not-ours']]);
    expect(readdirSync(OUT)).toEqual(['thesis.tex']);
    expect(readdirSync(TMP)).toEqual(['out']); // the new site was dropped, nothing left beside
  });

  it('creates a missing output folder, parents included', async () => {
    const out = join(TMP, 'a/b/site');
    await writeSite(out, [{ path: 'index.html', contents: 'home' }]);
    expect(readdirSync(out).sort()).toEqual([MANIFEST, MARKER, 'index.html']);
    expect(existsSync(`${out}.old-`)).toBe(false);
  });

  it('shares an unchanged file of the previous site by a hard link, and copies it where links fail', async () => {
    await writeSite(OUT, [{ path: 'same.html', contents: 'unchanged page' }]);
    const from = join(OUT, 'same.html');
    const inode = statSync(from).ino;
    const { bytes } = await writeSite(OUT, [
      { path: 'index.html', contents: 'home' },
      { path: 'docs/same.html', from, bytes: 14 },
    ]);
    expect(bytes).toBe(18);
    expect(readFileSync(join(OUT, 'docs/same.html'), 'utf8')).toBe('unchanged page');
    expect(statSync(join(OUT, 'docs/same.html')).ino).toBe(inode); // the same file, not a copy
    // On another file system (tmpfs here) a hard link is refused (EXDEV): the file is copied.
    const elsewhere = mkdtempSync('/dev/shm/pkidocs-write-');
    try {
      writeFileSync(join(elsewhere, 'other.html'), 'from elsewhere');
      await writeSite(OUT, [{ path: 'other.html', from: join(elsewhere, 'other.html'), bytes: 14 }]);
      expect(readFileSync(join(OUT, 'other.html'), 'utf8')).toBe('from elsewhere');
      expect(statSync(join(elsewhere, 'other.html')).nlink).toBe(1);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('leaves out/ as it is when it already holds exactly this site, and writes it when anything differs', async () => {
    mkdirSync(join(TMP, 'static'));
    writeFileSync(join(TMP, 'static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const statics = listStaticFiles(join(TMP, 'static'), ROOT).files;
    const site = () => [{ path: 'index.html', contents: 'home' }, { path: 'docs/a/index.html', from: join(OUT, 'docs/a/index.html'), bytes: 6 }];
    await writeSite(OUT, [{ path: 'index.html', contents: 'home' }, { path: 'docs/a/index.html', contents: 'page a' }], statics);
    const dir = statSync(OUT);
    const files = ['index.html', 'docs/a/index.html', 'logo.svg', MARKER].map((f) => statSync(join(OUT, f)));
    const same = await writeSite(OUT, site(), statics);
    expect(same).toEqual({ bytes: 10 + 41, unchanged: true });
    // Not moved, not rewritten: the same folder and files.
    expect(statSync(OUT).ino).toBe(dir.ino);
    expect(['index.html', 'docs/a/index.html', 'logo.svg', MARKER].map((f) => statSync(join(OUT, f))).map((s) => [s.ino, s.mtimeMs])).toEqual(files.map((s) => [s.ino, s.mtimeMs]));
    expect(readdirSync(TMP).sort()).toEqual(['out', 'static']);

    // A stray file in out/ (not in its manifest) is not replaced: the write stops, naming it, and out/ keeps it.
    writeFileSync(join(OUT, 'stray.txt'), 'x');
    const refused = await writeSite(OUT, site(), statics).catch((e: unknown) => e);
    expect((refused as BuildFailure).diagnostics.map((d) => d.code)).toEqual(['output/unknown-entries']);
    expect(readFileSync(join(OUT, 'stray.txt'), 'utf8')).toBe('x');
    rmSync(join(OUT, 'stray.txt'));
    // Anything else makes it a real write: a page that differs, a static file that changed.
    const cases: [string, () => void, (o: Record<string, string>) => void][] = [
      ['a changed page', () => writeFileSync(join(OUT, 'index.html'), 'edited by hand'), (o) => expect(o['index.html']).toBe('home')],
      ['a changed static file', () => writeFileSync(join(TMP, 'static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="new"/>'), (o) => expect(o['logo.svg']).toBe('<svg xmlns="http://www.w3.org/2000/svg" id="new"/>')],
    ];
    for (const [what, change, check] of cases) {
      change();
      // Listed again, as a build does: what is published is the text the listing checked.
      const result = await writeSite(OUT, site().map((f) => ('from' in f ? { path: f.path, contents: 'page a' } : f)), listStaticFiles(join(TMP, 'static'), ROOT).files);
      expect(result.unchanged, what).toBeUndefined();
      check(snapshot(OUT));
    }
  });

  it('compares pages byte for byte: multi-byte text, a page larger than the reused buffers, a link or a FIFO in its place', async () => {
    const big = `<p>${'x'.repeat(5 * 1024 * 1024)}</p>`;
    const site = (last = 'p>') => [{ path: 'index.html', contents: 'café → home' }, { path: 'big.html', contents: `${big.slice(0, -2)}${last}` }];
    await writeSite(OUT, site());
    expect((await writeSite(OUT, site())).unchanged).toBe(true);
    // One byte at the end of the large page differs: written.
    expect((await writeSite(OUT, site('P>'))).unchanged).toBeUndefined();
    expect(readFileSync(join(OUT, 'big.html'), 'utf8').endsWith('</P>')).toBe(true);
    // The same length in bytes (é and ë are two each in UTF-8), other bytes: written.
    writeFileSync(join(OUT, 'index.html'), 'cafë → home');
    expect((await writeSite(OUT, site())).unchanged).toBeUndefined();
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('café → home');
    // A link to a file with the very bytes is not the page; a FIFO is neither waited on nor kept.
    writeFileSync(join(TMP, 'lookalike.html'), 'café → home');
    rmSync(join(OUT, 'index.html'));
    symlinkSync(join(TMP, 'lookalike.html'), join(OUT, 'index.html'));
    expect((await writeSite(OUT, site())).unchanged).toBeUndefined();
    expect(lstatSync(join(OUT, 'index.html')).isFile()).toBe(true);
    rmSync(join(OUT, 'index.html'));
    execFileSync('mkfifo', [join(OUT, 'index.html')]);
    expect((await writeSite(OUT, site())).unchanged).toBeUndefined();
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('café → home');
  });

  it('links a static file the previous out/ holds with the same bytes, copies a changed one, and never reuses a link found in out/', async () => {
    mkdirSync(join(TMP, 'static/img'), { recursive: true });
    writeFileSync(join(TMP, 'static/img/a.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="a"/>');
    writeFileSync(join(TMP, 'static/b.txt'), 'b');
    writeFileSync(join(TMP, 'secret.txt'), 'not for the site');
    const statics = () => listStaticFiles(join(TMP, 'static'), ROOT).files;
    await writeSite(OUT, [{ path: 'index.html', contents: 'v1' }], statics());
    const a = statSync(join(OUT, 'img/a.svg')).ino;
    writeFileSync(join(TMP, 'static/b.txt'), 'b, changed');
    // Someone replaced out/'s copy of a.svg by a link to another file with the same bytes: not reused.
    writeFileSync(join(TMP, 'lookalike.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="a"/>');
    rmSync(join(OUT, 'img/a.svg'));
    symlinkSync(join(TMP, 'lookalike.svg'), join(OUT, 'img/a.svg'));
    await writeSite(OUT, [{ path: 'index.html', contents: 'v2' }], statics());
    expect(lstatSync(join(OUT, 'img/a.svg')).isFile()).toBe(true);
    expect(readFileSync(join(OUT, 'b.txt'), 'utf8')).toBe('b, changed');
    const relinked = statSync(join(OUT, 'img/a.svg')).ino;
    expect(relinked).not.toBe(a);
    const v3 = await writeSite(OUT, [{ path: 'index.html', contents: 'v3' }], statics());
    // Unchanged since the last write: the same files, linked into the new out/, and counted so.
    expect(v3.statics).toEqual({ copied: { files: 0, bytes: 0 }, kept: { files: 2, bytes: 48 + 10 } });
    expect(statSync(join(OUT, 'img/a.svg')).ino).toBe(relinked);
    expect(statSync(join(OUT, 'img/a.svg')).nlink).toBe(1); // the previous out/ is gone
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe('v3');
  });

  it('rewrites a file linked from elsewhere even where out/ holds a file of that name', async () => {
    await writeSite(OUT, [{ path: 'index.html', contents: 'home' }, { path: 'a.html', contents: 'old a' }]);
    const elsewhere = join(TMP, 'new-a.html');
    writeFileSync(elsewhere, 'new a');
    const result = await writeSite(OUT, [{ path: 'index.html', contents: 'home' }, { path: 'a.html', from: elsewhere, bytes: 5 }]);
    expect(result.unchanged).toBeUndefined();
    expect(readFileSync(join(OUT, 'a.html'), 'utf8')).toBe('new a');
  });

  it('drops a staged site on abort, and a half-written one when writing fails: out/ as it was, nothing beside it', async () => {
    await writeSite(OUT, [{ path: 'index.html', contents: 'v1' }]);
    const before = snapshot(OUT);
    const forget = await Promise.all([OUT, `${OUT}.tmp-${TOKEN}`].map((p) => own(p, TOKEN)));
    const staged = await stageSite(OUT, TOKEN, [{ path: 'index.html', contents: 'v2' }]);
    expect(readdirSync(TMP).sort()).toEqual(['out', `out.tmp-${TOKEN}`]);
    await staged.abort();
    forget.forEach((f) => f());
    expect(snapshot(OUT)).toEqual(before);
    expect(readdirSync(TMP)).toEqual(['out']);
    // A static file that vanished after it was listed: the write fails, and leaves nothing behind.
    mkdirSync(join(TMP, 'static'));
    writeFileSync(join(TMP, 'static/gone.txt'), 'x');
    const statics = listStaticFiles(join(TMP, 'static'), ROOT).files;
    rmSync(join(TMP, 'static/gone.txt'));
    await expect(writeSite(OUT, [{ path: 'index.html', contents: 'v3' }], statics)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(snapshot(OUT)).toEqual(before);
    expect(readdirSync(TMP).sort()).toEqual(['out', 'static']);
  });
});
