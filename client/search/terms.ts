// How text and queries become index terms: words lower-cased; identifiers
// also as their camelCase parts and (for names) initials, so `sd.verify`
// finds SignedData#verify; compounds such as `PKCS#12`, `AES-GCM` or
// `S/MIME` also joined (pkcs12, aesgcm, smime), as people type them either way.
import { COMPOUND, joined, STOP_WORDS } from '../../src/shared/search-words.ts';

const WORD = /[\p{L}\p{N}_$]+/gu;
const QUERY_WORD = new RegExp(`${COMPOUND.source}|${WORD.source}`, 'gu');
const COMPOUND_WHOLE = new RegExp(`^(?:${COMPOUND.source})$`, 'u');
// An upper-case run is taken from its start only, so no run is rescanned from each of its letters.
export const CAMEL = /(?<![A-Z])[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/** Words of a text, and for identifiers also their camelCase parts and (for names) initials. */
export function indexTerms(text: string, fieldName?: string): string[] {
  const out: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    const lower = word.toLowerCase();
    out.push(lower);
    const parts = word.match(CAMEL) ?? [];
    if (parts.length > 1) {
      for (const p of parts) out.push(p.toLowerCase());
      if (fieldName === 'name' || fieldName === 'owner') out.push(parts.map((p) => p[0]!.toLowerCase()).join(''));
    }
  }
  for (const compound of text.match(COMPOUND) ?? []) out.push(joined(compound));
  return out;
}

/**
 * The camelCase parts of each identifier of a query (`GCMParams` → gcm, params),
 * by the query word as `queryTerms` gives it: the engine searches an identifier
 * that nothing in the index holds by its parts.
 */
export function queryParts(query: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const word of query.match(QUERY_WORD) ?? []) {
    const parts = COMPOUND_WHOLE.test(word) ? [] : (word.match(CAMEL) ?? []);
    if (parts.length > 1) out.set(word.toLowerCase(), parts.map((p) => p.toLowerCase()));
  }
  return out;
}

/**
 * The words of a query, lower-cased, a compound as one joined word, without
 * stop words (unless the query is nothing but).
 */
export function queryTerms(query: string): string[] {
  const words = (query.match(QUERY_WORD) ?? []).map((w) => (COMPOUND_WHOLE.test(w) ? joined(w) : w.toLowerCase()));
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return kept.length ? kept : words;
}
