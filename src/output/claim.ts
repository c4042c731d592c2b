// Before a build writes anything: the output folder must be one pkidocs may
// replace, no other build may be writing it, and what a crashed build left
// beside it is put right. Each refusal is a usage error (exit 64). The claim
// is what lets the build write at all: it registers out/ and the two folders
// beside it named with the lock's token with the writing and deleting
// chokepoint (guard.ts), and forgets them on release.
import { lstat, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { own, removeOwned, renameOwned, stopWriting } from './guard.ts';
import { lockOutDir, type OutLock } from './lock.ts';
import { contentsProblem, linkProblem, protectedProblem, type OutDirRules } from './out-dir.ts';
import { asidePath, recoverLeftovers, tmpPath } from './recover.ts';

export interface ClaimOptions extends OutDirRules {
  outDir: string;
  /** Where to say what was tidied up (one line each). */
  onInfo: (line: string) => void;
}

const active = new Set<() => Promise<void>>();

/**
 * Stops every claimed build of this process where it is (SIGINT, SIGTERM):
 * its writing is stopped and waited for, then what it made beside out/ is
 * removed and its lock released. out/ is left as it was before the build.
 */
export async function abandonClaims(): Promise<void> {
  await stopWriting();
  await Promise.all([...active].map((abandon) => abandon()));
}

/** Checks, locks and tidies the output folder; the lock is held until `release()`. */
export async function claimOutDir(options: ClaimOptions): Promise<OutLock> {
  const { outDir } = options;
  const refused = (await linkProblem(outDir, options.root)) ?? (await protectedProblem(outDir, options)) ?? (await contentsProblem(outDir));
  if (refused) throw new BuildFailure([refused]);
  await mkdir(dirname(outDir), { recursive: true });
  const lock = await lockOutDir(outDir);
  const forget: (() => void)[] = [];
  const release = async (): Promise<void> => {
    active.delete(abandon);
    forget.forEach((f) => f());
    await lock.release();
  };
  // Ctrl-C: the previous site back in out/ if the swap was half-way, the new one removed, the lock released.
  const abandon = async (): Promise<void> => {
    const [tmp, old] = [tmpPath(outDir, lock.token), asidePath(outDir, lock.token)];
    const there = (p: string): Promise<boolean> => lstat(p).then(() => true, () => false);
    if (!(await there(outDir)) && (await there(old))) await renameOwned(old, outDir);
    await Promise.all([removeOwned(tmp, { recursive: true }), removeOwned(old, { recursive: true })]);
    await release();
  };
  active.add(abandon);
  try {
    for (const line of await recoverLeftovers(outDir, lock.token, lock.stale)) options.onInfo(line);
    // A restored previous site is checked like any other out/.
    const problem = await contentsProblem(outDir);
    if (problem) throw new BuildFailure([problem]);
    for (const path of [outDir, tmpPath(outDir, lock.token), asidePath(outDir, lock.token)]) forget.push(await own(path, lock.token));
    return { token: lock.token, stale: lock.stale, release };
  } catch (e) {
    await release();
    throw e;
  }
}
