// Reading and writing the build's cache files (Node only; the browser never
// imports this). A cache file is input like any other: read it through its
// schema and report a bad one in one line; write it to a temp file and rename,
// so a concurrent build never reads half a file (writeAtomic). A cache file is
// opened as content is (readCacheFile): without following a link, without
// waiting (a FIFO planted at highlight.jsonl hung the build), and only when it
// is a regular file of a sane size.
//
// It is also the one place that writes and the one place that deletes a
// cache file (as src/output/guard.ts is for out/): each takes the cache folder
// and refuses a path that does not lie inside it once the folders on the way
// are resolved through their links (a subfolder of the cache planted as a
// link to the user's files). The file's own name is never followed: a link
// there is replaced or removed, never written through.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { lstat, mkdir, realpath, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type * as z from 'zod';
import { seal, sealed } from './cache-seal.ts';
import { isInside, realPathOfSync, whereItLandsSync } from './path-inside.ts';

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
  // Written by this very code (writeSealed's second seal): its own JSON.stringify of data it built, so the
  // schema could find nothing to refuse. Anything else (no such seal, an older pkidocs) is checked whole.
  if (sealedBeside && writtenByThisCode(file, text)) return JSON.parse(text) as T;
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

/**
 * The name a file's second seal is made under: its name and the hash of the
 * code that wrote it (bin/cli-bundle.js sets it: every source, template and
 * package). Undefined outside the bundled CLI, which then writes no second seal.
 */
const writerName = (file: string): string | undefined => (process.env.PKIDOCS_CODE_HASH ? `${basename(file)}\0written by\0${process.env.PKIDOCS_CODE_HASH}` : undefined);

/** Why `text`, read from `file`, is not to be trusted; undefined when its seal matches. */
export function sealProblem(file: string, text: string): string | undefined {
  const mac = readCacheFile(sealFile(file), 200);
  if (mac.text === undefined) return 'it has no seal of this checkout: made elsewhere, by an older pkidocs, or planted';
  return sealed(basename(file), text, mac.text.split('\n')[0]!.trim()) ? undefined : 'its seal does not match: edited or planted';
}

/**
 * Whether the second seal of `text` matches under the hash of the code
 * running now: then these exact bytes were written by this code, from data
 * it built and typed, and no schema check can fail on them. Skipping that
 * check saves ~0.1 s of zod per warm build (pages.json is ~3 MB).
 */
function writtenByThisCode(file: string, text: string): boolean {
  const name = writerName(file);
  const mac = name && readCacheFile(sealFile(file), 200).text;
  if (!name || !mac) return false;
  // The second seal alone proves it: an HMAC under the checkout's key of the name, the code's hash and the bytes.
  return sealed(name, text, mac.split('\n')[1]);
}

/** Writes a cache file with its seal (see cache-seal.ts), both through writeAtomic; the bundled CLI adds the seal of its code (writtenByThisCode). */
export async function writeSealed(cacheDir: string, file: string, text: string): Promise<void> {
  await writeAtomic(cacheDir, file, text);
  const name = writerName(file);
  await writeAtomic(cacheDir, sealFile(file), name ? `${seal(basename(file), text)}\n${seal(name, text)}` : seal(basename(file), text));
}

/** The largest cache file read: the real site's largest (the API model) is ~10 MB. */
export const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/** Why a cache file was not read: it is not there, or `problem` says in a few words what it is. */
type Unread = { text?: undefined; bytes?: undefined; missing: true; problem?: undefined } | { text?: undefined; bytes?: undefined; missing?: undefined; problem: string };

export type CacheRead = { text: string; missing?: undefined; problem?: undefined } | Unread;

/**
 * A cache file's text, read as hostile input: a link is not followed
 * (O_NOFOLLOW), a FIFO is not waited on (O_NONBLOCK), and only a regular file
 * within `maxBytes` is read. `problem` says in a few words why it was not.
 */
export function readCacheFile(file: string, maxBytes = MAX_CACHE_BYTES): CacheRead {
  const read = readRegularFile(file, maxBytes, false);
  return read.bytes ? { text: read.bytes.toString('utf8') } : read;
}

/**
 * readCacheFile's bytes; with `followLink`, a link at the file's name is
 * followed (a module's input named by a list this checkout sealed), still
 * never waiting on a FIFO or reading past `maxBytes`.
 */
