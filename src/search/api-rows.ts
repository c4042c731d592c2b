// ApiModel → the API rows of the search index: every export, and every member
// anchor of the class, interface and enumeration pages (one row per overload
// that has an anchor of its own), each with one line of text: the summary, or
// the signature when the member has no summary (none for constructors and
// properties, which are found by name).
import type { ApiItem, ApiMember, ApiModel, ApiSignature } from '../api/model.ts';
import { isPageItem } from '../api/model.ts';
import { apiPageAnchors } from '../routes/api-urls.ts';
import { createTypeRenderer } from '../render/api/type-html.ts';
import { memberSlug, type ItemKindCode, type ItemRow, type MemberKindCode, type MemberRow, type TextRef } from '../shared/search-index.ts';
import { isSpace, stripTags, trimRun } from '../shared/linear-text.ts';
import { cleanEnd, pairEnd } from '../shared/search-words.ts';

const ITEM_CODES: Record<ApiItem['kind'], ItemKindCode> = { class: 'c', interface: 'i', enum: 'e', typeAlias: 't', function: 'f', variable: 'v' };
const MEMBER_CODES: Record<ApiMember['kind'], MemberKindCode> = { constructor: 'n', property: 'p', accessor: 'a', method: 'm', enumMember: 'e' };

/** Longest one-liner kept; the rest is cut at a word with an ellipsis. */
const MAX_LINE = 72;

/**
 * The class an interface mirrors: `ICertificate` and `CertificateJson` repeat
 * Certificate's members one for one. Their members are indexed on the class
 * alone (their pages are still indexed): the copies crowded the results of a
 * member search and took a tenth of the first-query budget.
 */
export function mirroredClass(item: ApiItem, classes: ReadonlyMap<string, ApiItem>): ApiItem | undefined {
  if (item.kind !== 'interface') return undefined;
  const base = /^I[A-Z]/.test(item.name) ? item.name.slice(1) : item.name.endsWith('Json') ? item.name.slice(0, -4) : '';
  return classes.get(base);
}

/** Every export in model order, each with its members in page order (but those a mirrored class has). */
export function apiRows(model: ApiModel, text: (line: string) => TextRef): ItemRow[] {
  // One line per result: no line breaks in declarations.
  const types = createTypeRenderer(() => undefined, Infinity);
  const classes = new Map(model.items.filter((i) => i.kind === 'class').map((i) => [i.name, i]));
  return model.items.map((item): ItemRow => {
    const mirrored = mirroredClass(item, classes);
    const shared = new Set(mirrored && isPageItem(mirrored) ? mirrored.members.map((m) => m.name) : []);
    const row: ItemRow = [ITEM_CODES[item.kind], item.name, text(oneLine(item.summary || itemLine(item, types)))];
    if (!isPageItem(item) || !item.members.length) return row;
    const anchors = apiPageAnchors(item).members;
    const members: MemberRow[] = [];
    for (const member of item.members) {
      if (shared.has(member.name)) continue;
      const anchor = anchors.get(member)!;
      const kind = MEMBER_CODES[member.kind];
      const summary = docSummary(member.doc?.summary);
      const signatures = member.signatures ?? [];
      // Overloads: one row per anchor, each with its own summary or signature.
      anchor.signatures.forEach((id, i) => {
        const sig = signatures[i];
        // A constructor's or a property's line adds little a query finds that its name does not, and
        // together they cost 2.9 KB of the 60 KB first-query budget: found by name, shown by name.
        const line = kind === 'n' || kind === 'p' ? ''
          : docSummary(sig?.doc?.summary) || summary || (sig ? signatureLine(member, item.name, sig, types) : memberLine(member, types));
        const m: MemberRow = [kind, member.name, text(line && oneLine(line))];
        const own = id === memberSlug(kind, member.name) ? '' : id;
        if (member.flags.includes('static')) m.push(own, 1);
        else if (own) m.push(own);
        members.push(m);
      });
    }
    if (members.length) row.push(members);
    return row;
  });
}

type Types = ReturnType<typeof createTypeRenderer>;

function itemLine(item: ApiItem, types: Types): string {
  switch (item.kind) {
    // An undocumented type alias's line repeats its name, and its type names what it is built from: 183
    // of them cost 1.7 KB of the 60 KB first-query budget. Found by name, shown by name.
    case 'typeAlias':
      return '';
    case 'function':
      return item.signatures[0] ? plain(types.signature(item.name, item.signatures[0])) : '';
    case 'variable':
      return item.type ? `${item.const ? 'const' : 'let'} ${item.name}: ${plain(types.type(item.type))}` : '';
    default:
      return '';
  }
}

/** A signature without the member's name, which the result already shows: `(params?: P): R`; `new Owner(…)` for a constructor. */
function signatureLine(member: ApiMember, owner: string, sig: ApiSignature, types: Types): string {
  return member.kind === 'constructor' ? plain(types.signature(`new ${owner}`, sig, { hideReturn: true })) : plain(types.signature('', sig));
}

/** A property's type (`: T`), an accessor's or enum member's declaration, without the name. */
function memberLine(member: ApiMember, types: Types): string {
  if (member.kind === 'enumMember') return member.type ? `= ${plain(types.type(member.type))}` : '';
  if (member.kind === 'property' && member.type) return `: ${plain(types.type(member.type))}`;
  return plain(types.member(member));
}

/** Plain text of a doc summary: link text kept, Markdown code and link syntax removed, first paragraph. */
function docSummary(parts: readonly (string | { text: string })[] | undefined): string {
  if (!parts) return '';
  const source = parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
  const first = source.trim().split(/\n\s*\n/, 1)[0] ?? '';
  return first
    // No class here reaches past the next opening bracket: a doc comment is content, and a run of
    // "[" or "<" with no closing one would otherwise cost a scan to the end from each of them.
    .replace(/!?\[([^[\]]*)\]\(([^()[\]]*)\)/g, '$1')
    .replace(/(?<!`)`+([^`]*)`+/g, '$1') // a match never starts inside a run of backticks: the lookbehind changes nothing but the cost
    // A tag as HTML reads one: "<" then a name (or "/", "!"); "0 < version and version > 2" is text.
    .replace(/<[/!]?[A-Za-z][^<>]*>/g, '')
    .replace(/(\*\*|__)(\S[^*_]*?)\1/g, '$2')
    .replace(/(^|\W)[*_](\S[^*_]*?)[*_](?=\W|$)/g, '$1$2');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The type renderer's HTML as text. */
function plain(html: string): string {
  return stripTags(html).replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e]!);
}

/** Whitespace collapsed, cut at a word boundary past MAX_LINE. */
export function oneLine(text: string): string {
  // The first sentence is enough to tell results apart.
  const line = text.replace(/\s+/g, ' ').trim().replace(/^(.{20,}?[.!?])\s+[A-Z(].*$/, '$1');
  if (line.length <= MAX_LINE) return line;
  const space = line.lastIndexOf(' ', MAX_LINE - 1);
  const end = space > 60 ? space : cleanEnd(line, MAX_LINE) || pairEnd(line, MAX_LINE);
  return `${trimRun(line.slice(0, end), (c) => isSpace(c) || ',;:.('.includes(c))}…`;
}
