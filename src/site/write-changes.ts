// Incremental output for watch mode: only the files a rebuild changed are
// written, each atomically (a temp file renamed over the old one), so the
// server never sends half a page. Files that no longer exist in the site are
// removed, with the folders they leave empty. Static files are copied (or
// removed) as they change.
import { copyFile, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { StaticFile } from '../output/copy-static.ts';
import type { OutputFile, StagedSite } from '../output/write.ts';

export type FileMap = ReadonlyMap<string, OutputFile['contents']>;

export interface IncrementalWrite {
  outDir: string;
  /** What the last build wrote (static files aside), by path under out/. */
  before: FileMap;
  after: FileMap;
  staticDir: string;
  /** Files under staticDir that were added, changed or removed. */
  statics: ReadonlySet<string>;
  /** The static files as the content stage listed and checked them (links resolved to regular files). */
  staticFiles: readonly StaticFile[];
}

let counter = 0;

/**
 * Starts writing the changed files to temp files beside their targets, so
 * the writing overlaps the link check; nothing in out/ changes before commit
 * (which renames the temp files into place and removes what is gone; abort
 * deletes the temp files).
 */
export function stageIncremental(w: IncrementalWrite): StagedSite {
  const { write, remove: gone } = diffFiles(w.before, w.after);
  // A generated file that gave way to a static file of the same name: the static file stays.
  const statics = new Set(w.staticFiles.map((f) => f.path));
  const remove = gone.filter((p) => !statics.has(p));
  const staged: { tmp: string; target: string }[] = [];
  let bytes = 0;
  // Folders of files the last build wrote exist already; only new files may need one.
  const folders = new Map<string, Promise<unknown>>();
  const folder = (dir: string): Promise<unknown> => {
    if (!folders.has(dir)) folders.set(dir, mkdir(dir, { recursive: true }));
    return folders.get(dir)!;
  };
  const stage = async (path: string, put: (tmp: string) => Promise<void>): Promise<void> => {
    const target = join(w.outDir, path);
    const tmp = `${target}.${process.pid}-${++counter}.tmp`;
    if (!w.before.has(path)) await folder(dirname(target));
    staged.push({ tmp, target });
    await put(tmp).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
      await folder(dirname(target)); // out/ was cleaned by hand since the last build
      await put(tmp);
    });
  };
  const written = (async () => {
    const gone: string[] = [];
    const copies = staticChanges(w, gone);
    // A removed static file whose name a generated file takes back (robots.txt) is replaced, not deleted.
    remove.push(...gone.filter((p) => !w.after.has(p)));
    await Promise.all([
      ...write.map((f) => stage(f.path, (tmp) => {
        bytes += typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength;
        return writeFile(tmp, f.contents);
      })),
      ...copies.map((f) => stage(f.path, (tmp) => copyFile(f.from, tmp))),
    ]);
  })();
  written.catch(() => {}); // reported by commit or abort, whichever comes
  return {
    async commit() {
      await written;
      await Promise.all(staged.map((s) => rename(s.tmp, s.target)));
      for (const path of remove) {
        await rm(join(w.outDir, path), { force: true });
        await pruneEmptyFolders(w.outDir, dirname(join(w.outDir, path)));
      }
      return { bytes };
    },
    async abort() {
      await written.catch(() => {});
      await Promise.all(staged.map((s) => rm(s.tmp, { force: true })));
    },
  };
}

/** Static files to copy (from the checked list: a link is copied as its file); removed ones are added to `remove`. */
function staticChanges(w: IncrementalWrite, remove: string[]): { path: string; from: string }[] {
  const present = new Map(w.staticFiles.map((f) => [f.path, f.source]));
  const copy: { path: string; from: string }[] = [];
  for (const file of w.statics) {
    const path = relative(w.staticDir, file).split(sep).join('/');
    const from = present.get(path);
    if (from !== undefined) copy.push({ path, from });
    else remove.push(path);
  }
  return copy;
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
