// One writer per output folder. A build (or a serve --watch, for its whole
// life) holds `<out>.lock` beside out/; a second one stops at once instead of
// swapping folders under the first. The lock names its holder by pid, the
// process's start time (a pid reused by another process is not the holder)
// and a random token: the temporary and previous sites beside out/ carry the
// token in their names, so that what a dead holder left is recognised as its
// own (recover.ts). A file at the lock's name that is not a pkidocs lock is
// never taken over nor deleted: the build refuses it (exit 64).
import { randomBytes } from 'node:crypto';
import { constants, readFileSync } from 'node:fs';
import { link, open } from 'node:fs/promises';
import { BuildFailure, error } from '../diagnostics/diagnostic.ts';
import { own, removeOwned, removeOwnedSync, writeOwned } from './guard.ts';
import { processStart } from './process-start.ts';

export interface LockRecord {
  pid: number;
  /** The process's start time (clock ticks since boot, Linux); undefined where unknown. */
  started?: string;
  /** Undefined for the lock of an older pkidocs (`{"pid":N}`). */
  token?: string;
}

export interface OutLock {
  /** This holder's token: the temporary and previous sites are named with it. */
  readonly token: string;
  /** The lock of a holder that no longer ran, taken over: what it left beside out/ is recovered by its token. */
  readonly stale?: LockRecord;
  release(): Promise<void>;
}

export const lockPath = (outDir: string): string => `${outDir}.lock`;

/** A fresh token: 16 hex digits, unguessable, so no one else's folder bears it. */
export const newToken = (): string => randomBytes(8).toString('hex');

/** Takes the lock of `outDir` (its parent folder must exist), or fails with a usage diagnostic naming the holder. */
export async function lockOutDir(outDir: string, pid = process.pid): Promise<OutLock> {
  const lock = lockPath(outDir);
  const token = newToken();
  const record: LockRecord = { pid, started: processStart(pid), token };
  // Written whole under a private name, then linked into place: a reader never sees half a lock.
  const mine = `${lock}.${token}`;
  const forget = [await own(mine, token, 'file'), await own(lock, token, 'file'), await own(guardPath(lock), token, 'file')];
  const forgetAll = (): void => forget.forEach((f) => f());
  let stale: LockRecord | undefined;
  try {
    await writeOwned(mine, `${JSON.stringify({ pkidocs: 'output-lock', ...record })}\n`, 'wx');
    try {
      for (let attempt = 0; attempt < 12; attempt++) {
        if (await link(mine, lock).then(() => true, exists)) return held(lock, token, stale, forgetAll);
        const holder = await readLock(lock);
        if (holder === 'gone') continue; // released meanwhile
        if (typeof holder === 'string') throw foreign(outDir, lock, holder);
        if (holdsNow(holder, pid)) throw busy(outDir, lock, holder);
        const taken = await takeOver(lock, mine, token, outDir, pid);
        if (taken === 'wait') await sleep(Math.min(2 ** attempt, 200)); // another process is taking it over
        else stale = taken ?? stale;
      }
      throw new Error(`Could not take ${lock}: it keeps changing.`);
    } finally {
      await removeOwned(mine);
    }
  } catch (e) {
    forgetAll();
    throw e;
  }
}

/** The take-over guard: whoever holds it alone may delete a stale lock. */
const guardPath = (lock: string): string => `${lock}.takeover`;

/**
 * Deletes the stale lock, holding the take-over guard (linked from our own
 * lock file, so one process at a time). Nothing else ever deletes a lock it
 * does not hold, and a new lock can only be linked once the name is free, so
 * the lock read under the guard is the one deleted. (Moving the lock aside
 * instead let a second taker move a fresh live lock away while a third took
 * the free name: two holders.) 'wait': another process holds the guard.
 */
