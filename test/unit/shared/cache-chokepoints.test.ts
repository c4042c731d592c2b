// The cache folder's chokepoints (src/shared/cache-io.ts): every write and
// every delete of a cache file names the cache folder, and a path that is not
// inside it (the folders on the way resolved, the file's own name not) is
// refused with an OutsideCacheError before anything is made or removed.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendCacheFileSync, cacheFolder, cachePath, removeCacheFile, replaceCacheFileSync, writeAtomic, writeSealed } from '../../../src/shared/cache-io.ts';

/** OutsideCacheError's message (matched by text: an error of any other cause must not pass). */
const REFUSED = /^pkidocs refused to (write|delete) \S+: it lies outside the cache folder /;

let tmp: string;
let cache: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'pkidocs-cache-chokepoints-'));
  cache = join(tmp, '.pkidocs-cache');
  mkdirSync(cache);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('cachePath', () => {
  it('accepts a file of the cache folder, in a subfolder not made yet, and through a link to the folder itself', () => {
    expect(cachePath(cache, join(cache, 'pages.json'), 'write')).toBe(join(cache, 'pages.json'));
    expect(cachePath(cache, join(cache, 'modules/new/a.mjs'), 'write')).toBe(join(cache, 'modules/new/a.mjs'));
    // A cache folder that is itself a link (the user's choice of cacheDir) is the folder it leads to.
    symlinkSync(cache, join(tmp, 'cache-link'));
    expect(cachePath(join(tmp, 'cache-link'), join(cache, 'pages.json'), 'write')).toBe(join(cache, 'pages.json'));
    expect(cachePath(cache, join(tmp, 'cache-link/pages.json'), 'delete')).toBe(join(tmp, 'cache-link/pages.json'));
  });

  it('refuses `..` out of the folder, a path elsewhere, a sibling sharing its name’s start, and the folder itself', () => {
    for (const path of [join(cache, '../notes.txt'), join(cache, 'modules/../../notes.txt'), '/etc/passwd', `${cache}-old/pages.json`, cache, join(cache, 'modules/..')]) {
      expect(() => cachePath(cache, path, 'write'), path).toThrow(REFUSED);
    }
  });

  it('says what it refused, where the cache folder is, and what to do', () => {
    const path = join(tmp, 'notes.txt');
    expect(() => cachePath(cache, path, 'delete')).toThrow(`pkidocs refused to delete ${path}: it lies outside the cache folder ${cache} once links are resolved (a link planted in the cache?). Nothing was deleted there. Delete the cache folder (it is rebuilt) and build again.`);
  });
});

describe('each write and delete of the cache goes through the check', () => {
  const outside = (): string => join(tmp, 'notes.txt');
  beforeEach(() => writeFileSync(outside(), 'the user’s notes'));

  it('writeAtomic, writeSealed, replaceCacheFileSync, appendCacheFileSync and cacheFolder refuse a path outside and make nothing', async () => {
    const target = join(cache, '../notes.txt');
    await expect(writeAtomic(cache, target, 'x')).rejects.toThrow(REFUSED);
    await expect(writeSealed(cache, target, 'x')).rejects.toThrow(REFUSED);
    expect(() => replaceCacheFileSync(cache, target, 'x')).toThrow(REFUSED);
    expect(() => appendCacheFileSync(cache, target, 'x')).toThrow(REFUSED);
    await expect(cacheFolder(cache, join(cache, '../made'))).rejects.toThrow(REFUSED);
    expect(readFileSync(outside(), 'utf8')).toBe('the user’s notes');
    expect(readdirSync(tmp).sort()).toEqual(['.pkidocs-cache', 'notes.txt']);
  });

  it('removeCacheFile refuses a path outside and deletes nothing', async () => {
    await expect(removeCacheFile(cache, outside())).rejects.toThrow(REFUSED);
    expect(readFileSync(outside(), 'utf8')).toBe('the user’s notes');
  });

  it('inside the folder, they write, append, make a real folder and delete', async () => {
    await writeSealed(cache, join(cache, 'bundle.json'), '{}');
    replaceCacheFileSync(cache, join(cache, 'highlight.jsonl'), 'a\n');
    expect(appendCacheFileSync(cache, join(cache, 'highlight.jsonl'), 'b\n')).toBe(true);
    expect(await cacheFolder(cache, join(cache, 'modules'))).toBe(join(cache, 'modules'));
    expect(readdirSync(cache).sort()).toEqual(['bundle.json', 'bundle.json.seal', 'highlight.jsonl', 'modules']);
    expect(readFileSync(join(cache, 'highlight.jsonl'), 'utf8')).toBe('a\nb\n');
    await removeCacheFile(cache, join(cache, 'bundle.json'));
    expect(existsSync(join(cache, 'bundle.json'))).toBe(false);
  });
});
