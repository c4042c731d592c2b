// writeAtomic: a temp file beside the target, renamed over it. Its temp file
// is made exclusively: a link found at the temp name (planted, or left by a
// crashed run of the same pid) is removed, never written through.
import type * as FsPromises from 'node:fs/promises';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Runs once, with the path, before the next writeFile. */
let beforeWrite: ((file: string) => void) | undefined;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    writeFile: async (...args: Parameters<typeof real.writeFile>) => {
      const hook = beforeWrite;
      beforeWrite = undefined;
      hook?.(String(args[0]));
      return real.writeFile(...args);
    },
  };
});

const { writeAtomic } = await import('../../../src/shared/cache-io.ts');

const DIR = join(import.meta.dirname, '../../.tmp/write-atomic');
const FILE = join(DIR, 'out/index.html');
const VICTIM = join(DIR, 'victim.txt');

beforeEach(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(VICTIM, 'not the site’s');
});

afterEach(() => rmSync(DIR, { recursive: true, force: true }));

describe('writeAtomic', () => {
  it('writes through a temp file it makes itself, making the folder, and leaves no temp file', async () => {
    await writeAtomic(DIR, FILE, 'first');
    await writeAtomic(DIR, FILE, new TextEncoder().encode('second'));
    expect(readFileSync(FILE, 'utf8')).toBe('second');
    expect(readdirSync(join(DIR, 'out'))).toEqual(['index.html']);
  });

  it('removes a link found at its temp file’s name and writes, leaving what the link leads to alone', async () => {
    beforeWrite = (tmp) => symlinkSync(VICTIM, tmp);
    await writeAtomic(DIR, FILE, 'page');
    expect(readFileSync(VICTIM, 'utf8')).toBe('not the site’s');
    expect(readFileSync(FILE, 'utf8')).toBe('page');
    expect(lstatSync(FILE).isSymbolicLink()).toBe(false);
    expect(readdirSync(join(DIR, 'out'))).toEqual(['index.html']);
  });
});
