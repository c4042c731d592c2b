// The page cache of full CLI builds: what a warm build reuses instead of
// rendering. Per route it keeps the key of everything the page's files depend
// on, their sha256, and the page's ids and links (so the links stage parses
// only rendered pages) with its title and description; per Markdown page its
// body and the hashes of the files it included; the search index and the
// publish stage's files (their sha256), each with its key. A manifest of the output folder
// written last records each file written there (sha256 and size), so an
// unchanged file is hard-linked from the previous out/ only when its bytes,
// read and hashed, are still exactly what was written: out/ is the user's
// folder, and size, mtime and inode survive an edit in place (touch -r).
// Nothing here holds a machine path:
// sources are repository-relative, the manifest names its folder by a hash.
// Both files are checked on load (zod); a bad one is reported in one line
// and rebuilt.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type { LinkedFile } from '../output/write.ts';
import type { PageBody } from '../render/body.ts';
import { loadChecked, writeSealed } from '../shared/cache-io.ts';
import { digestOf } from '../shared/module-inputs.ts';

/** Bump when what a key covers, or the file's shape, changes. */
// 3: links are stored as indexes into one table of hrefs (most are the layout's, the same on every page).
// 4: the files a page loads (its images, icon, stylesheet, scripts) are kept beside its links, in the same table.
// 5: a body's deps also hold its data modules' import resolutions (src/shared/module-inputs.ts).
// 6: the output manifest keeps a file's sha256 and size only (its bytes are hashed before reuse).
const FORMAT = 6;

const bodySchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  html: z.string(),
  toc: z.array(z.object({ depth: z.union([z.literal(2), z.literal(3)]), id: z.string(), text: z.string() })),
});
const pageSchema = z.object({
  key: z.string(),
  /** The page key over its body's own bytes (page-keys.ts contentKey): with it the files are reused though the body key changed. */
  content: z.string().optional(),
  /** Output path → sha256 of its contents. */
  files: z.record(z.string(), z.string()),
  ids: z.array(z.string()),
  /** Indexes into the file's table of hrefs. */
  hrefs: z.array(z.number().int().nonnegative()),
  /** The URLs of the files the page loads, as indexes into the same table. */
  loads: z.array(z.number().int().nonnegative()),
  /** The body's title and description: what llms.txt lists of a page, so publish needs no unchanged body. */
  title: z.string(),
  description: z.string().optional(),
});
const publishSchema = z.object({
  key: z.string(),
  /** The key of the API pages' twins alone: with it unchanged they are linked while the rest is published again. */
  apiTwins: z.string(),
  /** A docs page's twin key by route (docTwinKey): with it unchanged the twin is linked while the rest is published again. */
  docTwins: z.record(z.string(), z.string()).optional(),
  /** Output path → sha256 of its contents (the files that reached out/: a static file of the same name wins). */
  files: z.record(z.string(), z.string()),
  notices: z.array(z.string()),
});
const cacheSchema = z.object({
  format: z.literal(FORMAT),
  /** Every href of every page, once. */
  hrefs: z.array(z.string()),
  pages: z.record(z.string(), pageSchema),
  bodies: z.record(z.string(), z.object({ key: z.string(), body: bodySchema, deps: z.array(z.tuple([z.string(), z.string()])) })),
  search: z.object({
    key: z.string(),
    text: z.string(),
    /** What the text's parts were built from: its API rows' key, and each searched page's body key. */
    items: z.string().optional(),
    pages: z.record(z.string(), z.string()).optional(),
    /** Every other docs version's index, by version name: its key and its text. */
    versions: z.record(z.string(), z.object({ key: z.string(), text: z.string() })).optional(),
  }).optional(),
  publish: publishSchema.optional(),
}).refine((d) => Object.values(d.pages).every((p) => [...p.hrefs, ...p.loads].every((i) => i < d.hrefs.length)), 'a link points past the table of hrefs');
const manifestSchema = z.object({
  format: z.literal(FORMAT),
  /** A hash of the output folder's path: one manifest, of the folder written last, so the cache does not grow with every --out. */
  out: z.string(),
  /** Output path → [sha256, size]. */
  files: z.record(z.string(), z.tuple([z.string(), z.number().int().nonnegative()])),
});

export type CachedPage = Omit<z.infer<typeof pageSchema>, 'hrefs' | 'loads'> & { hrefs: string[]; loads: string[] };
export type CachedPublish = z.infer<typeof publishSchema>;
export type CachedBody = { key: string; body: PageBody; deps: [string, string][] };
type Stored = z.infer<typeof cacheSchema>;
type CacheData = Omit<Stored, 'hrefs' | 'pages'> & { pages: Record<string, CachedPage> };

/** The file's form: each page's hrefs as indexes into one table. */
function stored(data: CacheData): Stored {
  const table = new Map<string, number>();
  const index = (href: string): number => {
    let i = table.get(href);
    if (i === undefined) table.set(href, (i = table.size));
    return i;
  };
  const pages = Object.fromEntries(Object.entries(data.pages).map(([path, page]) => [path, { ...page, hrefs: page.hrefs.map(index), loads: page.loads.map(index) }]));
  return { ...data, hrefs: [...table.keys()], pages };
}

