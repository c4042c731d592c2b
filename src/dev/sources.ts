// Watches the site's sources with chokidar and feeds every change to the
// queue. Links are never followed by chokidar itself: the build's walk
// (src/content/walk.ts) decides which links it follows (each real folder
// once, none leading out of the repository, a loop an error), and the
// watcher watches exactly those links' targets, reporting a change inside
// one at the path the build lists it at. A link being made or removed is a
// change of its own, so the build lists the folder again and reports a loop
// as it always does. A watched folder that is replaced (`mv content x; mv x
// content`) is watched again once it is back, and rebuilt whole.
import { lstatSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { watch } from 'chokidar';
import { isInside } from '../shared/path-inside.ts';
import type { ChangeQueue } from './watcher.ts';

/** A link the build follows: listed at `path`, read at `real`. */
export interface WatchedLink {
  path: string;
  real: string;
}

export interface SourceWatcher {
  /** Watches these sources (folders and files) and these links' targets from now on. */
  update(paths: readonly string[], links: readonly WatchedLink[]): void;
  close(): Promise<void>;
}

export interface SourceOptions {
  ignore?: (path: string) => boolean;
  /** How often a watched path that went away is looked for (default 100 ms). */
  returnMs?: number;
}

/** Editor droppings and hidden files are never site sources. */
export function isIgnored(path: string): boolean {
  const name = basename(path);
  return name.startsWith('.') || name.endsWith('~') || /\.(sw[a-p]|tmp|bak)$/.test(name) || name === 'node_modules';
}

/** Feeds every added, changed or removed file under `paths` to the queue; resolves once the first scan is done. */
export async function watchSources(
  paths: readonly string[],
  queue: ChangeQueue,
  onError: (error: unknown) => void,
  options: SourceOptions = {},
): Promise<SourceWatcher> {
  const ignore = options.ignore ?? isIgnored;
  const roots = new Set(paths);
  /** Each followed link's target → the paths it is listed at. */
  let links = new Map<string, string[]>();
  const returning = new Map<string, NodeJS.Timeout>();
  const watcher = watch([...paths], { ignoreInitial: true, followSymlinks: false, ignored: (p) => ignore(p) });

  const isWatchedAs = (file: string): string[] => {
    const as = [...roots].some((r) => isInside(file, r, { orSelf: true })) ? [file] : [];
    for (const [real, listed] of links) if (isInside(file, real, { orSelf: true })) as.push(...listed.map((l) => join(l, relative(real, file))));
    return as;
  };
  /** A watched path went away: look for it until it is back, then watch it again and rebuild. */
  const awaitReturn = (root: string): void => {
    if (returning.has(root)) return;
    const timer = setInterval(() => {
      if (!exists(root)) return;
      clearInterval(timer);
      returning.delete(root);
      watcher.unwatch(root);
      watcher.add(root);
      queue.push(root);
    }, options.returnMs ?? 100);
    timer.unref();
    returning.set(root, timer);
  };
  watcher.on('all', (event, file) => {
    if ((event === 'unlinkDir' || event === 'unlink') && roots.has(file)) awaitReturn(file);
    if (event === 'addDir' || event === 'unlinkDir') return;
    for (const path of isWatchedAs(file)) queue.push(path);
  });
  // An unreadable folder is reported, and the rest is watched all the same.
  watcher.on('error', (e) => onError(e));
  await new Promise<void>((ready) => watcher.once('ready', ready));
  return {
    update: (more, followed) => {
      const added = more.filter((p) => !roots.has(p));
      added.forEach((p) => roots.add(p));
      const next = new Map<string, string[]>();
      for (const link of followed) next.set(link.real, [...(next.get(link.real) ?? []), link.path]);
      const outside = (real: string): boolean => ![...roots].some((r) => isInside(real, r, { orSelf: true }));
      const gone = [...links.keys()].filter((real) => !next.has(real) && outside(real));
      const fresh = [...next.keys()].filter((real) => !links.has(real) && outside(real));
      links = next;
      if (gone.length) watcher.unwatch(gone);
      if (added.length || fresh.length) watcher.add([...added, ...fresh]);
    },
    close: async () => {
      returning.forEach((timer) => clearInterval(timer));
      await watcher.close();
    },
  };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
