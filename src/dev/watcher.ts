// Turns bursts of file events (from sources.ts) into single rebuilds: events
// are collected until the files have been quiet for a moment, and events that
// arrive during a rebuild are run together right after it.
import { fileIdentity } from './file-identity.ts';

/**
 * How long the files must be quiet before a rebuild is shown. An editor's
 * "save all", a formatter that saves again, a `git checkout` and chokidar's
 * own stat of each file spread one burst over tens of milliseconds; 80 ms
 * gathers them into one reload. The rebuild runs ahead of the window (below),
 * so the window is all that stands between a Markdown save and its reload
 * (target ≤ 100 ms); it stays longer than chokidar's 50 ms throttle, so the
 * look at each file's identity at its end sees a write chokidar dropped.
 */
export const QUIET_MS = 80;

/**
 * Chokidar drops a second change of one file within 50 ms of the first. So
 * each run notes its files' identity (inode, size, mtime) as it starts, and
 * looks again once the run is over and at least this long after it started:
 * a file that changed since is queued again, and the last of two quick saves
 * is never lost. The run counts as busy until then, so whatever it missed
 * runs next.
 */
export const RECHECK_MS = 80;

/*
 * An editor or a tool may write a file in several steps (truncate, then
 * chunks). Chokidar reports the first step and drops the steps within 50 ms
 * after it, so a quiet event stream does not prove a finished file. Each push
 * notes the file's identity; when the quiet window ends, a file whose
 * identity moved since is still being written, and the window starts again.
 * A plain save costs nothing more: its identity is already the final one.
 */

/*
 * Ahead of the window (`ahead`): a run starts at the first event, while the
 * window is still open, and is told at its end whether to keep its result:
 * yes when the window closed on the very files it read (no event, no change
 * of identity since), no otherwise, and the run then drops what it made and
 * the next one starts. The window still decides what is shown; the rebuild
 * just no longer waits for it.
 */

export interface QueueOptions {
  /** Quiet time that ends a burst (default QUIET_MS). */
  quietMs?: number;
  recheckMs?: number;
  /** A file's identity; it changes whenever the file is written (default: inode, size, mtime). */
  identity?: (file: string) => Promise<string>;
  /** Start runs at the first event, each told at the window's end whether to keep its result (above). */
  ahead?: boolean;
}

/** Whether a run keeps what it made: settled at the end of the quiet window (at once, for a run not ahead of it). */
export type Keep = Promise<boolean>;

/** A run started ahead of the window's end, not yet told whether to keep its result. */
interface AheadRun {
  files: readonly string[];
  /** The files' identities as the run started, before it read them. */
  before: Promise<string[]>;
  tell: (keep: boolean) => void;
  told: boolean;
  /** The run (and, when kept, its recheck). */
  done: Promise<void>;
}

/** Runs `run` with every file changed since the last run; never two runs at once. */
export class ChangeQueue {
  private pending = new Set<string>();
  private ahead: AheadRun | undefined;
  /** Each pending file's identity as last seen (at its latest event, or at the latest end of a quiet window). */
  private seen = new Map<string, Promise<string>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** Ends the wait before a recheck early (on close). */
  private stopWaiting: (() => void) | undefined;
  private readonly quietMs: number;
  private readonly recheckMs: number;
  private readonly identity: (file: string) => Promise<string>;

  private readonly runsAhead: boolean;

  constructor(
    private readonly run: (files: string[], keep: Keep) => Promise<void>,
    options: QueueOptions = {},
  ) {
    this.quietMs = options.quietMs ?? QUIET_MS;
    this.recheckMs = options.recheckMs ?? RECHECK_MS;
    this.identity = options.identity ?? identityOrMissing;
    this.runsAhead = options.ahead ?? false;
  }