/** The form the build reads: each page's hrefs as strings (one string per distinct href). */
function loaded({ hrefs, pages, ...rest }: Stored): CacheData {
  return { ...rest, pages: Object.fromEntries(Object.entries(pages).map(([path, page]) => [path, { ...page, hrefs: page.hrefs.map((i) => hrefs[i]!), loads: page.loads.map((i) => hrefs[i]!) }])) };
}
type Manifest = z.infer<typeof manifestSchema>;

export const sha256 = (...parts: (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

export class PageCache {
  private constructor(
    private readonly cacheDir: string,
    private readonly cacheFile: string,
    private readonly manifestFile: string,
    private readonly outDir: string,
    readonly data: CacheData,
    private readonly manifest: Manifest,
  ) {}

  static async open(cacheDir: string, outDir: string, options: { read: boolean; onNotice: (line: string) => void }): Promise<PageCache> {
    const cacheFile = join(cacheDir, 'pages.json');
    const manifestFile = join(cacheDir, 'out-manifest.json');
    const out = sha256(outDir).slice(0, 16);
    const empty = (): CacheData => ({ format: FORMAT, pages: {}, bodies: {} });
    const [data, manifest] = options.read
      ? await Promise.all([loadChecked(cacheFile, cacheSchema, 'page cache', options.onNotice), loadChecked(manifestFile, manifestSchema, 'output manifest', options.onNotice)])
      : [undefined, undefined];
    return new PageCache(cacheDir, cacheFile, manifestFile, outDir, data ? loaded(data) : empty(), manifest?.out === out ? manifest : { format: FORMAT, out, files: {} });
  }

  /**
   * The file of the previous out/ at `path`, to be linked, when its bytes
   * hash to `sha` (the manifest's too): read whole, once, from a descriptor
   * opened without following a link. With the file comes its plain sha256
   * (out/'s own manifest lists it) and its text, for callers that need it.
   */
  reusable(path: string, sha: string): (LinkedFile & { text: Buffer }) | undefined {
    const entry = this.manifest.files[path];
    if (!entry || entry[0] !== sha) return undefined;
    const from = join(this.outDir, path);
    const read = readRegular(from, entry[1]);
    if (!read) return undefined;
    // One pass over the bytes gives both digests: the plain one, then the cache's (the bytes and a NUL, see sha256).
    const hash = createHash('sha256').update(read.bytes);
    const plain = hash.copy().digest('hex');
    if (hash.update('\0').digest('hex') !== sha) return undefined;
    return { path, from, bytes: read.bytes.byteLength, sha256: plain, text: read.bytes };
  }

  /** Every file of a record (output path → sha256) as out/ holds it, or undefined when any is not. */
  reusableAll(files: Record<string, string>): LinkedFile[] | undefined {
    const linked: LinkedFile[] = [];
    for (const [path, sha] of Object.entries(files)) {
      const file = this.reusable(path, sha);
      if (!file) return undefined;
      linked.push(linkOnly(file));
    }
    return linked;
  }

  /** Included files, and data modules' inputs and import resolutions, still hold what they held when the body was cached. */
  static async depsUnchanged(root: string, deps: readonly [string, string][]): Promise<boolean> {
    for (const [rel, sha] of deps) {
      const now = await digestOf(join(root, rel));
      if (!now || now !== sha) return false;
    }
    return true;
  }

  /**
   * Stores the new records (`undefined`: those loaded are still true; the
   * caller gives them only when it rendered, searched or published something
   * again, so they are written without comparing) and the manifest of the
   * out/ just written (the files' hashes and sizes), skipped when it did not
   * change.
   */
  async save(next: Omit<CacheData, 'format'> | undefined, written: ReadonlyMap<string, string>): Promise<void> {
    const files: Manifest['files'] = {};
    for (const [path, sha] of written) {
      const size = sizeOf(join(this.outDir, path));
      if (size !== undefined) files[path] = [sha, size];
    }
    const manifest: Manifest = { format: FORMAT, out: this.manifest.out, files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) };
    const manifestText = JSON.stringify(manifest);
    if (next) await writeSealed(this.cacheDir, this.cacheFile, JSON.stringify(stored({ format: FORMAT, ...next })));
    if (manifestText !== JSON.stringify(this.manifest)) await writeSealed(this.cacheDir, this.manifestFile, manifestText);
  }
}

/** A reused file without its text (kept only while its caller needs it). */
export function linkOnly({ text: _text, ...file }: LinkedFile & { text: Buffer }): LinkedFile {
  return file;
}

/**
 * The bytes of a regular file of exactly `size` bytes, read from one
 * descriptor; undefined when it is not one. Synchronous: a warm build reads
 * every reused file, and a thousand small reads through the thread pool take
 * several times longer than in line. The open follows no link in the last
 * component (a symbolic link planted in out/ is not a file pkidocs wrote, and
 * link(2) would copy the link) and does not wait on a FIFO.
 */
function readRegular(file: string, size: number): { bytes: Buffer } | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined; // gone, a link, or a folder of its path is now a file: either way not reusable
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile() || s.size !== size) return undefined;
    // One byte more than expected: a file that grew since the stat reads past `size`.
    const bytes = Buffer.allocUnsafe(size + 1);
    let at = 0;
    for (let n; at < bytes.length && (n = readSync(fd, bytes, at, bytes.length - at, at)) > 0;) at += n;
    return at === size ? { bytes: bytes.subarray(0, size) } : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The size of the regular file just written at `file`, or undefined. */
function sizeOf(file: string): number | undefined {
  try {
    const s = lstatSync(file);
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}
