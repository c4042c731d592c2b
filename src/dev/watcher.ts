// Watches the site's sources with chokidar and turns bursts of file events
// into single rebuilds: events are collected until the files have been quiet
// for a moment, and events that arrive during a rebuild are run together
// right after it.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/** Runs `run` with every file changed since the last run; never two runs at once. */
export class ChangeQueue {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
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
    const result = task();
    this.running = result.then(() => undefined, () => undefined).finally(() => {
      this.running = undefined;
      if (this.pending.size && !this.closed) this.timer = setTimeout(() => void this.flush(), this.quietMs);
    });
    return result;
  }

  /** Resolves once nothing is pending or running. */
  async idle(): Promise<void> {
    while (this.running || this.timer) await (this.running ?? new Promise((r) => setTimeout(r, this.quietMs)));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const files = [...this.pending];
    this.pending = new Set();
    this.running = this.run(files).finally(() => {
      this.running = undefined;
    });
    await this.running;
    if (this.pending.size && !this.closed) this.timer = setTimeout(() => void this.flush(), this.quietMs);
  }
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

/**
 * Chokidar drops a second change of one file within 50 ms of the first, so
 * each file is looked at again a little later: if it changed since it was
 * picked up, it is pushed once more and the last save is never lost.
 */
const RECHECK_MS = 80;

export async function watchSources(
  paths: string[],
  queue: ChangeQueue,
  onError: (error: unknown) => void,
  ignore: (path: string) => boolean = isIgnored,
): Promise<SourceWatcher> {
  const seen = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const signature = async (file: string): Promise<string> => {
    const s = await stat(file, { bigint: true }).catch(() => undefined);
    return s ? `${s.ino}:${s.size}:${s.mtimeNs}` : 'missing';
  };
  const onEvent = (event: string, file: string): void => {
    if (event === 'addDir' || event === 'unlinkDir') return;
    queue.push(file);
    void signature(file).then((sig) => {
      seen.set(file, sig);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void signature(file).then((now) => {
          if (now !== seen.get(file)) {
            seen.set(file, now);
            queue.push(file);
          }
        });
      }, RECHECK_MS);
      timers.add(timer);
    });
  };
  const watcher: FSWatcher = watch(paths, { ignoreInitial: true, ignored: (p) => ignore(p) });
  watcher.on('all', onEvent);
  await new Promise<void>((ready, fail) => {
    watcher.once('ready', ready);
    watcher.once('error', fail);
  });
  watcher.on('error', onError);
  return {
    add: (more) => void watcher.add(more),
    close: async () => {
      timers.forEach(clearTimeout);
      await watcher.close();
    },
  };
}
