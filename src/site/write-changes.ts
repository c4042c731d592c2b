// Incremental output for watch mode: only the files a rebuild changed are
// written, once its links passed: generated files in place
// (output/write-in-place.ts), static files copied beside their targets and
// renamed over them. Files that
// no longer exist in the site are removed, with the folders they leave empty.
import { dirname, join, relative, sep } from 'node:path';
import { staticContents, type StaticFile } from '../output/copy-static.ts';
import { mkdirOwned, removeEmptyOwned, removeOwned, renameOwned, writeOwned } from '../output/guard.ts';
import { manifestSettled, queueManifestUpdate } from '../output/manifest-update.ts';
import type { OutputFile, StagedSite } from '../output/write.ts';
import { writeInPlace } from '../output/write-in-place.ts';
import { isInside } from '../shared/path-inside.ts';

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
  /** Where to say that out/'s manifest could not be updated (check will then report out/ as changed). */
  onManifestError?: (e: Error) => void;
}

let counter = 0;

/**
 * Copies the changed static files to temp files beside their targets (while
 * the links are checked); nothing in out/ changes before commit, which
 * rewrites the changed generated files in place (output/write-in-place.ts),
 * renames the copies into place and removes what is gone. Abort deletes the
 * copies.
 */
export function stageIncremental(w: IncrementalWrite): StagedSite {
  const { write, remove: gone } = diffFiles(w.before, w.after);
  // A generated file that gave way to a static file of the same name: the static file stays.
  const statics = new Set(w.staticFiles.map((f) => f.path));
  const remove = gone.filter((p) => !statics.has(p));
  const removedStatics: string[] = [];
  const copies = staticChanges(w, removedStatics).map(({ path, file }) => {
    const target = join(w.outDir, path);
    return { from: file.source, file, target, tmp: `${target}.${process.pid}-${++counter}.tmp` };
  });
  // A removed static file whose name a generated file takes back (robots.txt) is replaced, not deleted.
  remove.push(...removedStatics.filter((p) => !w.after.has(p)));
  const copied = Promise.all(copies.map(async (c) => {
    await mkdirOwned(dirname(c.target));
    // The checked text of HTML and SVG, the listed file's own bytes otherwise (copy-static.ts).
    const contents = staticContents(c.file);
    await writeOwned(c.tmp, contents, 'wx');
    return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }));
  copied.catch(() => {}); // reported by commit or abort, whichever comes
  return {
    async commit() {
      const [sizes] = await Promise.all([copied, manifestSettled(w.outDir)]);
      const bytes = await writeInPlace(w.outDir, write, w.before);
      await Promise.all(copies.map((c) => renameOwned(c.tmp, c.target)));
      for (const path of remove) {
        await removeOwned(join(w.outDir, path));
        await pruneEmptyFolders(w.outDir, dirname(join(w.outDir, path)));
      }
      // out/'s manifest follows (pkidocs check and the next build read it), after the reload.
      queueManifestUpdate(w.outDir, { written: write, copied: copies.map((c) => ({ path: relative(w.outDir, c.target).split(sep).join('/'), source: c.from })), removed: remove }, w.onManifestError ?? (() => {}));
      const copiedBytes = sizes.reduce((n, b) => n + b, 0);
      return { bytes: bytes + copiedBytes, statics: { copied: { files: copies.length, bytes: copiedBytes }, kept: { files: 0, bytes: 0 } } };
    },
    async abort() {
      await copied.catch(() => {});
      await Promise.all(copies.map((c) => removeOwned(c.tmp)));
    },
  };
}

/** Static files to copy (from the checked list: a link is copied as its file); removed ones are added to `remove`. */
function staticChanges(w: IncrementalWrite, remove: string[]): { path: string; file: StaticFile }[] {
  const present = new Map(w.staticFiles.map((f) => [f.path, f]));
  const copy: { path: string; file: StaticFile }[] = [];
  for (const changed of w.statics) {
    const path = relative(w.staticDir, changed).split(sep).join('/');
    const file = present.get(path);
    if (file !== undefined) copy.push({ path, file });
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
  for (let d = dir; isInside(d, outDir); d = dirname(d)) {
    try {
      await removeEmptyOwned(d);
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
