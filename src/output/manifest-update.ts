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
