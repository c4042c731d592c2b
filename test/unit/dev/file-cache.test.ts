// The dev server's file cache: a file rewritten in place while it was being
// read is read again, so a page is never served as it was half-way through.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Set by a test: runs once, after the next readFile has read the file and before it returns. */
let afterRead: (() => void) | undefined;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    readFile: async (...args: Parameters<typeof real.readFile>) => {
      const body = await real.readFile(...args);
      const hook = afterRead;
      afterRead = undefined;
      hook?.();
      return body;
    },
  };
});

const { FileCache } = await import('../../../src/dev/file-cache.ts');

const DIR = join(import.meta.dirname, '../../.tmp/file-cache');
const FILE = join(DIR, 'index.html');

beforeEach(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
});

afterEach(() => rmSync(DIR, { recursive: true, force: true }));

describe('FileCache', () => {
  it('reads a file again when it was rewritten while being read', async () => {
    writeFileSync(FILE, 'old page');
    const cache = new FileCache();
    afterRead = () => writeFileSync(FILE, 'the new, longer page');
    expect((await cache.get(FILE)).body.toString()).toBe('the new, longer page');
    // And the cache holds it under its new identity.
    expect((await cache.get(FILE)).body.toString()).toBe('the new, longer page');
  });

  it('gives up on a file that changes at every read', async () => {
    writeFileSync(FILE, 'page 0');
    const cache = new FileCache();
    let n = 0;
    const churn = (): void => {
      writeFileSync(FILE, `page ${'+'.repeat(++n)}`);
      afterRead = churn;
    };
    afterRead = churn;
    await expect(cache.get(FILE)).rejects.toThrow('kept changing while it was read');
    afterRead = undefined;
  });
});
