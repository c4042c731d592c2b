// Reads site files for the dev server, keeping recent ones in memory. Every
// read goes through src/output/served-file.ts (the manifest's files only, one
// open descriptor, no link followed), which also tells whether the file is
// still the version held here: every write to out/ (a temp file renamed over
// a page) and every new link to a file changes that version, so the cache
// and the ETag built from it never serve stale or foreign bytes.
import { join } from 'node:path';
import { readServedFile, type ServedFile } from '../output/served-file.ts';

export interface CachedFile {
  etag: string;
  body: Buffer;
}

type Entry = CachedFile & { read: ServedFile; variant: string };

export class FileCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /**
   * @param maxBytes memory budget; the oldest entries go first.
   * @param transform applied once per file version to the files whose `variant` is not
   *   empty (e.g. the live-reload script in HTML); the variant is part of the ETag, so a
   *   new variant is a new version.
   */
  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly transform?: { variant: (file: string) => string; apply: (file: string, body: Buffer) => Buffer },
  ) {}

  /** The file at `rel` below `root` (out/'s real path), or undefined when it may not be served. */
  async get(root: string, rel: string): Promise<CachedFile | undefined> {
    const file = join(root, rel);
    const variant = this.transform?.variant(file) ?? '';
    const hit = this.entries.get(file);
    const read = await readServedFile(root, rel, hit?.read);
    if (!read) {
      if (hit) this.drop(file, hit);
      return undefined;
    }
    if (hit?.read === read && hit.variant === variant) {
      // Re-insert so that eviction drops the least recently used files.
      this.entries.delete(file);
      this.entries.set(file, hit);
      return hit;
    }
    const body = variant ? this.transform!.apply(file, read.body) : read.body;
    const entry = { read, variant, etag: `"${read.id}${variant ? `-${variant}` : ''}"`, body };
    if (hit) this.drop(file, hit);
    this.store(file, entry);
    return entry;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private drop(file: string, old: Entry): void {
    if (this.entries.delete(file)) this.bytes -= old.body.byteLength;
  }

  private store(file: string, entry: Entry): void {
    if (entry.body.byteLength > this.maxBytes / 4) return; // too big to be worth keeping
    this.entries.set(file, entry);
    this.bytes += entry.body.byteLength;
    for (const [key, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.body.byteLength;
    }
  }
}
