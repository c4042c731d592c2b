// What changes in out/ between writeInPlace's look at a file (lstat) and its
// write: the look is made to see the old state, the file system holds the new.
import type * as FsPromises from 'node:fs/promises';
import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the next lstat of a path reports instead of the truth. */
const looks = new Map<string, 'plain file' | 'missing'>();

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    lstat: async (...args: Parameters<typeof real.lstat>) => {
      const look = looks.get(String(args[0]));
      if (look === 'missing') throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
      if (look === 'plain file') return { isFile: () => true, nlink: 1 };
      return real.lstat(...args);
    },
  };
});

const { writeInPlace } = await import('../../../src/output/write-in-place.ts');
const { own } = await import('../../../src/output/guard.ts');
let forget = (): void => {};

const DIR = join(import.meta.dirname, '../../.tmp/write-in-place-races');
const OUT = join(DIR, 'out');
const PAGE = join(OUT, 'index.html');
const VICTIM = join(DIR, 'victim.txt');
const before = new Map([['index.html', 'old home']]);

beforeEach(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(VICTIM, 'not the site’s');
  forget = await own(OUT, 'races-test');
});

afterEach(() => {
  forget();
  looks.clear();
  rmSync(DIR, { recursive: true, force: true });
});

describe('writeInPlace, when out/ changes under it', () => {
  it('replaces a link that took a plain file’s place since the look, never writing through it', async () => {
    symlinkSync(VICTIM, PAGE);
    looks.set(PAGE, 'plain file');
    await writeInPlace(OUT, [{ path: 'index.html', contents: 'new home' }], before);
    expect(readFileSync(VICTIM, 'utf8')).toBe('not the site’s');
    expect(lstatSync(PAGE).isSymbolicLink()).toBe(false);
    expect(readFileSync(PAGE, 'utf8')).toBe('new home');
  });

  it('creates a file that went away since the look', async () => {
    looks.set(PAGE, 'plain file');
    await writeInPlace(OUT, [{ path: 'index.html', contents: 'new home' }], before);
    expect(readFileSync(PAGE, 'utf8')).toBe('new home');
  });

  it('fails, and writes nothing through it, when a link appeared where a new file goes', async () => {
    symlinkSync(VICTIM, PAGE);
    looks.set(PAGE, 'missing');
    await expect(writeInPlace(OUT, [{ path: 'index.html', contents: 'new home' }], new Map())).rejects.toThrow(/EEXIST/);
    expect(readFileSync(VICTIM, 'utf8')).toBe('not the site’s');
  });
});
