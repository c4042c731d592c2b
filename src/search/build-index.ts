// The search stage: the API model and the rendered pages → the search index
// document, and its asset. Pure: the same input gives the same bytes
// (rows in model and route order, no paths of the machine, no dates).
import { isPageItem, type ApiModel } from '../api/model.ts';
import type { BundleFile } from '../bundle/bundle.ts';
import type { RouteKind, SidebarId, TocEntry } from '../shared/page.ts';
import type { PageBody } from '../render/body.ts';
import { API_BASE } from '../routes/api-urls.ts';
import type { RouteRecord } from '../routes/types.ts';
import { ASSET_DIR } from '../shared/paths.ts';
import { SEARCH_INDEX_VERSION, type ItemRow, type PageRow, type SearchIndexData, type SearchVersion, type TextRef } from '../shared/search-index.ts';
import { apiRows } from './api-rows.ts';
import { noteSections } from './note-rows.ts';
import { pageSections } from './page-rows.ts';

/** One rendered route, as the render stage has it. */
export interface SearchPage {
  path: string;
  kind: RouteKind;
  sidebar?: SidebarId;
  title: string;
  /** The body HTML (h1 included). */
  html: string;
  toc: readonly TocEntry[];
}

/** Route kinds whose text is indexed; the API pages are indexed as symbols instead. */
const PROSE: ReadonlySet<RouteKind> = new Set<RouteKind>(['home', 'page', 'docs-index', 'doc', 'examples-index', 'api-readme']);

const API_PAGE_KINDS: ReadonlySet<RouteKind> = new Set<RouteKind>(['api-class', 'api-interface', 'api-enum']);

export function isSearchedPage(kind: RouteKind): boolean {
  return PROSE.has(kind);
}

/**
 * The routes whose pages the index reads: every prose page, and the API page
 * of each item with site notes (`noted`: the items' names), whose notes are
 * prose of their own. The other API pages are indexed from the model alone.
 */
export function searchedRoutes(routes: readonly RouteRecord[], noted: ReadonlySet<string>, version?: string): RouteRecord[] {
  // Each docs version has an index of its own (`version`: the route's, none for the default version's).
  return routes.filter((r) => r.version === version && (isSearchedPage(r.kind) || (r.model.type === 'api-item' && API_PAGE_KINDS.has(r.kind) && noted.has(r.model.item.name))));
}

/** The API rows of a model, kept while the model lives: a watch rebuild after a Markdown edit redoes only the pages. */
const apiCache = new WeakMap<ApiModel, ItemRow[]>();

/** Parts of a previous index known to be current (a warm build's page cache says which): taken, not built again. */
export interface SearchReuse {
  items?: ItemRow[];
  /** A page's sections, when its body is unchanged. */
  sections?: (path: string) => PageRow[3] | undefined;
  /** The rows of the site notes on API pages, when the API bodies are unchanged: those pages need not be given. */
  notes?: PageRow[];
}

/** Where a docs version's API pages are, and every version's index (on a site with more than one). */
export interface SearchScope {
  apiBase: string;
  versions?: SearchVersion[];
}

export function buildSearchIndex(model: ApiModel, pages: readonly SearchPage[], base = '/', reuse: SearchReuse = {}, scope: SearchScope = { apiBase: API_BASE }): SearchIndexData {
  const items = apiCache.get(model) ?? reuse.items ?? apiItems(model);
  apiCache.set(model, items);
  const names = apiNames(model);
  const rows = pages
    .filter((p) => isSearchedPage(p.kind))
    .map((p): PageRow => [p.path, p.title, p.sidebar === 'examples' ? 'examples' : 'docs', reuse.sections?.(p.path) ?? pageSections(p.html, p.toc, names)]);
  // Site notes on API pages are prose: indexed as sections of their page.
  if (reuse.notes) rows.push(...reuse.notes);
  else {
    for (const p of pages) {
      if (!API_PAGE_KINDS.has(p.kind) || !p.html.includes('<aside class="nt"')) continue;
      rows.push([p.path, p.title, 'docs', noteSections(p.html, names)]);
    }
  }
  return { v: SEARCH_INDEX_VERSION, apiBase: scope.apiBase, ...(base === '/' ? {} : { base }), items, pages: rows, ...(scope.versions ? { versions: scope.versions } : {}) };
}

const namesCache = new WeakMap<ApiModel, ReadonlySet<string>>();

/** The names of every export and member: the names a code block calls that the index keeps (a local helper's are noise). */
function apiNames(model: ApiModel): ReadonlySet<string> {
  let names = namesCache.get(model);
  if (!names) {
    names = new Set(model.items.flatMap((i) => [i.name, ...(isPageItem(i) ? i.members.map((m) => m.name) : [])]));
    namesCache.set(model, names);
  }
  return names;
}

function apiItems(model: ApiModel): ItemRow[] {
  // A repeated one-liner (interfaces repeat their classes' summaries) is stored once, then referred to.
  const seen = new Map<string, number>();
  const text = (line: string): TextRef => {
    const id = seen.get(line);
    if (id !== undefined) return id;
    seen.set(line, seen.size);
    return line;
  };
  return apiRows(model, text);
}

/** The search stage's view of the rendered routes it reads (searchedRoutes). */
export function searchPages(routes: readonly RouteRecord[], bodies: ReadonlyMap<string, PageBody>, noted: ReadonlySet<string>, version?: string): SearchPage[] {
  return searchedRoutes(routes, noted, version).flatMap((r) => {
    const body = bodies.get(r.path);
    return body ? [{ path: r.path, kind: r.kind, sidebar: r.sidebar, title: body.title, html: body.html, toc: body.toc }] : [];
  });
}

/**
 * The index's URL: the same for every build. A hashed name would be in every
 * page, so each Markdown edit would rewrite all of them (and a watch rebuild
 * would no longer touch only the edited page); the search chunk fetches it
 * with `cache: 'no-cache'` instead, so a browser revalidates it (a 304 when
 * unchanged) rather than trusting an old copy.
 */
export const SEARCH_INDEX_URL = `/${ASSET_DIR}/search-index.json`;

/**
 * The index of a docs version: the default version's at the fixed URL, another's beside it, by its
 * name. The name is spelled one-to-one into [a-z0-9.-_]: any other character, "_" and capitals
 * included, becomes `_<hex>_`, so two names never share a file, on a case-insensitive disk or host too.
 */
export function searchIndexUrl(version?: string): string {
  if (version === undefined) return SEARCH_INDEX_URL;
  const spelled = version.replace(/[^a-z0-9.-]/gu, (c) => `_${c.codePointAt(0)!.toString(16)}_`);
  return `/${ASSET_DIR}/search-index-${spelled}.json`;
}

export function searchAsset(index: SearchIndexData, url = SEARCH_INDEX_URL): BundleFile {
  return { url, contents: new TextEncoder().encode(JSON.stringify(index)) };
}
