// Reads site files for the dev server, keeping recent ones in memory. A file
// is identified by inode, size and modification time in nanoseconds; every
// write to out/ (a file rewritten in place, or a temp file renamed over it)
// changes that identity, so the cache and the ETag built from it never serve
// stale bytes, and a read that overlapped a write is read again.
import { readFile } from 'node:fs/promises';
import { fileIdentity } from './file-identity.ts';

export interface CachedFile {
  etag: string;
  body: Buffer;
}

export class FileCache {
  private readonly entries = new Map<string, CachedFile & { id: string }>();
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

  async get(file: string): Promise<CachedFile> {
    const variant = this.transform?.variant(file) ?? '';
    let id = await identity(file, variant);
    const hit = this.entries.get(file);
    if (hit?.id === id) {
      // Re-insert so that eviction drops the least recently used files.
      this.entries.delete(file);
      this.entries.set(file, hit);
      return hit;
    }
    let raw = await readFile(file);
    // Watch mode rewrites files in place: a read that overlapped a rewrite sees the file's identity move, and reads again.
    for (let tries = 1, now = await identity(file, variant); now !== id; tries++, now = await identity(file, variant)) {
      if (tries === READ_TRIES) throw new Error(`${file} kept changing while it was read.`);
      id = now;
      raw = await readFile(file);
    }
    const body = variant ? this.transform!.apply(file, raw) : raw;
    const entry = { id, etag: `"${id}"`, body };
    this.store(file, entry, hit);
    return entry;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(file: string, entry: CachedFile & { id: string }, old: { body: Buffer } | undefined): void {
    if (old) {
      this.entries.delete(file);
      this.bytes -= old.body.byteLength;
    }
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

/** Reads of a file that changes while it is read, before giving up (a rebuild rewrites a file once). */
const READ_TRIES = 5;

const identity = async (file: string, variant: string): Promise<string> => `${await fileIdentity(file)}${variant ? `-${variant}` : ''}`;
