// `pkidocs check`'s first step: out/ compared with the manifest its build
// wrote. A page emptied by hand (`: > out/index.html`), files a killed watch
// left at zero bytes, a file edited, deleted or added since: each is named,
// before any link is crawled, so a broken site never passes.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { listTree, MANIFEST, readManifest, type ManifestEntry } from './manifest.ts';
import { MARKER } from './out-dir.ts';

/** The differences between out/ and its manifest; undefined when there is no manifest to compare with. */
export async function verifyOutput(outDir: string): Promise<Diagnostic[] | undefined> {
  const manifest = await readManifest(outDir);
  if (!manifest) return undefined;
  const found: Diagnostic[] = [];
  const problem = (path: string, what: string): void => {
    found.push(error('links', 'check/output-changed', `${join(outDir, path)} ${what}.`, { hint: 'Build the site again (pkidocs build), and keep nothing else in the output folder.' }));
  };
  const entries = [...manifest].sort(([a], [b]) => (a < b ? -1 : 1));
  const seen = await Promise.all(entries.map(([path]) => fileEntry(join(outDir, path))));
  entries.forEach(([path, want], i) => {
    const have = seen[i];
    if (have === undefined) problem(path, 'is missing (the build wrote it; it is gone or no longer a regular file)');
    else if (have.size === 0 && want.size > 0) problem(path, `is empty (the build wrote ${want.size} bytes)`);
    else if (have.size !== want.size || have.sha256 !== want.sha256) problem(path, `has changed since the build (${have.size} bytes, the build wrote ${want.size}; its sha256 differs)`);
  });
  const { files } = await listTree(outDir);
  for (const path of files.sort()) {
    if (path !== MARKER && path !== MANIFEST && !manifest.has(path)) problem(path, 'is not part of the built site (an extra file)');
  }
  return found;
}

/** Size and sha256 of a regular file, read without following a link or waiting on a FIFO. */
async function fileEntry(path: string): Promise<ManifestEntry | undefined> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return undefined;
    const hash = createHash('sha256');
    for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 })) hash.update(chunk as Buffer);
    return { size: stats.size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}
