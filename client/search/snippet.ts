// The text shown under a result: a window of the record's text around the
// first match, split into plain and highlighted parts (rendered as text and
// <mark>, never as HTML). A mark starts where a word or a camelCase part
// starts: "ca" marks "CA", never the "ca" in "certificate".
import { pairEnd } from '../../src/shared/search-words.ts';

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
  const first = pattern ? (matches(text, pattern).next().value?.index ?? -1) : -1;
  if (text.length > window && first > window / 3) {
    start = text.lastIndexOf(' ', first - 30);
    start = start < 0 ? 0 : start + 1;
  }
  let shown = text.slice(start, pairEnd(text, start + window));
  // Bounded: `shown` is at most `window` characters (a few hundred steps at worst), and the search
  // chunk is in the first query's byte budget, which a linear helper's import would overrun.
  // eslint-disable-next-line regexp/no-super-linear-move
  if (start + window < text.length) shown = `${shown.replace(/\s+\S*$/, '')}…`;
  if (start > 0) shown = `…${shown}`;
  if (!pattern) return [{ text: shown, hit: false }];
  const parts: Part[] = [];
  let at = 0;
  for (const m of matches(shown, pattern)) {
    if (m.index > at) parts.push({ text: shown.slice(at, m.index), hit: false });
    parts.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < shown.length) parts.push({ text: shown.slice(at), hit: false });
  return parts;
}

/** Matches of `pattern` (global) that start a word or a camelCase part. */
function* matches(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (startsWord(text, m.index)) {
      yield m;
    } else {
      pattern.lastIndex = m.index + 1; // a shorter word may still start inside this match
    }
  }
}

function startsWord(text: string, at: number): boolean {
  const before = text.charAt(at - 1);
  if (!before || !/[\p{L}\p{N}]/u.test(before)) return true;
  const at0 = text.charAt(at);
  // camelCase (signedData) or where letters meet digits (SHA256, X509Certificate): a part of the name starts.
  return (/\p{Ll}/u.test(before) && /\p{Lu}/u.test(at0)) || /\p{N}/u.test(before) !== /\p{N}/u.test(at0);
}
