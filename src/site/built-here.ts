// Whether out/ holds a site this checkout built. out/ between runs is content
// (README, Trust model): it may be committed or restored from a CI cache, with
// pages, marker and manifest all written by someone else, and the dev server's
// one guard (serve only the files out/'s manifest lists, with the bytes it
// lists) reads that list from out/ itself. So after each successful build the
// sha256 of out/'s manifest is kept in .pkidocs-cache/, sealed by this
// checkout's key (src/shared/cache-seal.ts): whoever can write out/ and the
// cache but not the key cannot make a planted manifest match. `pkidocs serve`
// serves out/ only when its manifest is the one sealed; else it builds first.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod';
import { MANIFEST } from '../output/manifest.ts';
import { loadChecked, readCacheFile, writeSealed } from '../shared/cache-io.ts';

/** One record, of the output folder built last (a build to another --out replaces it). */
const RECORD = 'built-site.json';

const recordSchema = z.object({
  /** A hash of the output folder's path (no machine path is kept in the cache). */
  out: z.string(),
  /** The sha256 of out/'s manifest as the build left it. */
  manifest: z.string(),
});

const folderKey = (outDir: string): string => createHash('sha256').update(outDir).digest('hex').slice(0, 16);

/** The sha256 of out/'s manifest, read as content (no link followed, no FIFO waited on); undefined when there is none. */
function manifestDigest(outDir: string): string | undefined {
  const read = readCacheFile(join(outDir, MANIFEST));
  return read.text === undefined ? undefined : createHash('sha256').update(read.text).digest('hex');
}

/** Records, sealed, that out/'s manifest as it is now was written by this checkout's build. */
export async function sealBuiltSite(cacheDir: string, outDir: string): Promise<void> {
  const manifest = manifestDigest(outDir);
  if (manifest === undefined) return;
  await writeSealed(cacheDir, join(cacheDir, RECORD), JSON.stringify({ out: folderKey(outDir), manifest }));
}

/** Why out/ is not known as a site this checkout built (a few words); undefined when it is. */
export async function notBuiltHere(cacheDir: string, outDir: string): Promise<string | undefined> {
  const record = await loadChecked(join(cacheDir, RECORD), recordSchema, 'record of the built site', undefined);
  if (!record || record.out !== folderKey(outDir)) return 'no build of this checkout is recorded for it';
  const manifest = manifestDigest(outDir);
  if (manifest === undefined) return `it has no readable ${MANIFEST}`;
  return manifest === record.manifest ? undefined : `its ${MANIFEST} is not the one this checkout's last build wrote`;
}

/** sealBuiltSite, with a failure (a read-only cache) told as a notice: serve then builds first, which is safe. */
export async function recordBuiltSite(cacheDir: string, outDir: string, notice: (message: string) => void): Promise<void> {
  await sealBuiltSite(cacheDir, outDir).catch((e: NodeJS.ErrnoException) => notice(`The record of the built site could not be saved in ${cacheDir} (${e.code ?? e.message}); pkidocs serve will build ${outDir} again before serving it.`));
}
