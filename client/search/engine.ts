// The search engine: MiniSearch over the flat records of the index, with a
// symbol-aware tokenizer (camelCase parts, whole identifiers and initials, so
// `sd.verify` finds SignedData#verify) and a re-ranking on top of MiniSearch's
// BM25 score: exact and prefix matches of a symbol name first, members of the
// owner the query names next, prose after symbols. Runs in the browser (the
// lazy search chunk) and in Node (the relevance tests and bench:search).
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchGroup, SearchRecord } from '../../src/shared/search-index.ts';
import { aliasesOf, STOP_WORDS, TASK_VERBS } from '../../src/shared/search-words.ts';
import { CAMEL, indexTerms, queryParts, queryTerms } from './terms.ts';

export { indexTerms, queryTerms };

export interface Hit {
  record: SearchRecord;
  score: number;
  /** Index terms the query matched (after typos and prefixes), for highlighting. */
  terms: string[];
  /** How many words of the query (or their aliases) the record holds. */
  words: number;
}

export interface GroupedHits {
  group: SearchGroup;
  hits: Hit[];
}

const EXAMPLE_WORDS = new Set(['example', 'examples', 'tutorial']);

const GROUP_WEIGHT: Record<SearchGroup, number> = { api: 1, examples: 0.6, docs: 0.5 };
const KIND_WEIGHT: Record<string, number> = { class: 1.3, interface: 1.1, enum: 1.2, typeAlias: 1, function: 1.2, variable: 1, method: 1, property: 0.9, accessor: 0.9, constructor: 0.8, enumMember: 0.9, page: 1.2, section: 1 };

export class SearchEngine {
  private readonly mini: MiniSearch<SearchRecord>;

  constructor(readonly records: readonly SearchRecord[]) {
    this.mini = new MiniSearch<SearchRecord>({
      fields: ['name', 'owner', 'text', 'more', 'code'],
      storeFields: [],
      tokenize: (text, fieldName) => indexTerms(text, fieldName),
      processTerm: (term, fieldName) => (fieldName === 'text' && STOP_WORDS.has(term) ? null : term),
      searchOptions: { tokenize: (q) => queryTerms(q), processTerm: (t) => t },
    });
    this.mini.addAll(records);
    // Tokenised and lower-cased once, not on every keystroke.
    this.headings = records.map((r) => (r.group === 'api' ? new Set<string>() : new Set(indexTerms(r.name, 'text'))));
    this.names = records.map((r) => lowerName(r));
    const symbolPages = new Set(records.filter((r) => r.group === 'api').map((r) => pathOf(r.href)));
    this.notes = records.map((r) => r.group !== 'api' && symbolPages.has(pathOf(r.href)));
  }

  /** Each record is a site note on an API page: prose about a symbol, whose heading is the symbol's name. */
  private readonly notes: readonly boolean[];

  /** Each record's heading words (prose records only). */
  private readonly headings: ReadonlySet<string>[];

  /** Each record's name (and its owner's, with the owner's initials), lower-cased. */
  private readonly names: readonly LowerName[];