async function takeOver(lock: string, mine: string, token: string, outDir: string, pid: number): Promise<LockRecord | 'wait' | undefined> {
  const guard = guardPath(lock);
  if (!(await link(mine, guard).then(() => true, exists))) {
    const other = await readLock(guard);
    // A guard whose maker died in the few steps below is cleared; then the next attempt takes it.
    if (typeof other === 'object' && !runs(other)) await removeOwned(guard);
    return 'wait';
  }
  try {
    const holder = await readLock(lock);
    if (holder === 'gone') return undefined;
    if (typeof holder === 'string') throw foreign(outDir, lock, holder);
    if (holdsNow(holder, pid)) throw busy(outDir, lock, holder);
    await removeOwned(lock);
    return holder;
  } finally {
    const inGuard = await readLock(guard);
    if (typeof inGuard === 'object' && inGuard.token === token) await removeOwned(guard);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function held(lock: string, token: string, stale: LockRecord | undefined, forget: () => void): OutLock {
  // A process that exits without releasing (an uncaught error, process.exit) still frees the folder.
  const onExit = (): void => {
    if (readLockSync(lock) === token) removeOwnedSync(lock);
  };
  process.once('exit', onExit);
  heldHere.add(token);
  let released = false;
  return {
    token,
    stale,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(token);
      process.off('exit', onExit);
      const holder = await readLock(lock);
      if (typeof holder === 'object' && holder.token === token) await removeOwned(lock);
      forget();
    },
  };
}

/** Tokens of the locks this process holds now. */
const heldHere = new Set<string>();

/**
 * Whether a lock is held: by this process, if one of its locks bears the
 * token (a lock naming this pid without one was left by an earlier process
 * that had the pid); by another, if that process runs.
 */
function holdsNow(holder: LockRecord, pid: number): boolean {
  if (holder.pid === pid) return holder.token !== undefined && heldHere.has(holder.token);
  return runs(holder);
}

/** Whether the holder of a lock still runs: its pid is alive and, where known, started when the lock says. */
export function runs(holder: LockRecord): boolean {
  if (!isAlive(holder.pid)) return false;
  // A lock of an older pkidocs names only a pid: where /proc tells, it holds only if that process runs pkidocs.
  if (holder.started === undefined) return commandLine(holder.pid)?.includes('pkidocs') ?? true;
  const now = processStart(holder.pid);
  return now === undefined || now === holder.started;
}

/**
 * The lock at `file`: its record; 'gone' when there is none; or, as a string,
 * why it is not a pkidocs lock (a folder, a link, someone's Cargo.lock).
 * Opened without following a link or waiting on a FIFO, at most 4 KB read.
 */
export async function readLock(file: string): Promise<LockRecord | 'gone' | string> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return 'gone' as const;
    if (e.code === 'ELOOP') return 'it is a symbolic link';
    throw e;
  });
  if (typeof handle === 'string') return handle;
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return 'it is a folder';
    if (!stats.isFile()) return 'it is not a regular file';
    if (stats.size > 4096) return 'it is not a pkidocs lock';
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(stats.size), 0, stats.size, 0);
    return parseLock(buffer.subarray(0, bytesRead).toString('utf8')) ?? 'it is not a pkidocs lock';
  } finally {
    await handle.close();
  }
}

/** A pkidocs lock: this version's, or an older version's `{"pid":N}` (no start time, no token). */
export function parseLock(text: string): LockRecord | undefined {
  if (/^\{"pid":[1-9]\d{0,9}\}\n?$/.test(text)) return { pid: (JSON.parse(text) as { pid: number }).pid };
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    const { pkidocs, pid, started, token } = data;
    if (pkidocs !== 'output-lock' || !Number.isSafeInteger(pid) || (pid as number) <= 0 || typeof token !== 'string' || !/^[0-9a-f]{16}$/.test(token)) return undefined;
    if (started !== undefined && (typeof started !== 'string' || !/^\d+$/.test(started))) return undefined;
    return { pid: pid as number, started: started as string | undefined, token };
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

function readLockSync(file: string): string | undefined {
  try {
    return parseLock(readFileSync(file, 'utf8'))?.token;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function busy(outDir: string, lock: string, holder: LockRecord): BuildFailure {
  const older = holder.token === undefined ? ' (a lock of an older pkidocs, which recorded no start time)' : '';
  return new BuildFailure([
    error('usage', 'output/busy', `Another build (pid ${holder.pid}) is writing ${outDir}, so this one stopped without touching it.`, {
      hint: `Wait for it to finish or stop it (a serve --watch holds its output folder until Ctrl-C), or pass another --out. If no pkidocs runs, pid ${holder.pid} is another program${older}: delete ${lock} to clear the lock.`,
    }),
  ]);
}

function foreign(outDir: string, lock: string, why: string): BuildFailure {
  return new BuildFailure([
    error('usage', 'output/foreign-lock', `${lock}, where pkidocs keeps the lock of ${outDir}, is not a pkidocs lock (${why}), so this build stopped without touching it.`, {
      hint: 'pkidocs never deletes a file it did not make: pass --out a folder whose name plus ".lock" is free, or move that file away.',
    }),
  ]);
}

function exists(e: NodeJS.ErrnoException): false {
  if (e.code === 'EEXIST') return false;
  throw e;
}
