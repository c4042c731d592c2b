import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangeQueue, isIgnored, watchSources } from '../../../src/dev/watcher.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DIR = resolve(import.meta.dirname, `../../.tmp/dev-watcher-${process.pid}`);

afterAll(() => rm(DIR, { recursive: true, force: true }));

describe('ChangeQueue', () => {
  it('runs once for a burst of changes, with every file once', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => void runs.push(files.sort()), 20);
    for (const f of ['/a', '/b', '/a', '/c']) {
      queue.push(f);
      await sleep(5);
    }
    await sleep(150);
    expect(runs).toEqual([['/a', '/b', '/c']]);
    await queue.close();
  });

  it('never overlaps runs: changes during a run make exactly one more run after it', async () => {
    const runs: string[][] = [];
    let active = 0;
    let overlapped = false;
    const queue = new ChangeQueue(async (files) => {
      overlapped ||= active > 0;
      active++;
      runs.push(files.sort());
      await sleep(60);
      active--;
    }, 10);
    queue.push('/first');
    await sleep(30); // the first run is under way
    queue.push('/x');
    queue.push('/y');
    await sleep(250);
    expect(overlapped).toBe(false);
    expect(runs).toEqual([['/first'], ['/x', '/y']]);
    await queue.close();
  });

  it('holds changes seen during an exclusive task and runs them after it', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => void runs.push(files), 10);
    await queue.exclusive(async () => {
      queue.push('/during');
      await sleep(50);
      expect(runs).toEqual([]);
    });
    await sleep(100);
    expect(runs).toEqual([['/during']]);
    await queue.close();
  });
});

describe('watchSources', () => {
  it('sees the last of two quick saves of one file, which chokidar alone would drop', async () => {
    await mkdir(DIR, { recursive: true });
    const file = join(DIR, 'page.md');
    await writeFile(file, 'v0');
    const seen: string[] = [];
    const queue = new ChangeQueue(async () => {
      const { readFile } = await import('node:fs/promises');
      seen.push(await readFile(file, 'utf8'));
    }, 10);
    const watcher = await watchSources([DIR], queue, (e) => { throw e; });
    await writeFile(file, 'v1');
    await sleep(25); // after the quiet time, inside chokidar's 50 ms throttle
    await writeFile(file, 'v2');
    await sleep(400);
    expect(seen.at(-1)).toBe('v2');
    await queue.close();
    await watcher.close();
  });

  it('ignores hidden files and editor droppings', () => {
    expect(['/x/.page.md.swp', '/x/page.md~', '/x/4913.tmp', '/x/.git', '/x/page.swp'].filter(isIgnored)).toHaveLength(5);
    expect(isIgnored('/x/page.md')).toBe(false);
  });
});