  push(file: string): void {
    if (this.closed) return;
    this.pending.add(file);
    this.seen.set(file, this.identity(file));
    if (this.running) return; // picked up when the current run ends
    this.drop(); // a run ahead read files older than this
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.quietMs);
    this.startAhead();
  }

  /** Runs `task` alone (e.g. the first build); changes seen meanwhile run right after it. */
  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    while (this.running || this.ahead) {
      const ahead = this.ahead;
      this.drop();
      await Promise.all([this.running, ahead?.done]);
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    // Marked as running before the task starts, so that changes it causes wait for it.
    let release = (): void => {};
    this.running = new Promise<void>((r) => (release = r));
    try {
      return await task();
    } finally {
      release();
      this.done();
    }
  }

  /** Stops taking changes; waits for the run in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopWaiting?.();
    const ahead = this.ahead;
    this.drop();
    await Promise.all([this.running, ahead?.done]);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const files = [...this.pending];
    const ahead = this.ahead;
    // One look at each file serves both questions.
    const now = await Promise.all(files.map(this.identity));
    const [writing, current] = await Promise.all([this.stillWriting(files, now), ahead && this.readsCurrent(ahead, files, now)]);
    // A push during the check restarted the window; close() ended everything.
    if (this.timer || this.running || this.closed) return;
    if (writing) {
      // Not quiet yet; a run ahead that read the files as they are now may still be kept at the next end.
      if (!current) this.drop();
      this.timer = setTimeout(() => void this.flush(), this.quietMs);
      this.startAhead();
      return;
    }
    if (ahead && current && !ahead.told) {
      // The run ahead read exactly these files as they are now: it keeps its result.
      this.pending = new Set();
      this.seen.clear();
      this.ahead = undefined;
      this.running = ahead.done.finally(() => this.done());
      ahead.told = true;
      ahead.tell(true);
      await this.running;
      return;
    }
    if (ahead) {
      this.drop();
      await ahead.done;
      if (this.timer || this.running || this.closed) return;
    }
    this.pending = new Set();
    this.seen.clear();
    this.running = this.runAndRecheck(files, Promise.resolve(true)).finally(() => this.done());
    await this.running;
  }

  /** Whether the run ahead reads exactly these files, as they are now: none changed since it started. */
  private async readsCurrent(ahead: AheadRun, files: readonly string[], now: readonly string[]): Promise<boolean> {
    // Its files are always the pending ones (any push drops it); checked all the same, as keeping a
    // run of fewer files than are pending would lose the others.
    if (ahead.told || !sameFiles(ahead.files, files)) return false;
    const then = await ahead.before;
    return ahead.files.every((file, i) => then[i] === now[files.indexOf(file)]);
  }

  /** Starts a run of the pending files ahead of the window's end (never beside another run). */
  private startAhead(): void {
    if (!this.runsAhead || this.ahead || this.running || this.closed || !this.pending.size) return;
    let tell = (_keep: boolean): void => {};
    const keep = new Promise<boolean>((resolve) => (tell = resolve));
    const files = [...this.pending];
    const before = Promise.all(files.map(this.identity));
    const ahead: AheadRun = { files, before, tell, told: false, done: Promise.resolve() };
    this.ahead = ahead;
    ahead.done = this.runAndRecheck(files, keep, before).finally(() => {
      if (this.ahead === ahead) this.ahead = undefined;
      // Dropped while the window is still open: the next run ahead takes every file pending now.
      if (this.timer) this.startAhead();
    });
  }

  /** Tells the run ahead, if any, to drop its result. */
  private drop(): void {
    const ahead = this.ahead;
    if (!ahead || ahead.told) return;
    ahead.told = true;
    ahead.tell(false);
  }

  /** Whether a file changed since it was last seen (`now`: what each is now), without an event; notes what it is now. */
  private async stillWriting(files: string[], now: readonly string[]): Promise<boolean> {
    const moved = await Promise.all(
      files.map(async (file, i) => {
        const before = await this.seen.get(file);
        this.seen.set(file, Promise.resolve(now[i]!));
        return before !== now[i];
      }),
    );
    return moved.includes(true);
  }

  private async runAndRecheck(files: string[], keep: Keep, identities = Promise.all(files.map(this.identity))): Promise<void> {
    const started = performance.now();
    const before = await identities;
    await this.run(files, keep);
    // A dropped run's files are pending still: nothing to look at again.
    if (!(await keep)) return;
    const wait = this.recheckMs - (performance.now() - started);
    if (wait > 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.stopWaiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.stopWaiting = undefined;
    }
    if (this.closed) return;
    const now = await Promise.all(files.map(this.identity));
    files.forEach((file, i) => {
      if (now[i] === before[i]) return;
      this.pending.add(file);
      this.seen.set(file, Promise.resolve(now[i]!));
    });
  }

  private done(): void {
    this.running = undefined;
    if (this.pending.size && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.quietMs);
      this.startAhead();
    }
  }
}

function sameFiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f) => b.includes(f));
}

const identityOrMissing = (file: string): Promise<string> => fileIdentity(file).catch(() => 'missing');
