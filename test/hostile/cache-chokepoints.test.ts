// Links planted in the cache folder (a restored CI cache is content) must not
// carry a write or a delete outside it. Every write and delete of a cache file
// goes through src/shared/cache-io.ts, which takes the cache folder:
// - a cache subfolder that is a link to a folder outside: each write and the
//   delete refuse (OutsideCacheError) and the outside folder is untouched;
// - a cache file name that is a link to a file outside: a write replaces the
//   link, a delete removes it, and the file it led to is untouched;
// - serve --watch with .pkidocs-cache/dev (where the reloaded render code is
//   written) planted as a link to a folder outside: before, a template edit
//   wrote and deleted render-*.mjs in that folder; now the link is replaced.
import { appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { appendCacheFileSync, removeCacheFile, replaceCacheFileSync, writeAtomic, writeSealed } from '../../src/shared/cache-io.ts';
import { freshCheckout } from './support/fresh-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, cache: CACHE } = freshCheckout();
/** OutsideCacheError's message (matched by text: an error of any other cause must not pass). */
const REFUSED = /^pkidocs refused to (write|delete) \S+: it lies outside the cache folder /;
const OUTSIDE = join(TMP, 'outside');
const NOTES = join(OUTSIDE, 'notes.txt');

/** What the outside folder holds: names, the notes' text and the folder's mtime (any entry made or removed changes it). */
const outsideState = (): { names: string[]; notes: string; mtime: number } => ({
  names: readdirSync(OUTSIDE).sort(),
  notes: readFileSync(NOTES, 'utf8'),
  mtime: statSync(OUTSIDE).mtimeMs,
});

beforeEach(() => {
  rmSync(OUTSIDE, { recursive: true, force: true });
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(OUTSIDE, { recursive: true });
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(NOTES, 'the user’s notes');
});

describe('the cache chokepoints against links planted in the cache folder', () => {
  it('a cache subfolder linked to a folder outside: every write and the delete refuse, and the folder is untouched', async () => {
    symlinkSync(OUTSIDE, join(CACHE, 'modules'));
    const before = outsideState();
    const through = (name: string): string => join(CACHE, 'modules', name);
    await expect(writeAtomic(CACHE, through('notes.txt'), 'overwritten')).rejects.toThrow(REFUSED);
    await expect(writeAtomic(CACHE, through('new.mjs'), 'planted')).rejects.toThrow(REFUSED);
    await expect(writeSealed(CACHE, through('new.json'), '{}')).rejects.toThrow(REFUSED);
    expect(() => replaceCacheFileSync(CACHE, through('notes.txt'), 'overwritten')).toThrow(REFUSED);
    expect(() => appendCacheFileSync(CACHE, through('notes.txt'), 'appended')).toThrow(REFUSED);
    await expect(removeCacheFile(CACHE, through('notes.txt'))).rejects.toThrow(/pkidocs refused to delete .*modules\/notes\.txt: it lies outside the cache folder/);
    expect(outsideState()).toEqual(before);
  });

  it('a cache file name linked to a file outside: a write replaces the link, a delete removes it, and the file is untouched', async () => {
    const planted = (name: string): string => {
      const path = join(CACHE, name);
      rmSync(path, { force: true });
      symlinkSync(NOTES, path);
      return path;
    };
    await writeAtomic(CACHE, planted('api-inputs.json'), '[]');
    await writeSealed(CACHE, planted('pages.json'), '{}');
    replaceCacheFileSync(CACHE, planted('highlight.jsonl'), '');
    for (const name of ['api-inputs.json', 'pages.json', 'highlight.jsonl']) expect(lstatSync(join(CACHE, name)).isSymbolicLink(), name).toBe(false);
    expect(appendCacheFileSync(CACHE, planted('highlight.jsonl'), 'appended')).toBe(false);
    await removeCacheFile(CACHE, planted('bundle.json'));
    expect(existsSync(join(CACHE, 'bundle.json'))).toBe(false);
    expect(readFileSync(NOTES, 'utf8')).toBe('the user’s notes');
    expect(readdirSync(OUTSIDE)).toEqual(['notes.txt']);
  });
});

describe('serve --watch with the render code’s cache folder planted as a link outside', () => {
  it('a template edit reloads the render code without writing or deleting a file in the outside folder', async () => {
    const template = join(CHECKOUT, 'templates/layout/Footer.tsx');
    const original = readFileSync(template, 'utf8');
    symlinkSync(OUTSIDE, join(CACHE, 'dev'));
    const before = outsideState();
    const events: string[] = [];
    const watcher = watch(OUTSIDE, (event, name) => events.push(`${event} ${name}`));
    const { cli, output, waitFor } = startWatchCli(CHECKOUT, OUT);
    try {
      await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
      const mark = output().length;
      appendFileSync(template, '\n// an edit\n');
      // The rebuild's line, or the error of render code loaded from the outside folder (before the fix).
      await waitFor(/↻ templates\/layout\/Footer\.tsx|\[dev\/exception\]/, mark);
      await sleep(300);
      expect(events).toEqual([]);
      expect(output().slice(mark)).not.toMatch(/refused|error/i);
      expect(outsideState()).toEqual(before);
      // The link was replaced by a real folder of the cache, which the render code went into.
      expect(lstatSync(join(CACHE, 'dev')).isDirectory()).toBe(true);
    } finally {
      watcher.close();
      cli.kill('SIGINT');
      await new Promise((r) => cli.once('exit', r));
      writeFileSync(template, original);
    }
  }, 120_000);
});
