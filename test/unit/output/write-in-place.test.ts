// Watch mode's writes: a plain file of the last build is rewritten where it
// is; a link is replaced, never written through; a failure puts back every
// file it touched.
import { linkSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { own } from '../../../src/output/guard.ts';
import { writeInPlace } from '../../../src/output/write-in-place.ts';

const DIR = join(import.meta.dirname, '../../.tmp/write-in-place');
const OUT = join(DIR, 'out');
const read = (rel: string): string => readFileSync(join(OUT, rel), 'utf8');

beforeEach(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(join(OUT, 'docs/a'), { recursive: true });
  writeFileSync(join(OUT, 'docs/a/index.html'), 'old a');
  writeFileSync(join(OUT, 'index.html'), 'old home');
  // The claim of a build makes out/ its own; here the test does.
  const forget = await own(OUT, 'write-in-place-test');
  return () => {
    forget();
    rmSync(DIR, { recursive: true, force: true });
  };
});

const before = new Map([['docs/a/index.html', 'old a'], ['index.html', 'old home']]);

describe('writeInPlace', () => {
  it('rewrites each file where it is, creates new ones with their folders, and counts the bytes', async () => {
    const inode = statSync(join(OUT, 'docs/a/index.html')).ino;
    const bytes = await writeInPlace(OUT, [{ path: 'docs/a/index.html', contents: 'new ä' }, { path: 'docs/b/c/index.html', contents: new TextEncoder().encode('new c') }], before);
    expect(read('docs/a/index.html')).toBe('new ä');
    expect(statSync(join(OUT, 'docs/a/index.html')).ino).toBe(inode);
    expect(read('docs/b/c/index.html')).toBe('new c');
    expect(bytes).toBe(Buffer.byteLength('new ä') + 5);
    // A shorter text leaves nothing of the longer one behind it.
    await writeInPlace(OUT, [{ path: 'index.html', contents: 'x' }], before);
    expect(read('index.html')).toBe('x');
  });

  it('replaces a symbolic link or a hard-linked file by a file of its own, leaving what they share alone', async () => {
    const outside = join(DIR, 'outside.txt');
    writeFileSync(outside, 'not the site’s');
    rmSync(join(OUT, 'index.html'));
    symlinkSync(outside, join(OUT, 'index.html'));
    const shared = join(DIR, 'shared.txt');
    rmSync(join(OUT, 'docs/a/index.html'));
    writeFileSync(shared, 'shared');
    linkSync(shared, join(OUT, 'docs/a/index.html'));
    await writeInPlace(OUT, [{ path: 'index.html', contents: 'home' }, { path: 'docs/a/index.html', contents: 'a' }], before);
    expect(readFileSync(outside, 'utf8')).toBe('not the site’s');
    expect(readFileSync(shared, 'utf8')).toBe('shared');
    expect(lstatSync(join(OUT, 'index.html')).isSymbolicLink()).toBe(false);
    expect([read('index.html'), read('docs/a/index.html')]).toEqual(['home', 'a']);
    expect(readdirSync(OUT, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual([]);
  });

  it('puts back every file it touched when a write fails, and throws its error', async () => {
    // The third write fails (its contents are neither text nor bytes); the two others went through, and are put back.
    const files = [{ path: 'index.html', contents: 'new home' }, { path: 'docs/new/index.html', contents: 'new page' }, { path: 'docs/a/index.html', contents: 42 as unknown as string }];
    await expect(writeInPlace(OUT, files, before)).rejects.toThrow(TypeError);
    expect([read('index.html'), read('docs/a/index.html')]).toEqual(['old home', 'old a']);
    expect(existsSync(join(OUT, 'docs/new/index.html'))).toBe(false);
  });

  it('throws the write’s own error when a new file or a replacement was never made', async () => {
    // A new page, and a link where a page was (replaced through a temp file): neither write makes a file.
    symlinkSync(join(DIR, 'nowhere'), join(OUT, 'linked.html'));
    const bad = 42 as unknown as string;
    const old = new Map([...before, ['linked.html', 'old linked']]);
    await expect(writeInPlace(OUT, [{ path: 'docs/new/index.html', contents: bad }], old)).rejects.toThrow(TypeError);
    expect(existsSync(join(OUT, 'docs/new/index.html'))).toBe(false);
    await expect(writeInPlace(OUT, [{ path: 'linked.html', contents: bad }], old)).rejects.toThrow(TypeError);
    expect(read('linked.html')).toBe('old linked');
  });

  it('says so when a file cannot be put back, naming the first three', async () => {
    // Folders where pages were: neither the new pages nor the old ones can be written there.
    const pages = ['docs/a/index.html', 'docs/b/index.html', 'docs/c/index.html', 'docs/d/index.html'];
    for (const page of pages) {
      rmSync(join(OUT, page), { force: true });
      mkdirSync(join(OUT, page), { recursive: true });
    }
    const old = new Map([...before, ...pages.map((p) => [p, 'old'] as const)]);
    const e = await writeInPlace(OUT, [{ path: 'index.html', contents: 'new home' }, ...pages.map((path) => ({ path, contents: 'new' }))], old).then(() => undefined, (err: unknown) => err as Error);
    expect(e?.message).toMatch(/^Writing .*out failed \(Error: .*\), and 4 file\(s\) could not be put back as they were \(docs\/a\/index\.html, docs\/b\/index\.html, docs\/c\/index\.html\): the next build writes the whole site again\.$/);
    expect((e?.cause as NodeJS.ErrnoException).code).toMatch(/^(EISDIR|ENOTDIR|EEXIST)$/);
    expect(read('index.html')).toBe('old home');
  });
});
