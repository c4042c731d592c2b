// Watches the site's sources with chokidar and turns bursts of file events
// into single rebuilds: events are collected until the files have been quiet
// for a moment, and events that arrive during a rebuild are run together
// right after it.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { watch } from 'chokidar';

/**
 * Chokidar drops a second change of one file within 50 ms of the first. So
 * each batch notes its files' identity (inode, size, mtime) as it starts, and
 * looks again this long after: a file that changed since is queued again, and
 * the last of two quick saves is never lost.
 */
const RECHECK_MS = 80;

/** Runs `run` with every file changed since the last run; never two runs at once. */
export class ChangeQueue {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly rechecks = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly run: (files: string[]) => Promise<void>,
    /** How long the files must be quiet before a run starts. */
    private readonly quietMs: number,
  ) {}

  push(file: string): void {
    if (this.closed) return;
    this.pending.add(file);
    if (this.running) return; // picked up when the current run ends
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.quietMs);
  }

  /** Runs `task` alone (e.g. the first build); changes seen meanwhile run right after it. */
  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
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

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.rechecks.forEach(clearTimeout);
    await this.running;
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const files = [...this.pending];
    this.pending = new Set();
    const running = (async () => {
      const before = await Promise.all(files.map(identity));
      this.recheckLater(files, before);
      await this.run(files);
    })();
    this.running = running.finally(() => this.done());
    await this.running;
  }

  private done(): void {
    this.running = undefined;
    if (this.pending.size && !this.closed) this.timer = setTimeout(() => void this.flush(), this.quietMs);
  }

  private recheckLater(files: string[], before: string[]): void {
    const timer = setTimeout(() => {
      this.rechecks.delete(timer);
      void Promise.all(files.map(identity)).then((now) => now.forEach((id, i) => id !== before[i] && this.push(files[i]!)));
    }, RECHECK_MS);
    this.rechecks.add(timer);
  }
}

async function identity(file: string): Promise<string> {
  const s = await stat(file, { bigint: true }).catch(() => undefined);
  return s ? `${s.ino}:${s.size}:${s.mtimeNs}` : 'missing';
}

export interface SourceWatcher {
  add(paths: string[]): void;
  close(): Promise<void>;
}

/** Editor droppings and hidden files are never site sources. */
export function isIgnored(path: string): boolean {
  const name = basename(path);
  return name.startsWith('.') || name.endsWith('~') || /\.(sw[a-p]|tmp|bak)$/.test(name) || name === 'node_modules';
}

/** Feeds every added, changed or removed file under `paths` to the queue; resolves once the first scan is done. */
export async function watchSources(
  paths: string[],
  queue: ChangeQueue,
  onError: (error: unknown) => void,
  ignore: (path: string) => boolean = isIgnored,
): Promise<SourceWatcher> {
  const watcher = watch(paths, { ignoreInitial: true, ignored: (p) => ignore(p) });
  watcher.on('all', (event, file) => {
    if (event !== 'addDir' && event !== 'unlinkDir') queue.push(file);
  });
  await new Promise<void>((ready, fail) => {
    watcher.once('ready', ready);
    watcher.once('error', fail);
  });
  watcher.on('error', onError);
  return {
    add: (more) => void watcher.add(more),
    close: () => watcher.close(),
  };
}
