// A disk cache of highlighted code, keyed by a hash of everything the HTML
// depends on. Shiki's grammar engine costs ~1 ms per line of TypeScript; with
// the cache a warm build highlights nothing. Entries are appended as they are
// made (JSON lines), so the cache needs no save step and survives a failed build.
// A line that does not parse as [key, html, seal] (torn by a killed build,
// edited) or whose seal does not match (planted: the cache folder is content,
// see src/shared/cache-seal.ts) is skipped, and a file holding such lines or
// superseded entries is rewritten without them (temp file + rename), so it
// never grows from one build to the next.
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { appendCacheFileSync, OutsideCacheError, readCacheFile, replaceCacheFileSync } from '../shared/cache-io.ts';
import { seal, sealed } from '../shared/cache-seal.ts';

export interface HighlightCacheOptions {
  /** false starts empty and overwrites the file (--no-cache). */
  read?: boolean;
  /** Told, in one line, about a damaged file that was repaired. */
  onNotice?: (line: string) => void;
  /** The cache folder the file lies in (by default the file's own folder): nothing is written outside it. */
  cacheDir?: string;
}

export class HighlightCache {
  private readonly entries = new Map<string, string>();
  /** True when the file could not be replaced by a regular one: the cache then lives in memory only. */
  private detached = false;
  private readonly cacheDir: string;

  constructor(private readonly file: string | undefined, options: HighlightCacheOptions = {}) {
    this.cacheDir = options.cacheDir ?? (file ? dirname(file) : '');
    if (!file) return;
    if (options.read === false) {
      this.compact();
      return;
    }
    const read = readCacheFile(file);
    if (read.missing) return; // no cache yet
    if (read.problem !== undefined) {
      options.onNotice?.(`The highlight cache ${file} is not usable (${read.problem}); highlighting without it and replacing it.`);
      this.compact();
      // Still not a regular file (a read-only folder): appending to a FIFO would block, so nothing is written.
      this.detached = readCacheFile(file).problem !== undefined;
      return;
    }
    const text = read.text;
    let lines = 0;
    let torn = 0;
    for (const line of text.split('\n')) {
      if (!line) continue;
      lines++;
      const entry = parseEntry(line);
      if (entry) this.entries.set(entry[0], entry[1]);
      else torn++;
    }
    if (torn) options.onNotice?.(`The highlight cache ${file} held ${torn} unreadable line(s) (a build killed while writing, or an edit); rewriting it without them.`);
    if (lines !== this.entries.size || (text && !text.endsWith('\n'))) this.compact();
  }

  static key(...parts: string[]): string {
    return createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 27);
  }

  /** How many entries it holds. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, html: string): void {
    this.entries.set(key, html);
    if (!this.file || this.detached) return;
    // Never through a link planted where the file is (compact replaced any found at start):
    // a link or a FIFO planted since the start detaches it, and the cache goes on in memory.
    this.detached = !appendCacheFileSync(this.cacheDir, this.file, line(key, html));
  }

  /** Rewrites the file with the live entries only, atomically. */
  private compact(): void {
    try {
      replaceCacheFileSync(this.cacheDir, this.file!, [...this.entries].map(([key, html]) => line(key, html)).join(''));
    } catch (e) {
      // a read-only cache folder: the build goes on without rewriting it (never a path outside it)
      if (e instanceof OutsideCacheError) throw e;
    }
  }
}

const sealName = (key: string): string => `highlight.jsonl:${key}`;
const line = (key: string, html: string): string => `${JSON.stringify([key, html, seal(sealName(key), html)])}\n`;

function parseEntry(text: string): [string, string] | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value) || value.length !== 3 || typeof value[0] !== 'string' || typeof value[1] !== 'string') return undefined;
    return sealed(sealName(value[0]), value[1], value[2]) ? [value[0], value[1]] : undefined;
  } catch {
    return undefined;
  }
}
