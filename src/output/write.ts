// Writes the site into a temporary folder beside out/ and swaps it in only
// when every stage passed, so a failed build never leaves out/ half-written.
// The temporary folder is marked first, so that a crashed run's leftovers
// are recognisably ours (src/output/recover.ts); out/ is checked again just
// before the swap, so nothing but a folder pkidocs may replace is replaced.
import { constants } from 'node:fs';
import { open, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { copyStatic, type StaticFile } from './copy-static.ts';
import { diskFull } from './disk-full.ts';
import { linkOwned, mkdirOwned, own, removeOwned, renameOwned, writeOwned } from './guard.ts';
import { newToken } from './lock.ts';
import { manifestSettled } from './manifest-update.ts';
import { entryOf, hashFile, MANIFEST, manifestText, type Manifest } from './manifest.ts';
import { contentsProblem, MARKER, MARKER_TEXT } from './out-dir.ts';
import { asidePath, tmpPath } from './recover.ts';
import { pausePoint } from './test-pause.ts';

export interface OutputFile {
  /** Path relative to the output folder. */
  path: string;
  contents: string | Uint8Array;
}

/** A file the previous out/ holds unchanged: hard-linked (or cloned, or copied) instead of written. */
export interface LinkedFile {
  path: string;
  /** Absolute path in the previous out/. */
  from: string;
  bytes: number;
  /** Its sha256, when the caller read and checked its bytes (the page cache does); else it is hashed here. */
  sha256?: string;
}

/** A count of files and their bytes. */
export interface FileTally {
  files: number;
  bytes: number;
}

export type WriteResult = {
  /** Every file's bytes, the static files' too. */
  bytes: number;
  unchanged?: true;
  /** The static files copied, and those linked unchanged from the previous out/ (not when unchanged). */
  statics?: { copied: FileTally; kept: FileTally };
  /** The previous out/ being removed after the swap (the site is in place already); awaited before the build ends. */
  removing?: Promise<void>;
};

/** A site written into the temporary folder, not yet swapped in. */
export interface StagedSite {
  /** Swaps it in for out/ (or does nothing, if out/ already held exactly this site). */
  commit(): Promise<WriteResult>;
  /** Drops it; out/ stays as it was. */
  abort(): Promise<void>;
}

/** Stages and swaps in one go, owning out/ and the folders beside it meanwhile (for callers without a claim: tests, tools). */
export async function writeSite(outDir: string, files: readonly (OutputFile | LinkedFile)[], statics: readonly StaticFile[] = [], token = newToken()): Promise<WriteResult> {
  const forget = await Promise.all([outDir, tmpPath(outDir, token), asidePath(outDir, token)].map((p) => own(p, token)));
  try {
    const result = await (await stageSite(outDir, token, files, statics)).commit();
    await result.removing;
    return result;
  } finally {
    forget.forEach((f) => f());
  }
}

/**
 * Writes the site into the temporary folder (the build checks links
 * meanwhile: the writing is I/O, the checking is CPU) and returns what swaps
 * it in or drops it.
 */
export async function stageSite(outDir: string, token: string, given: readonly (OutputFile | LinkedFile)[], statics: readonly StaticFile[] = []): Promise<StagedSite> {
  // The marker and the manifest are the writer's own: a page or static file of those names is not written.
  await manifestSettled(outDir); // watch mode's last in-place update, whose entries linked files take
  const pages = given.filter((f) => f.path !== MARKER && f.path !== MANIFEST);
  const sources = statics.filter((f) => f.path !== MARKER && f.path !== MANIFEST);
  const manifest = await manifestOf(pages, sources);
  const files = [...pages, { path: MANIFEST, contents: manifestText(manifest) }];
  const next = new Set(files.map((f) => f.path).concat(sources.map((f) => f.path)));
  const sizeOf = (paths: readonly StaticFile[]): FileTally => ({ files: paths.length, bytes: paths.reduce((n, f) => n + (manifest.get(f.path)?.size ?? 0), 0) });
  const staticBytes = sizeOf(sources).bytes;
  if (await holdsAlready(outDir, files, sources)) {
    const unchanged: WriteResult = { bytes: pages.reduce((n, f) => n + byteCount(f), staticBytes), unchanged: true };
    return { commit: async () => unchanged, abort: async () => {} };
  }
  const tmp = tmpPath(outDir, token);
  try {
    const { bytes, kept } = await writeInto(tmp, outDir, files, sources).catch(async (e: unknown) => {
      throw (await diskFull(e, tmp, [...files, ...sources].reduce((n, f) => n + ('source' in f ? 0 : byteCount(f)), 0))) ?? e;
    });
    const statics = { copied: sizeOf(sources.filter((f) => !kept.has(f))), kept: sizeOf(sources.filter((f) => kept.has(f))) };
    return {
      commit: async () => {
        await pausePoint('before-swap', outDir);
        const { removing } = await swap(tmp, outDir, token, next);
        return { bytes: bytes + staticBytes, removing, statics };
      },
      abort: () => removeOwned(tmp, { recursive: true }),
    };
  } catch (e) {
    await removeOwned(tmp, { recursive: true });
    throw e;
  }
}

/**
 * What the manifest of this site lists. A file linked from the previous out/
 * takes the sha256 its caller computed from its bytes (not the previous
 * manifest's word: out/ and its manifest may be edited by hand); the rest are
 * hashed.
 */
async function manifestOf(files: readonly (OutputFile | LinkedFile)[], statics: readonly StaticFile[]): Promise<Manifest> {
  const manifest: Manifest = new Map();
  await Promise.all([
    ...files.map(async (f) => {
      if (!('from' in f)) return void manifest.set(f.path, entryOf(f.contents));
      const entry = f.sha256 ? { size: f.bytes, sha256: f.sha256 } : await hashFile(f.from);
      if (entry) manifest.set(f.path, entry);
    }),
    ...statics.map(async (f) => {
      const entry = await hashFile(f.source);
      if (entry) manifest.set(f.path, entry);
    }),
  ]);
  return manifest;
}

/** Writes the site into `tmp`: the generated files' bytes, and the static files linked from out/ rather than copied. */
async function writeInto(tmp: string, outDir: string, files: readonly (OutputFile | LinkedFile)[], statics: readonly StaticFile[]): Promise<{ bytes: number; kept: Set<StaticFile> }> {
  await removeOwned(tmp, { recursive: true });
  await mkdirOwned(tmp);
  await writeOwned(join(tmp, MARKER), MARKER_TEXT, 'wx');
  // Static files come listed and checked by the content stage (copy-static.ts); one the previous out/
  // holds with the same bytes is linked from there, like an unchanged page.
  const kept = await Promise.all(statics.map((f) => sameBytes(f.source, join(outDir, f.path))));
  await copyStatic(statics.filter((_, i) => !kept[i]), tmp);
  const keptStatics = statics.filter((_, i) => kept[i]);
  await Promise.all([...new Set(keptStatics.map((f) => dirname(join(tmp, f.path))))].map((d) => mkdirOwned(d)));
  await Promise.all(keptStatics.map((f) => linkOwned(join(outDir, f.path), join(tmp, f.path))));
  const dirs = new Set(files.map((f) => dirname(join(tmp, f.path))));
  await Promise.all([...dirs].map((d) => mkdirOwned(d)));
  let bytes = 0;
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let f = queue.pop(); f; f = queue.pop()) {
      if (f.path !== MANIFEST) bytes += byteCount(f);
      // Created exclusively: the temporary folder is new, so anything already at a name was planted.
      if ('from' in f) await linkOwned(f.from, join(tmp, f.path));
      else await writeOwned(join(tmp, f.path), f.contents, 'wx');
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return { bytes, kept: new Set(keptStatics) };
}

/**
 * Whether out/ already holds exactly this site: every file is there with
 * these contents (a linked file's bytes were hashed when it was chosen), every static file
 * equals its source, and nothing else is there. Then nothing is written and
 * nothing is swapped: a warm build with nothing changed leaves out/ as it is.
 */
async function holdsAlready(outDir: string, files: readonly (OutputFile | LinkedFile)[], statics: readonly StaticFile[]): Promise<boolean> {
  if (files.some((f) => 'from' in f && f.from !== join(outDir, f.path))) return false;
  // Contents first: a build that changed a page stops at that page, before listing out/.
  const checks = [
    ...files.filter((f): f is OutputFile => !('from' in f)).map((f) => (scratch: Scratch) => holdsBytes(join(outDir, f.path), f.contents, scratch)),
    ...statics.map((f) => (scratch: Scratch) => sameBytes(f.source, join(outDir, f.path), scratch)),
    (scratch: Scratch) => holdsBytes(join(outDir, MARKER), MARKER_TEXT, scratch),
  ];
  if (!(await allHold(checks))) return false;
  const expected = new Set([MARKER, ...files.map((f) => f.path), ...statics.map((f) => f.path)]);
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true }).catch(() => undefined);
  if (!entries) return false;
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    // A link, a FIFO or a file this site does not have: the full write replaces them. (A missing one failed its check above.)
    if (!entry.isFile() || !expected.has(relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'))) return false;
  }
  return true;
}

