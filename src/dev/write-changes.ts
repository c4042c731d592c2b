// Incremental output for watch mode: only the files a rebuild changed are
// written, each atomically (a temp file renamed over the old one), so the
// server never sends half a page. Files that no longer exist in the site are
// removed, with the folders they leave empty.
import { copyFile, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { OutputFile } from '../output/write.ts';

export interface OutputChanges {
  write: OutputFile[];
  /** Files copied as they are (static/): out path → source file. */
  copy: { path: string; from: string }[];
  /** Paths relative to out/. */
  remove: string[];
}

let counter = 0;

export async function writeChanges(outDir: string, changes: OutputChanges): Promise<{ bytes: number }> {
  let bytes = 0;
  const place = async (path: string, put: (tmp: string) => Promise<void>): Promise<void> => {
    const target = join(outDir, path);
    const tmp = `${target}.${process.pid}-${++counter}.tmp`;
    await mkdir(dirname(target), { recursive: true });
    await put(tmp);
    await rename(tmp, target);
  };
  await Promise.all([
    ...changes.write.map((f) => place(f.path, (tmp) => {
      bytes += typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength;
      return writeFile(tmp, f.contents);
    })),
    ...changes.copy.map((f) => place(f.path, (tmp) => copyFile(f.from, tmp))),
  ]);
  for (const path of changes.remove) {
    await rm(join(outDir, path), { force: true });
    await pruneEmptyFolders(outDir, dirname(join(outDir, path)));
  }
  return { bytes };
}

async function pruneEmptyFolders(outDir: string, dir: string): Promise<void> {
  for (let d = dir; relative(outDir, d) && !relative(outDir, d).startsWith('..') && d.startsWith(outDir + sep); d = dirname(d)) {
    try {
      await rmdir(d);
    } catch {
      return; // not empty (or gone): stop climbing
    }
  }
}
