// A disk cache of highlighted code, keyed by a hash of everything the HTML
// depends on. Shiki's grammar engine costs ~1 ms per line of TypeScript; with
// the cache a warm build highlights nothing. Entries are appended as they are
// made (JSON lines), so the cache needs no save step and survives a failed build.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Rewrite the file once it holds this many more lines than live entries. */
const COMPACT_SLACK = 2000;

export class HighlightCache {
  private readonly entries = new Map<string, string>();
  private lines = 0;

  constructor(private readonly file: string | undefined) {
    if (!file) return;
    try {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        this.lines++;
        const [key, html] = JSON.parse(line) as [string, string];
        this.entries.set(key, html);
      }
    } catch {
      // No cache yet, or a torn last line: start from what could be read.
    }
    if (this.lines - this.entries.size > COMPACT_SLACK) this.compact();
  }

  static key(...parts: string[]): string {
    return createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 27);
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, html: string): void {
    this.entries.set(key, html);
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify([key, html])}\n`);
    this.lines++;
  }

  private compact(): void {
    writeFileSync(this.file!, [...this.entries].map((e) => `${JSON.stringify(e)}\n`).join(''));
    this.lines = this.entries.size;
  }
}
