// Watch mode writes a rebuild's changed files over the last build's, in
// place, once its links passed. A new file costs far more than a rewritten
// one here: after a layout edit, 436 pages written as temp files and renamed
// into place took ~130 ms longer than the same pages rewritten. The dev
// server reads a file again when its identity moved while it read it
// (served-file.ts), so it never serves a page half-way through a rewrite.
import { constants } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { mkdirOwned, removeOwned, replaceOwned, writeOwned } from './guard.ts';
import type { OutputFile } from './write.ts';

/**
 * Writes each file over the one the last build wrote (`before`, by path);
 * returns the bytes written. When a write fails, every file touched is put
 * back as `before` had it (or removed, if it is new), and the error is
 * thrown: out/ is left as it was.
 */
export async function writeInPlace(outDir: string, files: readonly OutputFile[], before: ReadonlyMap<string, OutputFile['contents']>): Promise<number> {
  const results = await Promise.allSettled(files.map((f) => putFile(join(outDir, f.path), f.contents)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    // Every file was under way: each is put back (a failure half-way leaves one part-written).
    const unrestored = await restore(outDir, files.map((f) => f.path), before);
    if (unrestored.length) {
      throw new Error(`Writing ${outDir} failed (${String(failed.reason)}), and ${unrestored.length} file(s) could not be put back as they were (${unrestored.slice(0, 3).join(', ')}): the next build writes the whole site again.`, { cause: failed.reason });
    }
    throw failed.reason;
  }
  return files.reduce((n, f) => n + Buffer.byteLength(f.contents), 0);
}

/**
 * Rewrites a plain file in place. Anything else is replaced, never written
 * through: a symbolic link where the file was, or a file with another name (a
 * hard link), which would change with it. The open itself follows no link
 * (O_NOFOLLOW) and creates nothing; a hard link made between the look and the
 * open needs write access to the file it shares, which could then be written
 * anyway. (Checking on the opened file instead cost ~50 ms more per layout edit.)
 */
async function putFile(target: string, contents: OutputFile['contents']): Promise<void> {
  // Not there (or not to be looked at): made anew, which fails on its own if it cannot be.
  const info = await lstat(target).catch(() => undefined);
  if (!info) return createFile(target, contents);
  if (!info.isFile() || info.nlink !== 1) return replaceOwned(target, contents);
  try {
    await writeOwned(target, contents, constants.O_WRONLY | constants.O_TRUNC | constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Gone, or a link now, since the look.
    if (code === 'ENOENT') return createFile(target, contents);
    if (code === 'ELOOP') return replaceOwned(target, contents);
    throw e;
  }
}

/**
 * A file the last build did not write (or that was removed by hand since): its folder too, if
 * missing. Exclusive, so that a link made there since the look fails the write instead of taking it.
 */
async function createFile(target: string, contents: OutputFile['contents']): Promise<void> {
  await mkdirOwned(dirname(target));
  await writeOwned(target, contents, 'wx');
}

/** Puts these files back as `before` had them; the ones that could not be. */
async function restore(outDir: string, paths: readonly string[], before: ReadonlyMap<string, OutputFile['contents']>): Promise<string[]> {
  const failed = await Promise.all(paths.map(async (path) => {
    const target = join(outDir, path);
    const old = before.get(path);
    try {
      if (old === undefined) await removeOwned(target);
      else await putFile(target, old);
      return false;
    } catch {
      return true;
    }
  }));
  return paths.filter((_, i) => failed[i]);
}
