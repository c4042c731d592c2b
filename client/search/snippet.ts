// The text shown under a result: a window of the record's text around the
// first match, split into plain and highlighted parts (rendered as text and
// <mark>, never as HTML).

export interface Part {
  text: string;
  hit: boolean;
}

const WINDOW = 140;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `terms` are what the query matched (index terms) and the query words themselves. */
export function highlight(text: string, terms: readonly string[], window = WINDOW): Part[] {
  const words = [...new Set(terms.filter((t) => t.length > 1))].sort((a, b) => b.length - a.length);
  if (!text) return [];
  const pattern = words.length ? new RegExp(words.map(escape).join('|'), 'giu') : undefined;
  let start = 0;
  const first = pattern ? text.search(pattern) : -1;
  if (text.length > window && first > window / 3) {
    start = text.lastIndexOf(' ', first - 30);
    start = start < 0 ? 0 : start + 1;
  }
  let shown = text.slice(start, start + window);
  // Bounded: `shown` is at most `window` characters (a few hundred steps at worst), and the search
  // chunk is in the first query's byte budget, which a linear helper's import would overrun.
  // eslint-disable-next-line regexp/no-super-linear-move
  if (start + window < text.length) shown = `${shown.replace(/\s+\S*$/, '')}…`;
  if (start > 0) shown = `…${shown}`;
  if (!pattern) return [{ text: shown, hit: false }];
  const parts: Part[] = [];
  let at = 0;
  for (const m of shown.matchAll(pattern)) {
    if (m.index > at) parts.push({ text: shown.slice(at, m.index), hit: false });
    parts.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < shown.length) parts.push({ text: shown.slice(at), hit: false });
  return parts;
}
