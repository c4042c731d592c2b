// What a run put into out/: the files it wrote, and the files the previous
// out/ held unchanged and were linked instead. The result line says both, so
// a one-page edit never reads as "wrote 17 MB".
import { plural, size } from '../shared/plural.ts';
import type { Contents, Tally } from './types.ts';

export type { Tally };

export interface WriteTally {
  written: Tally;
  linked: Tally;
}

export const NOTHING: Tally = { files: 0, bytes: 0 };

function bytesOf(contents: Contents): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

/**
 * The files written and linked. `before` (watch mode's in-place update) counts
 * only the files whose contents changed since the last run as written.
 */
export function tally(files: ReadonlyMap<string, Contents>, linked: readonly { bytes: number }[], before?: ReadonlyMap<string, Contents>): WriteTally {
  const written = { files: 0, bytes: 0 };
  for (const [path, contents] of files) {
    if (before?.get(path) === contents) continue;
    written.files++;
    written.bytes += bytesOf(contents);
  }
  return { written, linked: { files: linked.length, bytes: linked.reduce((n, f) => n + f.bytes, 0) } };
}

/** The counts of a write: nothing when out/ already held the site; else the generated files and the static files copied or linked. */
export function writeCounts(counts: WriteTally, w: { unchanged?: true; statics?: { copied: Tally; kept: Tally } }): WriteTally {
  if (w.unchanged) return { written: NOTHING, linked: NOTHING };
  const add = (a: Tally, b: Tally | undefined): Tally => ({ files: a.files + (b?.files ?? 0), bytes: a.bytes + (b?.bytes ?? 0) });
  return { written: add(counts.written, w.statics?.copied), linked: add(counts.linked, w.statics?.kept) };
}

/**
 * "wrote 5 files (120 kB) to out and linked 1318 unchanged files (17.3 MB)
 * from the previous site, 17.4 MB in all", or that nothing was written.
 */
export function writtenLine(t: WriteTally, total: number, outDir: string): string {
  if (!t.written.files && !t.linked.files) return `wrote nothing: ${outDir} already held this site (${size(total)})`;
  const wrote = `wrote ${plural(t.written.files, 'file')} (${size(t.written.bytes)}) to ${outDir}`;
  if (!t.linked.files) return wrote;
  return `${wrote} and linked ${plural(t.linked.files, 'unchanged file')} (${size(t.linked.bytes)}) from the previous site, ${size(total)} in all`;
}

/** The render stage's line: "408 pages", or "1 of 408 pages (407 reused from the cache)". */
export function renderedLine(rendered: number, total: number): string {
  if (rendered === total) return plural(total, 'page');
  return `${rendered} of ${plural(total, 'page')} (${total - rendered} reused from the cache)`;
}
