// Where a note or guide makes a claim about pkijs, and for which releases.
// A claim is quoted from the file (the quote must occur there once, line
// breaks read as spaces); the releases are those of the first version
// statement after it in the same section:
//   "Holds for pkijs 3.3.2 and 3.4.3."        true of both
//   "Holds for pkijs 3.3.2, not 3.4.3."       true of 3.3.2, false of 3.4.3
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pki } from './pki.ts';
import type { Pkijs } from './pkijs-versions.ts';

export interface Claim {
  /** Repository-relative path of the note or guide. */
  file: string;
  /** Words of the claim, as the file writes them. */
  quote: string;
  /** Resolves when `pk` behaves as the claim says; throws (an expect failure) when it does not. */
  holds(pk: Pkijs, pki: Pki): Promise<void>;
}

export interface Statement {
  line: number;
  /** Offset in the file: a claim is covered by the first statement after it. */
  at: number;
  holds: string[];
  not: string[];
}

export interface Located {
  line: number;
  statement?: Statement;
}

const VERSION = String.raw`\d+\.\d+\.\d+`;
const LIST = String.raw`${VERSION}(?:(?:, | and | or )${VERSION})*`;
export const STATEMENT = new RegExp(String.raw`Holds for pkijs (${LIST})(?:, not (${LIST}))?\.`, 'g');
const HEADING = /^#{1,6}\s/;
const FENCE = /^\s*(```|~~~)/;

const versions = (list: string | undefined): string[] => list?.match(new RegExp(VERSION, 'g')) ?? [];

export const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The lines of `file` that open a section (headings outside code fences). */
function sectionStarts(lines: string[]): number[] {
  const starts: number[] = [];
  let fence = false;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) fence = !fence;
    else if (!fence && HEADING.test(line)) starts.push(i + 1);
  });
  return starts;
}

/** Every version statement of a file, with its 1-based line. */
export function statementsOf(text: string): Statement[] {
  return [...text.matchAll(STATEMENT)].map((m) => ({
    line: text.slice(0, m.index).split('\n').length, at: m.index, holds: versions(m[1]), not: versions(m[2]),
  }));
}

/** The major versions a statement speaks of: a claim runs against the installed releases of those. */
export const majorsOf = (s: Statement): Set<string> => new Set([...s.holds, ...s.not].map((v) => v.split('.')[0]!));

/** The line the quote starts on and the version statement that covers it; throws when the quote is missing or not unique. */
export function locate(claim: Pick<Claim, 'file' | 'quote'>): Located {
  const text = readFileSync(join(ROOT, claim.file), 'utf8');
  // Whitespace runs (line breaks too) read as one space; `origin` maps back to the file.
  let flat = '';
  const origin: number[] = [];
  for (const m of text.matchAll(/\s+|\S+/g)) {
    const space = /^\s/.test(m[0]);
    for (let k = 0; k < (space ? 1 : m[0].length); k++) origin.push(m.index + k);
    flat += space ? ' ' : m[0];
  }
  const quote = claim.quote.replace(/\s+/g, ' ');
  const found = flat.indexOf(quote);
  const at = origin[found] ?? -1;
  if (found < 0 || flat.indexOf(quote, found + 1) >= 0) {
    throw new Error(`${claim.file}: the claim "${claim.quote}" is ${found < 0 ? 'not in the file' : 'in the file more than once'}: quote the note's words exactly, once.`);
  }
  const line = text.slice(0, at).split('\n').length;
  const lines = text.split('\n');
  const nextSection = sectionStarts(lines).find((s) => s > line) ?? lines.length + 1;
  const statement = statementsOf(text).find((s) => s.at > at && s.line < nextSection);
  return { line, statement };
}
