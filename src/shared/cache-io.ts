// Reading and writing the build's cache files (Node only; the browser never
// imports this). A cache file is input like any other: read it through its
// schema and report a bad one in one line; write it to a temp file and rename,
// so a concurrent build never reads half a file (writeAtomic, which watch
// mode also uses to replace a link found where a page was). A cache file is
// opened as content is (readCacheFile): without following a link, without
// waiting (a FIFO planted at highlight.jsonl hung the build), and only when it
// is a regular file of a sane size.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { seal, sealed } from './cache-seal.ts';

/**
 * The file's JSON checked against `schema` and its seal (writeSealed);
 * undefined when there is none yet, or (with a notice naming `what` and what
 * the build does `instead`) when it is not JSON, of the wrong shape, or not
 * sealed by this checkout (planted, or left by an older pkidocs).
 */
export async function loadChecked<T>(
  file: string,
  schema: z.ZodType<T>,
  what: string,
  onNotice: ((line: string) => void) | undefined,
  instead = 'building without it',
  /** false for a file that carries its own seal (a compiled module's list). */
  sealedBeside = true,
): Promise<T | undefined> {
  const read = readCacheFile(file);
  if (read.missing) return undefined; // none yet
  if (read.problem !== undefined) {
    onNotice?.(`The ${what} ${file} is not usable (${read.problem}); ${instead} and replacing it.`);
    return undefined;
  }
  const text = read.text;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = schema.safeParse(data);
  const problem = !parsed.success ? (data === undefined ? 'not JSON' : 'wrong shape') : sealedBeside ? sealProblem(file, text) : undefined;
  if (problem === undefined) return parsed.data;
  onNotice?.(`The ${what} ${file} is not usable (${problem}); ${instead} and replacing it.`);
  return undefined;
}

/** The seal of `file` is kept beside it, in `<file>.seal`. */
const sealFile = (file: string): string => `${file}.seal`;

/** Why `text`, read from `file`, is not to be trusted; undefined when its seal matches. */
export function sealProblem(file: string, text: string): string | undefined {
  const mac = readCacheFile(sealFile(file), 200);
  if (mac.text === undefined) return 'it has no seal of this checkout: made elsewhere, by an older pkidocs, or planted';
  return sealed(basename(file), text, mac.text.trim()) ? undefined : 'its seal does not match: edited or planted';
}

/** Writes a cache file with its seal (see cache-seal.ts), both through writeAtomic. */
export async function writeSealed(file: string, text: string): Promise<void> {
  await writeAtomic(file, text);
  await writeAtomic(sealFile(file), seal(basename(file), text));
}

/** The largest cache file read: the real site's largest (the API model) is ~10 MB. */
export const MAX_CACHE_BYTES = 256 * 1024 * 1024;

export type CacheRead = { text: string; missing?: undefined; problem?: undefined } | { text?: undefined; missing: true; problem?: undefined } | { text?: undefined; missing?: undefined; problem: string };

/**
 * A cache file's text, read as hostile input: a link is not followed
 * (O_NOFOLLOW), a FIFO is not waited on (O_NONBLOCK), and only a regular file
 * within `maxBytes` is read. `problem` says in a few words why it was not.
 */
export function readCacheFile(file: string, maxBytes = MAX_CACHE_BYTES): CacheRead {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    if (code === 'ELOOP') return { problem: 'it is a symbolic link, which a cache never holds' };
    return { problem: `it cannot be opened: ${code ?? (e as Error).message}` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: `it is ${stats.isFIFO() ? 'a named pipe (FIFO)' : stats.isDirectory() ? 'a folder' : 'not a regular file'}` };
    if (stats.size > maxBytes) return { problem: `it is ${stats.size} bytes, more than the ${maxBytes} a cache file may hold` };
    return { text: readFileSync(fd, 'utf8') };
  } catch (e) {
    return { problem: `it cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

let temps = 0;

/**
 * writeAtomic, synchronously: the temp file is made exclusively (a link
 * planted at its name is removed, never written through), then renamed over
 * `file` (a link there is replaced, not followed).
 */
export function replaceCacheFileSync(file: string, contents: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}-${++temps}.tmp`;
  try {
    try {
      writeFileSync(tmp, contents, { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      rmSync(tmp);
      writeFileSync(tmp, contents, { flag: 'wx' });
    }
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Writes `file` through a temp file beside it, renamed over it: a reader sees
 * the old file or the new one, never part of one, and a link where the file
 * was is replaced, not written through. The temp file is made exclusively, so
 * a link planted at its name fails the write instead of taking it; one left
 * by a crashed run of the same pid is removed (the link, never what it leads
 * to) and the write tried once more.
 */
export async function writeAtomic(file: string, contents: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}-${++temps}.tmp`;
  try {
    await writeFile(tmp, contents, { flag: 'wx' }).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
      await rm(tmp);
      await writeFile(tmp, contents, { flag: 'wx' });
    });
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
}
