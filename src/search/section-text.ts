// A section's whole text in a compact form that fits the first-query budget:
// its opening as it reads (the result's snippet), then every other word it
// holds, once, without stop words, in sorted order (word order is not
// searched, and sorted words gzip ~2% smaller), then the names its code
// blocks call.
import { cleanEnd, COMPOUND, pairEnd, STOP_WORDS } from '../shared/search-words.ts';

/** The opening kept as text: what a result shows under its title. */
export const HEAD_TEXT = 85;

/** Words with their inner `#`, `-`, `/` kept, so the engine still sees `PKCS#12` as one name. */
const WORD = new RegExp(`${COMPOUND.source}|[\\p{L}\\p{N}_$]+`, 'gu');
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'await', 'async', 'super', 'import']);

/**
 * [head, the other words of the text, each once]. `known`: text the result
 * holds anyway (its heading), whose words need not be repeated.
 */
export function compactText(text: string, known = ''): [string, string] {
  const [head, restFrom] = cut(text);
  const seen = new Set([...(head.slice(0, restFrom).match(WORD) ?? []), ...(known.match(WORD) ?? [])].map((w) => w.toLowerCase()));
  const rest = (text.slice(restFrom).match(WORD) ?? []).filter((word) => {
    const lower = word.toLowerCase();
    // Long numbers are OID arcs and serials, dotted ones versions: nobody types them.
    if (seen.has(lower) || STOP_WORDS.has(lower) || lower.length < 2 || /^\d{6,}$|^[\d.]+\.\d/.test(lower)) return false;
    seen.add(lower);
    return true;
  });
  // A plural whose singular is there too adds nothing a query would not find (the engine allows a typo's distance).
  const more = rest.filter((word) => !/[^s]s$/i.test(word) || !seen.has(word.slice(0, -1).toLowerCase()));
  return [head, more.sort().join(' ')];
}

/**
 * [the first HEAD_TEXT characters, ending at a space or else between words,
 * where the words of the rest start]. A text that opens with a word longer
 * than that (a digest, a key in hex) shows its first HEAD_TEXT characters, and
 * the rest starts at 0, so the index holds that word whole.
 */
function cut(text: string): [string, number] {
  if (text.length <= HEAD_TEXT) return [text, text.length];
  const space = text.lastIndexOf(' ', HEAD_TEXT - 1);
  if (space > HEAD_TEXT / 2) return [text.slice(0, space), space];
  const end = cleanEnd(text, HEAD_TEXT);
  return end > 0 ? [text.slice(0, end).trimEnd(), end] : [text.slice(0, pairEnd(text, HEAD_TEXT)), 0];
}

/** The functions and methods a code block calls (`x.verify(`, `new Certificate(`), each once. */
export function calledNames(code: string): string[] {
  const names = new Set<string>();
  // Whole identifiers only (no backtracking into one: a long identifier would cost its length squared).
  for (const m of code.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)(?![\w$])\s*\(/g)) {
    const name = m[1]!;
    if (name.length > 2 && !KEYWORDS.has(name)) names.add(name);
  }
  return [...names];
}
