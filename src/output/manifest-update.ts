// Watch mode rewrites out/ file by file (write-in-place.ts): after each
// rebuild its manifest is brought up to date with what was written, copied
// and removed, so `pkidocs check` and the next build see out/ as it is.
import { join } from 'node:path';
import { replaceOwned } from './guard.ts';
import { entryOf, hashFile, MANIFEST, manifestText, readManifest } from './manifest.ts';
import { MARKER } from './out-dir.ts';

export interface ManifestChanges {
  written: readonly { path: string; contents: string | Uint8Array }[];
  /** Static files copied in, by path under out/ and the file they came from. */
  copied: readonly { path: string; source: string }[];
  removed: readonly string[];
}

/** The update under way per out/: updates run one after another, off the rebuild's path. */
const pending = new Map<string, Promise<void>>();

/**
 * Queues the update of out/'s manifest after a rebuild's writes: the page
 * reload does not wait for it (hashing every page after a layout edit would
 * add to the edit-to-reload time), the next update and `settled` do.
 */
export function queueManifestUpdate(outDir: string, changes: ManifestChanges, onError: (e: Error) => void): void {
  const next = (pending.get(outDir) ?? Promise.resolve()).then(() => updateManifest(outDir, changes)).catch(onError);
  pending.set(outDir, next);
}

/** Resolves once every queued update of every out/'s manifest is written (a server asked for a page a rebuild just added). */
export async function allManifestsSettled(): Promise<void> {
  await Promise.all(pending.values());
}

/** Resolves once every queued update of out/'s manifest is written (before the lock is released). */
export function manifestSettled(outDir: string): Promise<void> {
  return pending.get(outDir) ?? Promise.resolve();
}

/** Applies these changes to out/'s manifest; out/ without one (an older site) is left without one. */
export async function updateManifest(outDir: string, changes: ManifestChanges): Promise<void> {
  const manifest = await readManifest(outDir);
  if (!manifest) return;
  const own = (path: string): boolean => path !== MARKER && path !== MANIFEST;
  for (const f of changes.written) if (own(f.path)) manifest.set(f.path, entryOf(f.contents));
  const copied = await Promise.all(changes.copied.map(async (c) => [c.path, await hashFile(join(outDir, c.path))] as const));
  for (const [path, entry] of copied) if (own(path) && entry) manifest.set(path, entry);
  for (const path of changes.removed) manifest.delete(path);
  await replaceOwned(join(outDir, MANIFEST), manifestText(manifest));
}