  search(query: string, limit = 20): Hit[] {
    const words = queryTerms(query);
    // "example", "how": the reader wants a worked example; the word itself need not match.
    const wantsExample = words.some((w) => EXAMPLE_WORDS.has(w)) || /^\s*how\b/i.test(query);
    const terms = words.length > 1 ? words.filter((w) => !EXAMPLE_WORDS.has(w)) : words;
    if (!terms.length) return [];
    const whole = terms.join('');
    const last = terms.at(-1)!;
    // Each word with its aliases (p12 → pkcs12, pfx); a hit ranks by how many of the words it holds.
    const alternatives = terms.map((t) => aliasesOf(t));
    const options = {
      boost: { name: 5, owner: 2.5, text: 1, more: 0.7, code: 0.3 },
      prefix: (term: string) => term === last || term.length > 3,
      fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
      weights: { fuzzy: 0.3, prefix: 0.6 },
      combineWith: 'OR',
    } as const;
    // An alias of several words ("certificate request") is searched as its words.
    const find = () => this.mini.search([...new Set(alternatives.flat().flatMap((a) => a.split(' ')))].join(' '), options);
    let results = find();
    // An identifier that nothing holds (`GCMParams`, where the page says GCMParameters) is searched by its
    // camelCase parts, each with its aliases, as a name of several words.
    const parts = queryParts(query);
    const matched = new Set(results.flatMap((r) => r.queryTerms));
    let split = false;
    terms.forEach((t, i) => {
      const p = parts.get(t);
      if (!p || alternatives[i]!.some((a) => holds(matched, a))) return;
      alternatives[i]!.push(...phrases(p.map((w) => aliasesOf(w))));
      split = true;
    });
    if (split) results = find();
    // A hit that holds only part of a name of several words holds none of the query: it is no answer.
    const hits = results.map((r) => this.rank(r, terms, alternatives, whole, last)).filter((h) => h.words > 0);
    if (wantsExample) for (const h of hits) h.score *= h.record.group === 'examples' ? 4 : 0.25;
    // A question of several words that names no symbol ("No valid certificate paths found") is answered by
    // prose: at the same number of words held, guides and examples come before API names; a task ("parse CSR
    // extensions") by a worked example first.
    const prose = terms.length > 1 && !hits.some((h) => h.tier >= 50);
    if (prose && terms.some((t) => TASK_VERBS.has(t))) for (const h of hits) if (h.record.group === 'examples') h.score *= 1.5;
    // Rank by the share of the query words a hit holds (aliases count), not all-or-nothing.
    // A site note is about a symbol, and weighs as one: its heading (the symbol's name) lifts it when the query
    // names a symbol, and it comes after the prose for a question.
    for (const h of hits) {
      const symbol = h.record.group === 'api' || this.notes[h.record.id];
      if (this.notes[h.record.id] && !prose) h.score *= 1 + h.headed;
      h.score *= (h.words / terms.length) ** 4 * (prose && symbol ? 0.15 : 1);
    }
    hits.sort((a, b) => b.score - a.score || a.record.id - b.record.id);
    return hits.slice(0, limit).map(({ tier: _, headed: __, ...hit }) => hit);
  }

  private rank(r: SearchResult, terms: string[], alternatives: string[][], whole: string, last: string): Hit & { tier: number; headed: number } {
    const record = this.records[r.id as number]!;
    let score = r.score;
    let headed = 0;
    const name = this.names[record.id]!;
    const tier = record.group === 'api' ? Math.max(symbolTier(name, terms, whole, last), aliasTier(name, terms, alternatives)) : 0;
    if (record.group === 'api') {
      score = Math.min(score, 60) + 8 * tier; // BM25 alone never outweighs a better symbol match
      if (!record.owner) score *= 1.2; // an export before members of the same name
      if (record.isStatic) score *= 0.95;
      if (/-\d+$/.test(record.href)) score *= 0.9; // an overload after its first signature
    } else {
      if (name.name.includes(terms.join(' '))) score *= 1.5;
      // Output and whole listings hold every word of their page's subject, but the prose around the steps answers.
      if (record.shows) score *= 0.3;
      // A section whose heading names what is sought answers it better than one that mentions it in passing.
      // A site note's heading is a symbol's name: weighed in `search`, once it is known whether the query names one.
      const heading = this.headings[record.id]!;
      headed = alternatives.filter((alts) => alts.some((a) => holds(heading, a))).length;
      if (!this.notes[record.id]) score *= 1 + headed;
    }
    score *= GROUP_WEIGHT[record.group] * (KIND_WEIGHT[record.kind] ?? 1);
    const matched = new Set(r.queryTerms);
    const words = alternatives.filter((alts) => alts.some((a) => holds(matched, a))).length;
    return { record, score, terms: r.terms, words, tier, headed };
  }

