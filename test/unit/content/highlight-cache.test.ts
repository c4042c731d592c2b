// The highlight cache file: torn or foreign lines are skipped (the rest is
// kept), reported in one line, and the file is rewritten without them and
// without superseded entries; it does not grow when nothing new is cached;
// read: false starts empty and overwrites the file. A line is used only with
// its seal (src/shared/cache-seal.ts): one planted without it is skipped.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { HighlightCache } from '../../../src/content/highlight-cache.ts';
import { seal } from '../../../src/shared/cache-seal.ts';

const DIR = join(import.meta.dirname, '../../.tmp', `unit-highlight-cache-${process.pid}`);
const FILE = join(DIR, 'highlight.jsonl');
const line = (key: string, html: string): string => `${JSON.stringify([key, html, seal(`highlight.jsonl:${key}`, html)])}\n`;

beforeEach(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('HighlightCache', () => {
  it('keeps what it stored across instances', () => {
    const first = new HighlightCache(FILE);
    first.set('a', '<pre>a</pre>');
    first.set('b', '<pre>b</pre>');
    const second = new HighlightCache(FILE);
    expect([second.get('a'), second.get('b'), second.get('c')]).toEqual(['<pre>a</pre>', '<pre>b</pre>', undefined]);
  });

  it('skips torn and foreign lines, keeps the others, says so once and rewrites the file', () => {
    writeFileSync(FILE, `${line('a', 'A')}["b", "<pre cla\n${line('c', 'C')}{"key":"d"}\n[1, 2]\nnot json\n${line('e', 'E')}["torn-at-the-end", "<pr`);
    const notices: string[] = [];
    const cache = new HighlightCache(FILE, { onNotice: (l) => notices.push(l) });
    expect(['a', 'b', 'c', 'e'].map((k) => cache.get(k))).toEqual(['A', undefined, 'C', 'E']);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toBe(`The highlight cache ${FILE} held 5 unreadable line(s) (a build killed while writing, or an edit); rewriting it without them.`);
    expect(readFileSync(FILE, 'utf8')).toBe(line('a', 'A') + line('c', 'C') + line('e', 'E'));
    expect(readdirSync(DIR)).toEqual(['highlight.jsonl']); // the temp file was renamed, not left
    cache.set('f', 'F'); // appended after a whole line, not glued to a torn one
    expect(new HighlightCache(FILE).get('f')).toBe('F');
  });

  it('skips a line without its seal, or with the seal of other HTML (planted), as an edit', () => {
    const planted = '<pre><img src=x onerror=alert(1)></pre>';
    const sealedA = JSON.parse(line('a', 'A')) as [string, string, string];
    writeFileSync(FILE, `${JSON.stringify(['p', planted])}\n${JSON.stringify(['a', planted, sealedA[2]])}\n${line('c', 'C')}`);
    const notices: string[] = [];
    const cache = new HighlightCache(FILE, { onNotice: (l) => notices.push(l) });
    expect(['p', 'a', 'c'].map((k) => cache.get(k))).toEqual([undefined, undefined, 'C']);
    expect(notices).toEqual([`The highlight cache ${FILE} held 2 unreadable line(s) (a build killed while writing, or an edit); rewriting it without them.`]);
    expect(readFileSync(FILE, 'utf8')).toBe(line('c', 'C'));
  });

  it('drops superseded entries, and does not grow when it is only read', () => {
    writeFileSync(FILE, line('a', 'old') + line('b', 'B') + line('a', 'new'));
    const notices: string[] = [];
    expect(new HighlightCache(FILE, { onNotice: (l) => notices.push(l) }).get('a')).toBe('new');
    expect(notices).toEqual([]); // nothing was damaged
    const compacted = readFileSync(FILE, 'utf8');
    expect(compacted).toBe(line('a', 'new') + line('b', 'B'));
    for (let i = 0; i < 3; i++) new HighlightCache(FILE).get('a');
    expect(readFileSync(FILE, 'utf8')).toBe(compacted);
  });

  it('starts empty with read: false and overwrites a bad file with its own entries', () => {
    writeFileSync(FILE, `${line('a', 'A')}garbage`);
    const cache = new HighlightCache(FILE, { read: false });
    expect(cache.get('a')).toBeUndefined();
    expect(readFileSync(FILE, 'utf8')).toBe('');
    cache.set('b', 'B');
    expect(readFileSync(FILE, 'utf8')).toBe(line('b', 'B'));
  });

  it('keeps entries in memory only without a file', () => {
    const cache = new HighlightCache(undefined);
    cache.set('a', 'A');
    expect(cache.get('a')).toBe('A');
    expect(existsSync(FILE)).toBe(false);
  });
});

describe('highlightKey', () => {
  it('names the installed shiki, so a shiki upgrade misses every entry made before it', async () => {
    const { highlightKey } = await import('../../../src/content/highlight.ts');
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../../node_modules/shiki/package.json'), 'utf8')) as { version: string };
    expect(highlightKey('ts', '', 'const a = 1;')).toBe(highlightKey('ts', '', 'const a = 1;', version));
    expect(highlightKey('ts', '', 'const a = 1;')).not.toBe(highlightKey('ts', '', 'const a = 1;', '0.0.0'));
  });
});
