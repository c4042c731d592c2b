// What a module compiled by esbuild (a data module, a page module, the
// config) was made of, so that a cache of its result can tell when it no
// longer holds. Two kinds of input, both named by an id:
// - a file esbuild read (a metafile input: its real path), digested by its bytes;
// - a resolution: a relative import specifier of one of those files (and the
//   entry's own path), digested by what decides where it leads: the real
//   path it leads to now, and, when it names no file as written (`./more`,
//   `./dir`), the listings of the folders the extensions and index files were
//   looked up in. A file that takes the import over (more.tsx beside more.ts)
//   or a linked folder pointed elsewhere changes the digest although no file
//   read before changed.
// A resolution's id is `<importer>\0<encoded specifier>`: no path holds a NUL
// byte, and the encoded specifier no slash, so the id stays one path-like
// string that can be made relative to a folder and back (cache files hold no
// machine path) and that no real file is ever mistaken for.
import { createHash } from 'node:crypto';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import type { Metafile } from 'esbuild';
import { isExternalInput } from '../../bin/externals.js';
import { MAX_CACHE_BYTES, readRegularFile } from './cache-io.ts';

const MARK = '\0';

export const digestText = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The ids of everything a build's output depends on: the files read (absolute, real) and the resolutions of their relative imports. */
export function moduleInputs(metafile: Metafile, workDir: string, entry: string): { files: string[]; resolutions: string[] } {
  const files: string[] = [];
  const resolutions = new Set([resolutionId(resolve(workDir, entry), `./${entry.split(/[\\/]/).pop()}`)]);
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (isExternalInput(path)) continue; // a package's loader (bin/externals.js), no file
    const file = resolve(workDir, path);
    files.push(file);
    for (const imp of input.imports) {
      if (!imp.external && imp.original && /^\.{0,2}\//.test(imp.original)) resolutions.add(resolutionId(file, imp.original));
    }
  }
  return { files, resolutions: [...resolutions] };
}

const resolutionId = (importer: string, specifier: string): string => `${importer}${MARK}${encodeURIComponent(specifier)}`;

/** The digest of an input as it is now (see the file's head); undefined when a file read before is gone. */
export async function digestOf(id: string): Promise<string | undefined> {
  const mark = id.lastIndexOf(MARK);
  if (mark < 0) {
    // Opened without waiting (a FIFO put in a file's place would hang the build) and only when a regular file.
    const read = readRegularFile(id, MAX_CACHE_BYTES, true);
    return read.bytes && digestText(read.bytes);
  }
  const from = dirname(id.slice(0, mark));
  const target = resolve(from, decodeURIComponent(id.slice(mark + 1)));
  const kind = await stat(target).then((s) => (s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other'), () => 'none');
  // Relative to the importer's folder: the digest holds no machine path, so a moved checkout keeps it.
  const real = await realpath(target).then((p) => relative(from, p).split(sep).join('/'), () => '');
  const facts: (string | string[])[] = [kind, real];
  if (kind !== 'file') {
    // Looked up by extension beside it, or as a folder with an index: a new file there may take it over.
    // Only the names that can (`more`, `more.tsx`; for `./x.js`, `x.ts`): other files come and go freely.
    const stem = basename(target).replace(/\.[^.]*$/, '');
    const rivals = (await listing(dirname(target))).filter((name) => name === stem || name.startsWith(`${stem}.`));
    facts.push(rivals, await realpath(dirname(target)).then((p) => relative(from, p).split(sep).join('/'), () => ''));
    if (kind === 'dir') facts.push(await listing(target));
  }
  return digestText(JSON.stringify(facts));
}

const listing = async (dir: string): Promise<string[]> => (await readdir(dir).catch(() => [] as string[])).sort();
