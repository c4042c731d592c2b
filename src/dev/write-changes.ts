// Incremental output for watch mode: only the files a rebuild changed are
// written, each atomically (a temp file renamed over the old one), so the
// server never sends half a page. Files that no longer exist in the site are
// removed, with the folders they leave empty. Static files are copied (or
// removed) as they change.
import { copyFile, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { OutputFile } from '../output/write.ts';

export type FileMap = ReadonlyMap<string, OutputFile['contents']>;

export interface IncrementalWrite {
  outDir: string;
  /** What the last build wrote (static files aside), by path under out/. */
  before: FileMap;
  after: FileMap;
  staticDir: string;
  /** Files under staticDir that were added, changed or removed. */
  statics: ReadonlySet<string>;
}

let counter = 0;

export async function writeIncremental(w: IncrementalWrite): Promise<{ bytes: number }> {
  const { write, remove } = diffFiles(w.before, w.after);
  const present = new Set(await listStatic(w.staticDir));
  const copy: { path: string; from: string }[] = [];
  for (const file of w.statics) {
    const path = relative(w.staticDir, file).split(sep).join('/');
    if (present.has(`/${path}`)) copy.push({ path, from: file });
    else remove.push(path);
  }
  let bytes = 0;
  await Promise.all([
    ...write.map((f) => place(w.outDir, f.path, (tmp) => {
      bytes += typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength;
      return writeFile(tmp, f.contents);
    })),
    ...copy.map((f) => place(w.outDir, f.path, (tmp) => copyFile(f.from, tmp))),
  ]);
  for (const path of remove) {
    await rm(join(w.outDir, path), { force: true });
    await pruneEmptyFolders(w.outDir, dirname(join(w.outDir, path)));
  }
  return { bytes };
}

/** Files to write (new or different) and to remove (gone), from one build's output to the next. */
export function diffFiles(before: FileMap, after: FileMap): { write: OutputFile[]; remove: string[] } {
  const write: OutputFile[] = [];
  for (const [path, contents] of after) {
    const old = before.get(path);
    if (old === undefined || !sameContents(old, contents)) write.push({ path, contents });
  }
  return { write, remove: [...before.keys()].filter((p) => !after.has(p)) };
}

/** URL paths of the files under content/static, which are copied to out/ as they are. */
export async function listStatic(dir: string): Promise<string[]> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return files.filter((f) => f.isFile()).map((f) => `/${relative(dir, join(f.parentPath, f.name)).split(sep).join('/')}`);
}

async function place(outDir: string, path: string, put: (tmp: string) => Promise<void>): Promise<void> {
  const target = join(outDir, path);
  const tmp = `${target}.${process.pid}-${++counter}.tmp`;
  await mkdir(dirname(target), { recursive: true });
  await put(tmp);
  await rename(tmp, target);
}

async function pruneEmptyFolders(outDir: string, dir: string): Promise<void> {
  for (let d = dir; d.startsWith(outDir + sep); d = dirname(d)) {
    try {
      await rmdir(d);
    } catch {
      return; // not empty (or gone): stop climbing
    }
  }
}

function sameContents(a: OutputFile['contents'], b: OutputFile['contents']): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
