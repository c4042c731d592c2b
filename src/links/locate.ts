// Finds the line of a Markdown source that holds a link, so a broken link in
// rendered HTML can still be reported at file:line.
import { readFileSync } from 'node:fs';

const cache = new Map<string, string[] | null>();

export function locateInSource(source: string, href: string): number | undefined {
  if (!source.endsWith('.md') && !source.endsWith('.tsx')) return undefined;
  let lines = cache.get(source);
  if (lines === undefined) {
    try {
      lines = readFileSync(source, 'utf8').split('\n');
    } catch {
      lines = null;
    }
    cache.set(source, lines);
  }
  const i = lines?.findIndex((l) => l.includes(href)) ?? -1;
  return i >= 0 ? i + 1 : undefined;
}