  /** The hits of `search`, in groups; a group comes where its best hit ranks. */
  grouped(query: string, perGroup = { api: 8, examples: 5, docs: 5 }): GroupedHits[] {
    const groups = new Map<SearchGroup, Hit[]>();
    for (const hit of this.search(query, 60)) {
      const list = groups.get(hit.record.group) ?? [];
      if (!groups.has(hit.record.group)) groups.set(hit.record.group, list);
      if (list.length < perGroup[hit.record.group]) list.push(hit);
    }
    return [...groups].map(([group, hits]) => ({ group, hits }));
  }
}

/**
 * How well the query names this symbol, 0 to 100: the whole name (or owner and
 * name), the member of the owner the query names, the name with a typo, a
 * prefix of the name (the closer to the whole name the better), the last word.
 */
function symbolTier({ name, owner, initials }: LowerName, terms: string[], whole: string, last: string): number {
  if (name === whole || (owner !== undefined && owner + name === whole)) return 100;
  if (owner !== undefined && terms.length > 1 && name === last && matchesOwner(owner, initials!, terms.slice(0, -1))) return 90;
  if (name.startsWith(whole)) return (terms.length > 1 ? 20 : 30) + 50 * (whole.length / name.length) ** 2;
  if (terms.length === 1 && Math.abs(name.length - whole.length) <= 2) {
    const d = editDistance(name, whole, 2);
    if (d <= 2 && whole.length >= 5) return 70 - 20 * d;
  }
  if (name === last) return 30;
  if (name.startsWith(last)) return 10 + 10 * (last.length / name.length);
  return 0;
}

/**
 * An abbreviation typed alone names the export its alias spells out (CRL →
 * CertificateRevocationList, CSR → CertificationRequest, X509 → Certificate),
 * just after an export of the typed name. Only an alias longer than the word
 * by more than 3 letters: `verify` names no `validate` member.
 */
function aliasTier({ name, owner }: LowerName, terms: string[], alternatives: string[][]): number {
  if (terms.length !== 1 || owner !== undefined) return 0;
  const typed = terms[0]!;
  return alternatives[0]!.some((a) => a === name && a.length > typed.length + 3) ? 90 : 0;
}

/** Levenshtein distance with adjacent transpositions, or max + 1 once it is over max. */
function editDistance(a: string, b: string, max: number): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** The owner words of the query name this owner: its name, a prefix of it, or its initials. */
function matchesOwner(owner: string, initials: string, words: string[]): boolean {
  const q = words.join('');
  return owner === q || owner.startsWith(q) || initials === q;
}

interface LowerName {
  name: string;
  owner?: string;
  /** The owner's camelCase initials (SignedData → sd). */
  initials?: string;
}

function lowerName(record: SearchRecord): LowerName {
  if (record.owner === undefined) return { name: record.name.toLowerCase() };
  const initials = (record.owner.match(CAMEL) ?? []).map((p) => p[0]!.toLowerCase()).join('');
  return { name: record.name.toLowerCase(), owner: record.owner.toLowerCase(), initials };
}

/** Every way to write a name of several words, one alias per word, at most `max` of them. */
function phrases(words: string[][], max = 8): string[] {
  let out = [''];
  for (const alts of words) out = out.flatMap((head) => alts.map((a) => (head ? `${head} ${a}` : a))).slice(0, max);
  return out;
}

/** The words hold a name (each of its words, when it has several). */
function holds(words: ReadonlySet<string>, name: string): boolean {
  return name.includes(' ') ? name.split(' ').every((w) => words.has(w)) : words.has(name);
}

function pathOf(href: string): string {
  const hash = href.indexOf('#');
  return hash < 0 ? href : href.slice(0, hash);
}

/** The results in display order, as one list (what the listbox shows). */
export function flatten(groups: readonly GroupedHits[]): Hit[] {
  return groups.flatMap((g) => g.hits);
}
