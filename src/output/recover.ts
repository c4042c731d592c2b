// What a build that stopped half-way (killed, out of memory, power cut) left
// beside out/: its new site in `<out>.tmp-<pid>` and, when it stopped between
// the two renames of the swap, the previous site in `<out>.old-<pid>` with no
// out/ at all. The next build, holding the lock, puts the previous site back
// and removes the rest. Only folders pkidocs wrote (marked) are touched.
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isOurs } from './out-dir.ts';

export const tmpPath = (outDir: string, pid = process.pid): string => `${outDir}.tmp-${pid}`;
export const asidePath = (outDir: string, pid = process.pid): string => `${outDir}.old-${pid}`;

interface Leftover {
  name: string;
  kind: 'tmp' | 'old';
  pid: number;
  mtimeMs: number;
}

/**
 * Restores or removes the leftovers of other runs; call it only while
 * holding the lock (no other build is writing them). Returns one line per
 * folder it handled, for the terminal.
 */
export async function recoverLeftovers(outDir: string, pid = process.pid): Promise<string[]> {
  const leftovers = await findLeftovers(outDir, pid);
  const lines: string[] = [];
  const parent = dirname(outDir);
  const outMissing = !(await lstat(outDir).then(() => true, () => false));
  // The newest previous site is the last good one; the new sites of crashed runs may be incomplete.
  const olds = leftovers.filter((l) => l.kind === 'old').sort((a, b) => b.mtimeMs - a.mtimeMs);
  const restore = outMissing ? olds[0] : undefined;
  if (restore) {
    await rename(join(parent, restore.name), outDir);
    lines.push(`Restored ${outDir} from ${restore.name}, left by a build (pid ${restore.pid}) that stopped between its two renames.`);
  }
  for (const l of leftovers) {
    if (l === restore) continue;
    await rm(join(parent, l.name), { recursive: true, force: true });
    lines.push(`Removed ${l.name}, left by a build (pid ${l.pid}) that did not finish.`);
  }
  return lines;
}

/** `<out>.tmp-N` and `<out>.old-N` folders of other processes that pkidocs wrote. */
async function findLeftovers(outDir: string, pid: number): Promise<Leftover[]> {
  const parent = dirname(outDir);
  const prefix = `${basename(outDir)}.`;
  const names = await readdir(parent).catch(() => [] as string[]);
  const found: Leftover[] = [];
  for (const name of names) {
    const m = /^(tmp|old)-(\d+)$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '');
    if (!m || Number(m[2]) === pid) continue;
    const path = join(parent, name);
    const stat = await lstat(path).catch(() => undefined);
    if (!stat?.isDirectory() || !(await isOurs(path))) continue;
    found.push({ name, kind: m[1] as Leftover['kind'], pid: Number(m[2]), mtimeMs: stat.mtimeMs });
  }
  return found;
}
