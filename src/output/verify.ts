// `pkidocs check`'s first step: out/ compared with the manifest its build
// wrote. A page emptied by hand (`: > out/index.html`), files a killed watch
// left at zero bytes, a file edited, deleted or added since: each is named,
// before any link is crawled, so a broken site never passes. No link is
// followed, in the file's name or in a folder of its path: a build makes
// none, and a link to a folder outside out/ would turn this log into an
// oracle for a file elsewhere (its size, and whether it matches a guessed
// hash). A link is reported as such, its target never read.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { plural } from '../shared/plural.ts';
import { listTree, MANIFEST, readManifest, type ManifestEntry } from './manifest.ts';
import { MARKER } from './out-dir.ts';

/** What a listed path holds: a regular file read inside out/, nothing readable, or a link (the path of the first one on the way). */
type Found = { file: ManifestEntry } | { missing: true } | { link: string };

/** The differences between out/ and its manifest; undefined when there is no manifest to compare with. */
export async function verifyOutput(outDir: string): Promise<Diagnostic[] | undefined> {
  const manifest = await readManifest(outDir);
  if (!manifest) return undefined;
  const root = await realpath(outDir);
  const found: Diagnostic[] = [];
  const problem = (path: string, what: string): void => {
    found.push(error('links', 'check/output-changed', `${join(outDir, path)} ${what}.`, { hint: 'Build the site again (pkidocs build), and keep nothing else in the output folder.' }));
  };
  const entries = [...manifest].sort(([a], [b]) => (a < b ? -1 : 1));
  const seen = await Promise.all(entries.map(([path]) => fileEntry(root, path)));
  /** Each link met on the way to a listed file, with the number of listed files behind it. */
  const links = new Map<string, number>();
  entries.forEach(([path, want], i) => {
    const have = seen[i]!;
    if ('link' in have) links.set(have.link, (links.get(have.link) ?? 0) + 1);
    else if ('missing' in have) problem(path, 'is missing (the build wrote it; it is gone or no longer a regular file)');
    else if (have.file.size === 0 && want.size > 0) problem(path, `is empty (the build wrote ${want.size} bytes)`);
    else if (have.file.size !== want.size || have.file.sha256 !== want.sha256) problem(path, `has changed since the build (${have.file.size} bytes, the build wrote ${want.size}; its sha256 differs)`);
  });
  const { files } = await listTree(outDir);
  for (const path of files.sort()) {
    if (path === MARKER || path === MANIFEST || manifest.has(path) || links.has(path)) continue;
    if ((await lstat(join(root, path)).catch(() => undefined))?.isSymbolicLink()) links.set(path, 0);
    else problem(path, 'is not part of the built site (an extra file)');
  }
  for (const [link, behind] of [...links].sort(([a], [b]) => (a < b ? -1 : 1))) {
    problem(link, `is a symbolic link, which no build makes: it was not followed${behind ? ` (${plural(behind, 'file')} of the manifest not read)` : ''}`);
  }
  return found;
}

/**
 * Size and sha256 of the regular file at `rel` inside `root` (out/'s real
 * path), read without following a link or waiting on a FIFO. The open
 * follows no link in the last component (O_NOFOLLOW); that the folders on
 * the way were no links either is checked on the open file: its folder's real
 * path is its folder's name, and the name leads to the very file opened.
 */
async function fileEntry(root: string, rel: string): Promise<Found> {
  const path = join(root, rel);
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return linkOnTheWay(root, rel);
  try {
    const stats = await handle.stat();
    const folder = await realpath(dirname(path)).catch(() => undefined);
    const named = await lstat(path).catch(() => undefined);
    if (folder !== dirname(path) || named?.ino !== stats.ino || named.dev !== stats.dev) return linkOnTheWay(root, rel);
    if (!stats.isFile()) return { missing: true };
    const hash = createHash('sha256');
    for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 })) hash.update(chunk as Buffer);
    return { file: { size: stats.size, sha256: hash.digest('hex') } };
  } finally {
    await handle.close();
  }
}

/** The first link among `rel`'s folders and its name, or missing when there is none (the file is gone, or moved meanwhile). */
async function linkOnTheWay(root: string, rel: string): Promise<Found> {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    const s = await lstat(join(root, prefix)).catch(() => undefined);
    if (!s) break;
    if (s.isSymbolicLink()) return { link: prefix };
  }
  return { missing: true };
}
