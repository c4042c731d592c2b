// The change queue under a fake clock (vitest's timers) and injected file
// identities, so every step is exact; one test with real chokidar on disk.
import { writeFileSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIgnored, watchSources } from '../../../src/dev/sources.ts';
import { ChangeQueue, QUIET_MS } from '../../../src/dev/watcher.ts';

const DIR = resolve(import.meta.dirname, `../../.tmp/dev-watcher-${process.pid}`);

afterAll(() => rm(DIR, { recursive: true, force: true }));

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => {};
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('ChangeQueue', () => {
  const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  /** Files as the injected identity sees them: a save bumps the version. */
  let versions: Map<string, number>;
  const identity = async (file: string) => `${versions.get(file) ?? 0}`;
  const save = (file: string) => versions.set(file, (versions.get(file) ?? 0) + 1);

  beforeEach(() => {
    vi.useFakeTimers();
    versions = new Map();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once for a burst, with every file once, only when the files have been quiet for the window', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => void runs.push([...files].sort()), { quietMs: 20, identity });
    for (const f of ['/a', '/b', '/a', '/c']) {
      queue.push(f);
      await tick(15); // each push restarts the window
    }
    expect(runs).toEqual([]);
    await tick(4);
    expect(runs).toEqual([]);
    await tick(1);
    expect(runs).toEqual([['/a', '/b', '/c']]);
    await tick(1000);
    expect(runs).toHaveLength(1);
    await queue.close();
  });

  it('never overlaps runs: changes during a run make exactly one more run after it', async () => {
    const runs: string[][] = [];
    const first = gate();
    let active = 0;
    let overlapped = false;
    const queue = new ChangeQueue(async (files) => {
      overlapped ||= active > 0;
      active++;
      runs.push([...files].sort());
      if (runs.length === 1) await first.opened;
      active--;
    }, { quietMs: 10, recheckMs: 0, identity });
    queue.push('/first');
    await tick(10);
    expect(runs).toEqual([['/first']]);
    queue.push('/x');
    queue.push('/y');
    await tick(1000); // the first run is still busy: nothing else starts
    expect(runs).toHaveLength(1);
    first.open();
    await tick(9);
    expect(runs).toHaveLength(1);
    await tick(1);
    expect(runs).toEqual([['/first'], ['/x', '/y']]);
    expect(overlapped).toBe(false);
    await queue.close();
  });

  it('holds changes seen during an exclusive task and runs them after it', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => void runs.push(files), { quietMs: 10, identity });
    const task = gate();
    const done = queue.exclusive(async () => {
      await task.opened;
      return 'built';
    });
    queue.push('/during');
    await tick(1000);
    expect(runs).toEqual([]);
    task.open();
    expect(await done).toBe('built');
    await tick(10);
    expect(runs).toEqual([['/during']]);
    await queue.close();
  });

  it('runs a file again when it changed after its run started, though no event said so', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => {
      runs.push(files);
      // The second save lands while the first one is being built, and chokidar drops its event.
      if (runs.length === 1) save('/page.md');
    }, { quietMs: 10, recheckMs: 80, identity });
    save('/page.md');
    queue.push('/page.md');
    await tick(10);
    expect(runs).toEqual([['/page.md']]);
    await tick(79); // the recheck looks 80 ms after the run started
    expect(runs).toHaveLength(1);
    await tick(1 + 10);
    expect(runs).toEqual([['/page.md'], ['/page.md']]);
    await tick(1000); // unchanged since: no third run
    expect(runs).toHaveLength(2);
    await queue.close();
  });

  it('waits for quiet again when a file changed since its event, though no event said so (a write in steps)', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => void runs.push(files), { quietMs: 10, identity });
    save('/page.md'); // truncated: the one event chokidar reports
    queue.push('/page.md');
    for (let chunk = 0; chunk < 3; chunk++) {
      await tick(5);
      save('/page.md'); // a chunk, its event dropped
      await tick(5); // the window ends: the file moved since, so it waits again
      expect(runs).toEqual([]);
    }
    await tick(9);
    expect(runs).toEqual([]);
    await tick(1); // quiet for a whole window, and unchanged since the last look
    expect(runs).toEqual([['/page.md']]);
    await tick(1000);
    expect(runs).toHaveLength(1);
    await queue.close();
  });

  it('costs a plain save nothing: it runs as soon as the window ends', async () => {
    const runs: string[][] = [];
    const queue = new ChangeQueue(async (files) => void runs.push(files), { quietMs: 10, identity });
    save('/page.md');
    queue.push('/page.md');
    await tick(9);
    expect(runs).toEqual([]);
    await tick(1);
    expect(runs).toEqual([['/page.md']]);
    await queue.close();
  });

  it('stops taking changes once closed, after the run in progress', async () => {
    const runs: string[][] = [];
    const running = gate();
    const queue = new ChangeQueue(async (files) => {
      runs.push(files);
      await running.opened;
    }, { quietMs: 10, identity });
    queue.push('/a');
    await tick(10);
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    queue.push('/b');
    await tick(100);
    expect(closed).toBe(false);
    running.open();
    await closing;
    await tick(1000);
    expect(runs).toEqual([['/a']]);
  });
});

