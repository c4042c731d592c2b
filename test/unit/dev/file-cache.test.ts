// The dev server's file cache: what it holds is keyed by the file's version
// (src/output/served-file.ts), so a page renamed over by a rebuild is served
// new, and a file the build's manifest does not list, or lists with other
// bytes and two names (a hard link), is never served.
import { linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCache } from '../../../src/dev/file-cache.ts';
import { entryOf, MANIFEST, manifestText } from '../../../src/output/manifest.ts';

const DIR = join(import.meta.dirname, '../../.tmp/file-cache');
const FILE = join(DIR, 'index.html');
const list = (files: Record<string, string>): void => writeFileSync(join(DIR, MANIFEST), manifestText(new Map(Object.entries(files).map(([p, t]) => [p, entryOf(t)]))));

beforeEach(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
});

afterEach(() => rmSync(DIR, { recursive: true, force: true }));

describe('FileCache', () => {
  it('serves the new page once a rebuild renamed it over the old one', async () => {
    writeFileSync(FILE, 'old page');
    list({ 'index.html': 'old page' });
    const cache = new FileCache();
    expect((await cache.get(DIR, 'index.html'))?.body.toString()).toBe('old page');
    writeFileSync(`${FILE}.tmp`, 'the new, longer page');
    renameSync(`${FILE}.tmp`, FILE);
    // One name, inside out/: served before the manifest catches up (watch mode updates it after the reload).
    expect((await cache.get(DIR, 'index.html'))?.body.toString()).toBe('the new, longer page');
  });

  it('serves no file the manifest does not list, and no hard link with other bytes', async () => {
    writeFileSync(FILE, 'page');
    writeFileSync(join(DIR, 'secret.txt'), 'secret');
    list({ 'index.html': 'page' });
    const cache = new FileCache();
    expect(await cache.get(DIR, 'secret.txt')).toBeUndefined();
    expect((await cache.get(DIR, 'index.html'))?.body.toString()).toBe('page');
    rmSync(FILE);
    linkSync(join(DIR, 'secret.txt'), FILE);
    expect(await cache.get(DIR, 'index.html')).toBeUndefined();
  });
});
