// The list of every file a build wrote into out/, with its size and sha256,
// kept in out/ itself. It is what makes an entry provably pkidocs's own: a
// build refuses to replace an out/ holding anything it does not list
// (out-dir.ts), and `pkidocs check` compares out/ with it (missing, empty,
// changed and extra files). It holds no time or token, so two builds of the
// same inputs still write byte-identical folders.
import { createHash } from 'node:crypto';
import { constants, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export const MANIFEST = '.pkidocs-manifest.json';

export interface ManifestEntry {
  size: number;
  sha256: string;
}

export type Manifest = Map<string, ManifestEntry>;

export function entryOf(contents: string | Uint8Array): ManifestEntry {
  const size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  return { size, sha256: createHash('sha256').update(contents).digest('hex') };
}

/** The manifest's file: one line per file, sorted, so that it is stable and readable in a diff. */
export function manifestText(manifest: Manifest): string {
  const lines = [...manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, e]) => `${JSON.stringify(path)}:${JSON.stringify({ size: e.size, sha256: e.sha256 })}`);
  return `{"pkidocs":"manifest","version":1,"files":{\n${lines.join(',\n')}\n}}\n`;
}

export function parseManifest(text: string): Manifest | undefined {
  try {
    const data = JSON.parse(text) as { pkidocs?: unknown; version?: unknown; files?: unknown };
    if (data.pkidocs !== 'manifest' || data.version !== 1 || typeof data.files !== 'object' || data.files === null) return undefined;
    const manifest: Manifest = new Map();
    for (const [path, entry] of Object.entries(data.files as Record<string, unknown>)) {
      const { size, sha256 } = (entry ?? {}) as Partial<ManifestEntry>;
      if (!safePath(path) || !Number.isSafeInteger(size) || typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) return undefined;
      manifest.set(path, { size: size!, sha256 });
    }
    return manifest;
  } catch {
    return undefined;
  }
}

/** A relative '/'-separated path with no empty, `.` or `..` segment. */
export function safePath(path: string): boolean {
  return path.split('/').every((s) => s !== '' && s !== '.' && s !== '..') && !path.includes('\\') && !path.includes('\0');
}

/** The manifest in `dir`, or undefined (none, not a regular file, not a manifest). */
export async function readManifest(dir: string): Promise<Manifest | undefined> {
  const bytes = await readRegular(join(dir, MANIFEST), 256 * 1024 * 1024);
  return bytes && parseManifest(bytes.toString('utf8'));
}

/** The size and sha256 of a regular file (no link followed, no FIFO waited on); undefined if it is not one. */
export async function hashFile(path: string): Promise<ManifestEntry | undefined> {
  const bytes = await readRegular(path, Number.MAX_SAFE_INTEGER);
  return bytes && entryOf(bytes);
}

async function readRegular(path: string, limit: number): Promise<Buffer | undefined> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > limit) return undefined;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Every file (and link, FIFO…) under `dir` by '/'-separated path, and every folder. */
export async function listTree(dir: string): Promise<{ files: string[]; folders: string[] }> {
  // In line: one folder per page, and ~900 awaited reads through the thread pool took twice the CPU and three times the wall time.
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  const folders: string[] = [];
  // Each folder's relative path is worked out once, not each entry's (path.relative per entry was ~50 ms of a warm build).
  const prefixes = new Map<string, string>();
  for (const e of entries) {
    let prefix = prefixes.get(e.parentPath);
    if (prefix === undefined) {
      const rel = relative(dir, e.parentPath).split(sep).join('/');
      prefixes.set(e.parentPath, (prefix = rel ? `${rel}/` : ''));
    }
    (e.isDirectory() ? folders : files).push(prefix + e.name);
  }
  return { files, folders };
}

/**
 * Entries of `dir` that `known` does not account for: files it does not list,
 * and folders no listed path lies in (an empty folder a listed file was
 * removed from is still ours). `known` is asked about a file by its path and
 * about a folder by its path with a trailing '/'.
 */
export async function unknownEntries(dir: string, known: (path: string) => boolean): Promise<string[]> {
  const { files, folders } = await listTree(dir);
  const strange = files.filter((f) => !known(f)).sort();
  const foreign = folders.filter((d) => !known(`${d}/`)).sort();
  // A folder named once, not each entry inside it.
  const top = foreign.filter((d) => !foreign.some((o) => d.startsWith(`${o}/`)));
  return [...top.map((d) => `${d}/`), ...strange.filter((f) => !top.some((d) => f.startsWith(`${d}/`)))].sort();
}

/** A `known` for unknownEntries: these paths, and every folder holding one. */
export function knownPaths(paths: Iterable<string>, also: (path: string) => boolean = () => false): (path: string) => boolean {
  const set = new Set<string>();
  for (const p of paths) {
    set.add(p);
    for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) set.add(p.slice(0, i + 1));
  }
  return (path) => set.has(path) || also(path);
}
