// Before a build writes anything: the output folder must be one pkidocs may
// replace, no other build may be writing it, and what a crashed build left
// beside it is put right. Each refusal is a usage error (exit 64).
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { lockOutDir, type OutLock } from './lock.ts';
import { contentsProblem, protectedProblem, type OutDirRules } from './out-dir.ts';
import { recoverLeftovers } from './recover.ts';

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
  try {
    for (const line of await recoverLeftovers(outDir)) options.onInfo(line);
    // A restored previous site is checked like any other out/.
    const problem = await contentsProblem(outDir);
    if (problem) throw new BuildFailure([problem]);
    return lock;
  } catch (e) {
    await lock.release();
    throw e;
  }
}
