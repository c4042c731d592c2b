// The one place that writes and the one place that deletes files of the
// output: out/, the temporary site beside it, the previous site during the
// swap, and the lock. Each path is checked against the folders (and files)
// the process owns by its lock's token, with links resolved: a path that
// leads outside them (a `..` in a route, a link planted in out/) is refused
// before a byte is written or a file removed. A build registers what it owns
// when it takes the lock (claim.ts) and forgets it on release.
import { constants, realpathSync, rmSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside, realPathOf, whereItLands } from '../shared/path-inside.ts';

let stopping = false;
let inFlight = 0;
let drained: (() => void)[] = [];

/**
 * Stops the build's writing (Ctrl-C): every write asked for from now on is
 * refused, and the promise resolves once the writes under way have ended, so
 * that what the build made can be removed with nothing made after.
 */
export function stopWriting(): Promise<void> {
  stopping = true;
  return inFlight === 0 ? Promise.resolve() : new Promise((done) => drained.push(done));
}

/** Runs one file operation, counted while it runs. */
async function counted<T>(op: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await op();
  } finally {
    if (--inFlight === 0) {
      drained.forEach((done) => done());
      drained = [];
    }
  }
}

/** Owned paths (absolute, links resolved), by path and the token of the lock that owns them. */
const owned = new Map<string, { root: string; kind: 'folder' | 'file' }>();

/** Thrown when a path lies outside what the process owns; never caught as a build problem. */
export class OutsideOwnedError extends Error {
  constructor(readonly path: string, readonly action: string) {
    super(`pkidocs refused to ${action} ${path}: it lies outside the output folders this build owns (its lock's token). Nothing was ${action === 'delete' ? 'deleted' : 'written'} there.`);
    this.name = 'OutsideOwnedError';
  }
}

/** Registers a folder (everything inside it) or a single file as owned by `token`; returns what forgets it. */
export async function own(path: string, token: string, kind: 'folder' | 'file' = 'folder'): Promise<() => void> {
  const real = await realPathOf(path);
  // Keyed by path and token: two claims of one path (one refused) never forget each other's.
  const key = `${real}\0${token}`;
  owned.set(key, { root: real, kind });
  return () => {
    owned.delete(key);
  };
}

/**
 * The owned path `path` resolves to, or an OutsideOwnedError. The folder it
 * lies in is resolved through its links (the file's own name is not: a link
 * there is replaced or removed, never followed, by the callers).
 */
export async function ownedPath(path: string, action: string): Promise<string> {
  if (stopping && action !== 'delete' && action !== 'move') throw new OutsideOwnedError(path, action);
  const absolute = resolve(path);
  return check(absolute, await whereItLands(absolute), action);
}

function check(absolute: string, real: string, action: string): string {
  for (const { root, kind } of owned.values()) {
    if (kind === 'file' ? real === root : isInside(real, root, { orSelf: true })) return absolute;
  }
  throw new OutsideOwnedError(absolute, action);
}

/** Writes a file (flag as for fs.writeFile: 'wx' to create only). */
export async function writeOwned(path: string, contents: string | Uint8Array, flag: string | number = 'w'): Promise<void> {
  return counted(async () => {
    await writeFile(await ownedPath(path, 'write'), contents, { flag });
  });
}

/** Makes a folder and its missing parents. */
export async function mkdirOwned(path: string): Promise<void> {
  return counted(async () => {
    await mkdir(await ownedPath(path, 'write'), { recursive: true });
  });
}

/** Copies a file in (a copy-on-write clone where the file system has them). */
export async function copyOwned(from: string, to: string, mode = 0): Promise<void> {
  return counted(async () => {
    await copyFile(from, await ownedPath(to, 'write'), mode);
  });
}

/** Hard-links `from` (read only) at `to`, or clones or copies it where links are refused. */
export async function linkOwned(from: string, to: string): Promise<void> {
  return counted(async () => {
    const target = await ownedPath(to, 'write');
    try {
      await link(from, target);
    } catch {
      await copyFile(from, target, constants.COPYFILE_FICLONE);
    }
  });
}

/** Renames within what is owned (both ends checked). */
export async function renameOwned(from: string, to: string): Promise<void> {
  return counted(async () => {
    await rename(await ownedPath(from, 'move'), await ownedPath(to, 'write'));
  });
}

let temps = 0;

/**
 * Replaces a file through a temp file beside it, renamed over it: a link
 * where the file was is replaced, not written through, and a link planted at
 * the temp file's name fails the write (exclusive create) instead of taking it.
 */
export async function replaceOwned(path: string, contents: string | Uint8Array): Promise<void> {
  return counted(async () => {
    const target = await ownedPath(path, 'write');
    await mkdirOwned(dirname(target));
    const tmp = `${target}.${process.pid}-${++temps}.tmp`;
    try {
      await writeOwned(tmp, contents, 'wx');
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true });
    }
  });
}

/** The one deleting chokepoint: a file, or a whole folder with `recursive`. */
export async function removeOwned(path: string, options: { recursive?: boolean } = {}): Promise<void> {
  return counted(async () => {
    await rm(await ownedPath(path, 'delete'), { force: true, recursive: options.recursive ?? false });
  });
}

/** removeOwned for an exit handler, where nothing can be awaited; a file only. */
export function removeOwnedSync(path: string): void {
  const absolute = resolve(path);
  let dir: string;
  try {
    dir = realpathSync(dirname(absolute));
  } catch {
    return; // its folder is gone, and the file with it
  }
  rmSync(check(absolute, join(dir, basename(absolute)), 'delete'), { force: true });
}

/** Removes an empty folder (fails, as rmdir does, when it is not empty). */
export async function removeEmptyOwned(path: string): Promise<void> {
  return counted(async () => {
    await rmdir(await ownedPath(path, 'delete'));
  });
}
