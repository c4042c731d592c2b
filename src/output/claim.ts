// Before a build writes anything: the output folder must be one pkidocs may
// replace, no other build may be writing it, and what a crashed build left
// beside it is put right. Each refusal is a usage error (exit 64). The claim
// is what lets the build write at all: it registers out/ and the two folders
// beside it named with the lock's token with the writing and deleting
// chokepoint (guard.ts), and forgets them on release.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { own } from './guard.ts';
import { lockOutDir, type OutLock } from './lock.ts';
import { contentsProblem, protectedProblem, type OutDirRules } from './out-dir.ts';
import { asidePath, recoverLeftovers, tmpPath } from './recover.ts';

export interface ClaimOptions extends OutDirRules {
  outDir: string;
  /** Where to say what was tidied up (one line each). */
  onInfo: (line: string) => void;
}

/** Checks, locks and tidies the output folder; the lock is held until `release()`. */
export async function claimOutDir(options: ClaimOptions): Promise<OutLock> {
  const { outDir } = options;
  const refused = (await protectedProblem(outDir, options)) ?? (await contentsProblem(outDir));
  if (refused) throw new BuildFailure([refused]);
  await mkdir(dirname(outDir), { recursive: true });
  const lock = await lockOutDir(outDir);
  const forget: (() => void)[] = [];
  const release = async (): Promise<void> => {
    forget.forEach((f) => f());
    await lock.release();
  };
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