export function readRegularFile(file: string, maxBytes: number, followLink: boolean): { bytes: Buffer; missing?: undefined; problem?: undefined } | Unread {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (followLink ? 0 : constants.O_NOFOLLOW));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    if (code === 'ELOOP') return { problem: followLink ? 'it is a loop of symbolic links' : 'it is a symbolic link, which a cache never holds' };
    return { problem: `it cannot be opened: ${code ?? (e as Error).message}` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: `it is ${stats.isFIFO() ? 'a named pipe (FIFO)' : stats.isDirectory() ? 'a folder' : 'not a regular file'}` };
    if (stats.size > maxBytes) return { problem: `it is ${stats.size} bytes, more than the ${maxBytes} a cache file may hold` };
    return { bytes: readFileSync(fd) };
  } catch (e) {
    return { problem: `it cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

/** Thrown when a cache path lies outside the cache folder; never caught as a build problem. */
export class OutsideCacheError extends Error {
  constructor(readonly path: string, readonly cacheDir: string, readonly action: 'write' | 'delete', swapped = false) {
    super(`pkidocs refused to ${action} ${path}: ${swapped ? `the cache folder ${cacheDir} is no longer the folder this build checked (replaced, or made a link, meanwhile)` : `it lies outside the cache folder ${cacheDir} once links are resolved (a link planted in the cache?)`}. Nothing was ${action === 'delete' ? 'deleted' : 'written'} there. Delete the cache folder (it is rebuilt) and build again.`);
    this.name = 'OutsideCacheError';
  }
}

/** Cache folder (resolved) → the identity its build's check found it pkidocs' (src/shared/cache-folder.ts). */
const approved = new Map<string, { dev: number; ino: number }>();

/** Records the identity of a cache folder just checked: every later write and delete there asserts the folder is still that one. */
export function approveCacheFolder(cacheDir: string, identity: { dev: number; ino: number }): void {
  approved.set(resolve(cacheDir), { dev: identity.dev, ino: identity.ino });
}

/**
 * `file` made absolute, when it lies inside `cacheDir` (not the folder
 * itself) with the folders on the way resolved through their links and its
 * own name not (the callers replace or remove a link there, never follow it);
 * else an OutsideCacheError.
 */
export function cachePath(cacheDir: string, file: string, action: 'write' | 'delete'): string {
  const absolute = resolve(file);
  const folder = realPathOfSync(cacheDir);
  if (!isInside(whereItLandsSync(absolute), folder)) throw new OutsideCacheError(absolute, resolve(cacheDir), action);
  // Swapped for a link (a `git pull` under serve --watch) since the check: the folder it leads to is not pkidocs'.
  const id = approved.get(resolve(cacheDir));
  const now = id && statSync(folder, { throwIfNoEntry: false });
  if (id && (!now || now.dev !== id.dev || now.ino !== id.ino)) throw new OutsideCacheError(absolute, resolve(cacheDir), action, true);
  return absolute;
}

/** The one deleting chokepoint of the cache: a file (or a link, never what it leads to). */
export async function removeCacheFile(cacheDir: string, file: string): Promise<void> {
  await rm(cachePath(cacheDir, file, 'delete'), { force: true });
}

/**
 * Makes `dir` a real folder inside the cache and returns its real path: a
 * link (to a folder of the user, which a sweep would empty) or a file found at
 * its name is removed, never walked into.
 */
export async function cacheFolder(cacheDir: string, dir: string): Promise<string> {
  const path = cachePath(cacheDir, dir, 'write');
  const found = await lstat(path).catch(() => undefined);
  if (found && !found.isDirectory()) await unlink(path);
  await mkdir(path, { recursive: true });
  return join(await realpath(dirname(path)), basename(path));
}

/**
 * Appends `text` to a cache file, made if missing: never through a link at
 * its name (O_NOFOLLOW) and never waiting on a FIFO (O_NONBLOCK). False when
 * it cannot be opened so (the caller then keeps the entry in memory).
 */
export function appendCacheFileSync(cacheDir: string, path: string, text: string): boolean {
  const file = cachePath(cacheDir, path, 'write');
  mkdirSync(dirname(file), { recursive: true });
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch {
    return false;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

let temps = 0;

/**
 * writeAtomic, synchronously: the temp file is made exclusively (a link
 * planted at its name is removed, never written through), then renamed over
 * `file` (a link there is replaced, not followed).
 */
export function replaceCacheFileSync(cacheDir: string, path: string, contents: string | Uint8Array): void {
  const file = cachePath(cacheDir, path, 'write');
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
export async function writeAtomic(cacheDir: string, path: string, contents: string | Uint8Array): Promise<void> {
  const file = cachePath(cacheDir, path, 'write');
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
