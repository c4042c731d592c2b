// The search index document: built by src/search at build time, written as a
// hashed JSON asset, fetched by the search chunk on first use. Shared by the
// build and the browser; keep it free of Node and DOM APIs.
//
// The format is compact rather than pretty: rows are arrays, repeated text
// (interface members repeat their class's summaries) is stored once in
// `text`, and member anchors are stored only where they differ from the
// member's own slug. `expandIndex` turns it into plain records.
import { withBase } from './base-url.ts';

export const SEARCH_INDEX_VERSION = 2;

/** Item kinds, by their one-letter code in the index. */
export const ITEM_KINDS = { c: 'class', i: 'interface', e: 'enum', t: 'typeAlias', f: 'function', v: 'variable' } as const;
export const MEMBER_KINDS = { n: 'constructor', p: 'property', a: 'accessor', m: 'method', e: 'enumMember' } as const;

export type ItemKindCode = keyof typeof ITEM_KINDS;
export type MemberKindCode = keyof typeof MEMBER_KINDS;

/**
 * A one-liner: the text itself the first time it appears, afterwards the
 * number of its first appearance (in reading order of the whole document).
 */
export type TextRef = string | number;
/** [kind, name, text, members?] */
export type ItemRow = [ItemKindCode, string, TextRef, MemberRow[]?];
/** [kind, name, text, anchor? ('' or missing = the slug of the name), static? (1)] */
export type MemberRow = [MemberKindCode, string, TextRef, string?, 1?];
/**
 * [anchor ('' = the page itself), heading, text (the opening), more (every
 * other word of the section, once), code (the names its code blocks call),
 * shows (1: the section shows output or a whole listing rather than tells)]
 */
export type SectionRow = [string, string, string, string?, string?, 1?];
/** [path, title, group, sections] */
export type PageRow = [string, string, PageGroup, SectionRow[]];

export type PageGroup = 'docs' | 'examples';

export interface SearchIndexData {
  v: typeof SEARCH_INDEX_VERSION;
  /** Where the API pages are (`/docs/api`): classes/, interfaces/, enumerations/ and globals. */
  apiBase: string;
  /** The site's base URL (`/` or `/PKI.js/`): every record's href carries it. */
  base?: string;
  items: ItemRow[];
  pages: PageRow[];
  /** On a site with more than one docs version: every version's index, newest first (for the all-versions toggle). */
  versions?: SearchVersion[];
}

/** A docs version's index: the version's label and the index's URL (without the base URL). */
export interface SearchVersion {
  label: string;
  url: string;
}

export type SearchGroup = 'api' | 'examples' | 'docs';

/** One thing a result can lead to. */
export interface SearchRecord {
  id: number;
  group: SearchGroup;
  /** class, method, page, section… */
  kind: string;
  name: string;
  /** The item that owns a member, the page that holds a section. */
  owner?: string;
  /** The one-line signature or summary, or the opening of the section. */
  text: string;
  /** Sections: the rest of their words. */
  more?: string;
  /** Sections: the names their code calls. */
  code?: string;
  /** Sections: it shows a program's output or a whole listing, and tells little. */
  shows?: boolean;
  href: string;
  /** Members: static. */
  isStatic?: boolean;
  /** The docs version it belongs to, when results of every version are shown together. */
  version?: string;
}

/** The anchor a member gets when nothing else on its page took that slug (github-slugger's rule). */
export function memberSlug(kind: MemberKindCode, name: string): string {
  const heading = kind === 'n' ? 'Constructor' : name;
  return heading.toLowerCase().trim().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

const ITEM_DIRS: Partial<Record<ItemKindCode, string>> = { c: 'classes', i: 'interfaces', e: 'enumerations' };

/**
 * The page of a class, interface or enum; the anchor of the other kinds on
 * their namespace's page (`Geometry.area`), or on the globals page (as src/routes/api-urls.ts).
 */
export function itemHref(apiBase: string, kind: ItemKindCode, name: string): string {
  const dir = ITEM_DIRS[kind];
  if (dir) return `${apiBase}/${dir}/${name}`;
  const dot = name.lastIndexOf('.');
  const page = dot < 0 ? `${apiBase}/globals` : `${apiBase}/namespaces/${name.slice(0, dot)}`;
  return `${page}#${name.slice(dot + 1).toLowerCase()}`;
}

/** The flat records the search engine indexes. */
export function expandIndex(data: SearchIndexData): SearchRecord[] {
  const out: SearchRecord[] = [];
  const base = data.base ?? '/';
  const texts: string[] = [];
  const text = (ref: TextRef): string => {
    if (typeof ref === 'number') return texts[ref] ?? '';
    texts.push(ref);
    return ref;
  };
  for (const [kind, name, line, members] of data.items) {
    const href = withBase(base, itemHref(data.apiBase, kind, name));
    out.push({ id: out.length, group: 'api', kind: ITEM_KINDS[kind], name, text: text(line), href });
    for (const [mkind, mname, mline, anchor, isStatic] of members ?? []) {
      out.push({
        id: out.length,
        group: 'api',
        kind: MEMBER_KINDS[mkind],
        name: mkind === 'n' ? 'constructor' : mname,
        owner: name,
        text: text(mline),
        href: `${href}#${anchor || memberSlug(mkind, mname)}`,
        ...(isStatic ? { isStatic: true } : {}),
      });
    }
  }
  for (const [path, title, group, sections] of data.pages) {
    for (const [anchor, heading, body, more, code, shows] of sections) {
      out.push({
        id: out.length,
        group,
        kind: anchor ? 'section' : 'page',
        name: anchor ? heading : title,
        ...(anchor ? { owner: title } : {}),
        text: body,
        ...(more ? { more } : {}),
        ...(code ? { code } : {}),
        ...(shows ? { shows: true } : {}),
        href: withBase(base, anchor ? `${path}#${anchor}` : path),
      });
    }
  }
  return out;
}
