// One writer per output folder. A build (or a serve --watch, for its whole
// life) holds `<out>.lock` beside out/; a second one stops at once instead of
// swapping folders under the first. A lock whose process no longer runs
// (killed, crashed) is taken over.
import { link, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { BuildFailure, error } from '../diagnostics/diagnostic.ts';

export interface OutLock {
  release(): Promise<void>;
}

export const lockPath = (outDir: string): string => `${outDir}.lock`;

/** Takes the lock of `outDir` (its parent folder must exist), or fails with a usage diagnostic naming the holder. */
export async function lockOutDir(outDir: string, pid = process.pid): Promise<OutLock> {
  const lock = lockPath(outDir);
  // Written whole under a private name, then linked into place: a reader never sees half a lock.
  const mine = `${lock}.${pid}`;
  await writeFile(mine, `${JSON.stringify({ pid })}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await link(mine, lock).then(() => true, exists)) return held(lock, pid);
      const holder = await readHolder(lock);
      if (holder === undefined) continue; // released meanwhile
      if (holder !== pid && isAlive(holder)) throw busy(outDir, holder);
      await takeOver(lock, pid, outDir);
    }
    throw new Error(`Could not take ${lock}: it keeps changing.`);
  } finally {
    await rm(mine, { force: true });
  }
}

/**
 * Moves a stale lock aside under a name of our own (only one process can
 * move it), then checks that it really was the stale one: if another
 * process had replaced it with a live lock meanwhile, that lock is put back.
 */
async function takeOver(lock: string, pid: number, outDir: string): Promise<void> {
  const aside = `${lock}.stale-${pid}`;
  if (!(await rename(lock, aside).then(() => true, missing))) return;
  const holder = await readHolder(aside);
  if (holder !== undefined && holder !== pid && isAlive(holder)) {
    await link(aside, lock).catch(exists);
    await unlink(aside);
    throw busy(outDir, holder);
  }
  await unlink(aside);
}

function held(lock: string, pid: number): OutLock {
  // A process that exits without releasing (an uncaught error, process.exit) still frees the folder.
  const onExit = (): void => {
    try {
      unlinkSync(lock);
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      if ((await readHolder(lock)) === pid) await rm(lock, { force: true });
    },
  };
}

/** The pid written in a lock file; undefined when it is gone. */
async function readHolder(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(missing);
  if (text === undefined) return undefined;
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid;
    return typeof pid === 'number' ? pid : 0;
  } catch {
    return 0; // unreadable: treated as stale
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

function busy(outDir: string, pid: number): BuildFailure {
  return new BuildFailure([
    error('usage', 'output/busy', `Another build (pid ${pid}) is writing ${outDir}, so this one stopped without touching it.`, {
      hint: 'Wait for it to finish or stop it (a serve --watch holds its output folder until Ctrl-C), or pass another --out.',
    }),
  ]);
}

function exists(e: NodeJS.ErrnoException): false {
  if (e.code === 'EEXIST') return false;
  throw e;
}

function missing(e: NodeJS.ErrnoException): undefined {
  if (e.code === 'ENOENT') return undefined;
  throw e;
}