/**
 * Runs the checks 32 at a time and stops starting new ones at the first that
 * fails. One at a time, each file's few I/O steps waited for the links check
 * (running meanwhile) to yield: ~0.5 s for the real site, ~4 s at 10× its size.
 */
async function allHold(checks: readonly ((scratch: Scratch) => Promise<boolean>)[]): Promise<boolean> {
  let next = 0;
  let holds = true;
  const worker = async (): Promise<void> => {
    const scratch = new Scratch();
    while (holds && next < checks.length) if (!(await checks[next++]!(scratch))) holds = false;
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return holds;
}

/** Pages are far below this; a larger (static) file is compared in a buffer of its own. */
const SCRATCH_LIMIT = 4 * 1024 * 1024;
const utf8 = new TextEncoder();

/**
 * Buffers one comparing worker reuses for every file: reading a whole out/
 * (170 MB at 10× the real site) into a fresh Buffer per file made V8 collect
 * its whole heap again and again, and the links check beside it waited.
 */
class Scratch {
  private have = Buffer.alloc(0);
  private want = Buffer.alloc(0);

  /** Room for `size` bytes read from a file (a large file gets a buffer of its own, not kept). */
  room(size: number): Buffer {
    if (size > SCRATCH_LIMIT) return Buffer.alloc(size);
    if (this.have.length < size) this.have = Buffer.alloc(Math.min(SCRATCH_LIMIT, Math.max(size, 2 * this.have.length)));
    return this.have.subarray(0, size);
  }

  /** `text` as UTF-8, in the second buffer. */
  encode(text: string): Uint8Array {
    if (text.length * 3 > SCRATCH_LIMIT) return Buffer.from(text);
    if (this.want.length < text.length * 3) this.want = Buffer.alloc(Math.min(SCRATCH_LIMIT, Math.max(text.length * 3, 2 * this.want.length)));
    return this.want.subarray(0, utf8.encodeInto(text, this.want).written);
  }
}

/**
 * Whether `file` is a regular file (not a link, not a FIFO: it is read, and
 * may be linked) holding exactly `want`. Opened without following a link and
 * without waiting for a FIFO's writer; the type and size are checked on the
 * open file before a byte is read.
 */
async function holdsBytes(file: string, want: string | Uint8Array, scratch = new Scratch()): Promise<boolean> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return false;
  try {
    const stats = await handle.stat();
    const bytes = typeof want === 'string' ? scratch.encode(want) : want;
    if (!stats.isFile() || stats.size !== bytes.byteLength) return false;
    const have = scratch.room(stats.size);
    for (let at = 0; at < have.length;) {
      const { bytesRead } = await handle.read(have, at, have.length - at, at);
      if (!bytesRead) return false; // shorter than it said
      at += bytesRead;
    }
    return have.equals(bytes);
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Whether `file` holds exactly the bytes of the static file `source`. */
async function sameBytes(source: string, file: string, scratch?: Scratch): Promise<boolean> {
  return holdsBytes(file, await readFile(source), scratch);
}

function byteCount(f: OutputFile | LinkedFile): number {
  if ('from' in f) return f.bytes;
  return typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength;
}

/** Swaps the new site in; resolves once it is in place, with the removal of the previous one (still running). */
async function swap(tmp: string, outDir: string, token: string, next: ReadonlySet<string>): Promise<{ removing: Promise<void> }> {
  const problem = await contentsProblem(outDir, next);
  if (problem) {
    await removeOwned(tmp, { recursive: true });
    throw new BuildFailure([problem]);
  }
  const old = asidePath(outDir, token);
  const hadOld = await renameOwned(outDir, old).then(() => true, ignoreMissing);
  crashPoint('between-renames');
  await pausePoint('between-renames', outDir);
  try {
    await renameOwned(tmp, outDir);
  } catch (e) {
    // Something took out/'s place meanwhile: put the previous site back, drop the new one.
    if (hadOld) await renameOwned(old, outDir).catch(() => {});
    await removeOwned(tmp, { recursive: true });
    throw e;
  }
  const removing = removeOwned(old, { recursive: true });
  removing.catch(() => {}); // handled where it is awaited, later: never an unhandled rejection meanwhile
  return { removing };
}

/**
 * Tests only: PKIDOCS_TEST_CRASH=<point> kills the process there, abruptly
 * (SIGKILL: no exit handlers, no clean-up), to prove the next run recovers.
 */
function crashPoint(point: string): void {
  if (process.env.PKIDOCS_TEST_CRASH === point) process.kill(process.pid, 'SIGKILL');
}

function ignoreMissing(e: NodeJS.ErrnoException): false {
  if (e.code !== 'ENOENT') throw e;
  return false;
}