describe('ChangeQueue, runs ahead of the window', () => {
  const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  let versions: Map<string, number>;
  const identity = async (file: string) => `${versions.get(file) ?? 0}`;
  const save = (file: string) => versions.set(file, (versions.get(file) ?? 0) + 1);
  /** Each run: its files, whether it was told to keep its result (undefined until told), and whether it ended. */
  type Run = { files: string[]; kept?: boolean; ended: boolean };

  beforeEach(() => {
    vi.useFakeTimers();
    versions = new Map();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A queue whose runs take `ms` of fake time, then wait (as the builder does) to be told whether to keep what they made. */
  function queueOf(runs: Run[], ms = 0, recheckMs = 0, look = identity): ChangeQueue {
    let active = 0;
    return new ChangeQueue(async (files, keep) => {
      expect(active).toBe(0); // never two runs at once
      active++;
      const run: Run = { files: [...files].sort(), ended: false };
      runs.push(run);
      if (ms) await new Promise((r) => setTimeout(r, ms));
      run.kept = await keep;
      run.ended = true;
      active--;
    }, { quietMs: 20, recheckMs, identity: look, ahead: true });
  }

  it('starts the run at the first event and keeps it when the window closes on the same files', async () => {
    const runs: Run[] = [];
    const queue = queueOf(runs);
    save('/a.md');
    queue.push('/a.md');
    await tick(0);
    expect(runs).toEqual([{ files: ['/a.md'], ended: false }]);
    await tick(19);
    expect(runs[0]!.kept).toBeUndefined();
    await tick(1);
    expect(runs).toEqual([{ files: ['/a.md'], kept: true, ended: true }]);
    await tick(1000);
    expect(runs).toHaveLength(1);
    await queue.close();
  });

  it('drops the run ahead at a second event; the next run takes every pending file at once and is kept', async () => {
    const runs: Run[] = [];
    // A kept run looks at its files again 80 ms after it started; a dropped one has nothing to look at, and waits for nothing.
    const queue = queueOf(runs, 0, 80);
    queue.push('/a.md');
    await tick(5);
    queue.push('/b.md');
    await tick(0);
    expect(runs[0]).toEqual({ files: ['/a.md'], kept: false, ended: true });
    expect(runs[1]).toEqual({ files: ['/a.md', '/b.md'], ended: false });
    await tick(19);
    expect(runs[1]!.kept).toBeUndefined(); // the window restarted at the second event
    await tick(1);
    expect(runs.map((r) => r.kept)).toEqual([false, true]);
    await tick(1000);
    expect(runs).toHaveLength(2);
    await queue.close();
  });

  it('drops the run ahead when a file moved without an event (a write in steps), and keeps the one after', async () => {
    const runs: Run[] = [];
    const queue = queueOf(runs);
    save('/page.md'); // truncated: the one event
    queue.push('/page.md');
    await tick(10);
    save('/page.md'); // a chunk, its event dropped: the run ahead read a half-written file
    await tick(10);
    expect(runs[0]).toEqual({ files: ['/page.md'], kept: false, ended: true });
    expect(runs[1]).toEqual({ files: ['/page.md'], ended: false });
    await tick(20);
    expect(runs.map((r) => r.kept)).toEqual([false, true]);
    await tick(1000);
    expect(runs).toHaveLength(2);
    await queue.close();
  });

  it('keeps a run ahead that read the file as it is now, though the event came before the write was done', async () => {
    const runs: Run[] = [];
    let calls = 0;
    // The event's own look sees the file truncated; the run, starting right after, sees it written.
    const lagging = async (file: string) => (calls++ === 0 ? 'truncated' : `${versions.get(file) ?? 0}`);
    const queue = queueOf(runs, 0, 0, lagging);
    save('/page.md');
    queue.push('/page.md');
    await tick(20); // moved since the event's look: not quiet yet, but the run read it as it is
    expect(runs).toEqual([{ files: ['/page.md'], ended: false }]);
    await tick(20);
    expect(runs).toEqual([{ files: ['/page.md'], kept: true, ended: true }]);
    await tick(1000);
    expect(runs).toHaveLength(1);
    await queue.close();
  });

  it('lets a kept run finish past the window, and runs what changed meanwhile once after it', async () => {
    const runs: Run[] = [];
    const queue = queueOf(runs, 50);
    queue.push('/a.md');
    await tick(20); // the window ends while the run is busy: it is told to keep its result
    expect(runs).toEqual([{ files: ['/a.md'], ended: false }]);
    queue.push('/b.md'); // during a kept run: waits for it
    await tick(30);
    expect(runs[0]).toEqual({ files: ['/a.md'], kept: true, ended: true });
    await tick(0);
    expect(runs[1]).toEqual({ files: ['/b.md'], ended: false }); // ahead of its own window
    await tick(20 + 50);
    expect(runs.map((r) => r.kept)).toEqual([true, true]);
    expect(runs).toHaveLength(2);
    await queue.close();
  });

  it('on close, drops the run ahead and waits for it', async () => {
    const runs: Run[] = [];
    const queue = queueOf(runs, 50);
    queue.push('/a.md');
    await tick(5);
    const closing = queue.close();
    await tick(50);
    await closing;
    expect(runs).toEqual([{ files: ['/a.md'], kept: false, ended: true }]);
  });
});

describe('watchSources', () => {
  it('sees the last of two quick saves of one file on disk, the second made while the first is being built', async () => {
    await mkdir(DIR, { recursive: true });
    const file = join(DIR, 'page.md');
    await writeFile(file, 'v0');
    const seen: string[] = [];
    const sawV2 = gate();
    const queue = new ChangeQueue(async () => {
      seen.push(await readFile(file, 'utf8'));
      // Inside chokidar's 50 ms throttle of the first event (unless the machine is slow; either way v2 must be built).
      if (seen.length === 1) writeFileSync(file, 'v2');
      if (seen.at(-1) === 'v2') sawV2.open();
    }, { quietMs: 10 });
    const watcher = await watchSources([DIR], queue, (e) => { throw e; });
    try {
      writeFileSync(file, 'v1');
      const timeout = new Promise((_, fail) => setTimeout(() => fail(new Error(`v2 never built; runs saw ${JSON.stringify(seen)}`)), 10_000));
      await Promise.race([sawV2.opened, timeout]);
      expect(seen).toEqual(['v1', 'v2']);
    } finally {
      await queue.close();
      await watcher.close();
    }
  });

  it('builds a file written slowly (truncated, then in chunks) once, with its final content', async () => {
    await mkdir(DIR, { recursive: true });
    const file = join(DIR, 'slow.md');
    const marker = join(DIR, 'settle.txt');
    let seen: string[] = [];
    let built = gate();
    let settled = gate();
    let final = '';
    // The real quiet window (QUIET_MS). The writer's steps: truncate, a chunk 20 ms later (inside
    // chokidar's 50 ms throttle: no event), a pause longer than the window, a chunk (an event), 20 ms, a chunk
    // (no event), … so the events alone fall quiet for a whole window while the file is half-written.
    const queue = new ChangeQueue(async (files) => {
      if (files.includes(file)) seen.push(await readFile(file, 'utf8'));
      if (seen.at(-1) === final) built.open();
      if (files.includes(marker)) settled.open();
    });
    const watcher = await watchSources([DIR], queue, (e) => { throw e; });
    const within = (what: Promise<void>, label: string) =>
      Promise.race([what, new Promise((_, fail) => setTimeout(() => fail(new Error(`${label}; runs saw ${JSON.stringify(seen)}`)), 10_000))]);
    // Only the look at the window's end tells such a file from a finished one, and only if it comes on
    // time: on a loaded machine the process can be starved past the window, and the pause then cannot be
    // told from the end. So the write is tried up to three times; one try built once shows the wait.
    const tries: string[][] = [];
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        final = `---\ntitle: Slow ${attempt}\ndescription: Written in chunks.\n---\n\n${'A line of text.\n'.repeat(40)}`;
        await writeFile(file, final.replace('Slow', 'Old'));
        await writeFile(marker, `before ${attempt}`);
        await within(settled.opened, 'the first marker was never built');
        [seen, built, settled] = [[], gate(), gate()];
        const handle = await open(file, 'r+');
        await handle.truncate(0);
        const chunks = final.match(/[^]{1,120}/g)!;
        expect(chunks.length).toBeGreaterThanOrEqual(6);
        for (let i = 0, at = 0; i < chunks.length; at += chunks[i]!.length, i++) {
          await new Promise((done) => setTimeout(done, i % 2 ? QUIET_MS + 20 : 20));
          await handle.write(chunks[i]!, at);
        }
        await handle.close();
        await within(built.opened, 'the final content was never built');
        // Runs never overlap and each rechecks its files: the run of a later save comes after any rerun.
        await writeFile(marker, `after ${attempt}`);
        await within(settled.opened, 'the marker was never built');
        tries.push(seen);
        if (seen.length === 1 && seen[0] === final) return;
        settled = gate();
      }
      expect.fail(`No try was built once: ${JSON.stringify(tries)}`);
    } finally {
      await queue.close();
      await watcher.close();
    }
  });

  it('ignores hidden files and editor droppings', () => {
    expect(['/x/.page.md.swp', '/x/page.md~', '/x/4913.tmp', '/x/.git', '/x/page.swp'].filter(isIgnored)).toHaveLength(5);
    expect(isIgnored('/x/page.md')).toBe(false);
  });
});
