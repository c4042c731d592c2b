// What a build that stopped half-way (killed, out of memory, power cut) left
// beside out/: its new site in `<out>.tmp-<token>` and, when it stopped
// between the two renames of the swap, the previous site in
// `<out>.old-<token>` with no out/ at all. The next build takes over the dead
// build's lock, and with it its token: only the folders named with that token
// are put back or removed. Any other folder named like one (a backup called
// out.old-1, a leftover of an older pkidocs) is named and left alone.
import { lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { own, removeOwned, renameOwned } from './guard.ts';
import type { LockRecord } from './lock.ts';
import { isOurs } from './out-dir.ts';

export const tmpPath = (outDir: string, token: string): string => `${outDir}.tmp-${token}`;
export const asidePath = (outDir: string, token: string): string => `${outDir}.old-${token}`;

/**
 * Restores or removes what the dead holder of the lock (`stale`) left; call
 * it only while holding the lock, with its `token`. Returns one line per
 * folder it handled or left alone, for the terminal.
 */
export async function recoverLeftovers(outDir: string, token: string, stale: LockRecord | undefined): Promise<string[]> {
  const lines: string[] = [];
  const parent = dirname(outDir);
  const theirs = stale?.token;
  const prefix = `${basename(outDir)}.`;
  const names = (await readdir(parent).catch(() => [] as string[])).filter((n) => /^(tmp|old)-/.test(n.slice(prefix.length)) && n.startsWith(prefix));
  const found = async (kind: 'tmp' | 'old'): Promise<string | undefined> => {
    if (!theirs) return undefined;
    const path = join(parent, `${prefix}${kind}-${theirs}`);
    const stat = await lstat(path).catch(() => undefined);
    return stat?.isDirectory() && (await isOurs(path)) ? path : undefined;
  };
  const [tmp, old] = [await found('tmp'), await found('old')];
  const forget = [tmp, old, old && outDir].filter((p): p is string => p !== undefined).map((p) => own(p, token));
  const forgetAll = await Promise.all(forget);
  try {
    const outMissing = !(await lstat(outDir).then(() => true, () => false));
    if (old && outMissing) {
      await renameOwned(old, outDir);
      lines.push(`Restored ${outDir} from ${basename(old)}, left by a build (pid ${stale!.pid}) that stopped between its two renames.`);
    } else if (old) {
      await removeOwned(old, { recursive: true });
      lines.push(`Removed ${basename(old)}, left by a build (pid ${stale!.pid}) that did not finish.`);
    }
    if (tmp) {
      await removeOwned(tmp, { recursive: true });
      lines.push(`Removed ${basename(tmp)}, left by a build (pid ${stale!.pid}) that did not finish.`);
    }
  } finally {
    forgetAll.forEach((f) => f());
  }
  const mine = new Set([tmpPath(outDir, token), asidePath(outDir, token), tmp, old].map((p) => p && basename(p)));
  for (const name of names.filter((n) => !mine.has(n))) {
    lines.push(`Left ${join(parent, name)} alone: its name is like a leftover of a build, but no lock of pkidocs names it, so it may be yours. Delete it yourself if it is not.`);
  }
  return lines;
}
