// The search stage: the API model and the rendered pages → the search index
// document, and its hashed asset. Pure: the same input gives the same bytes
// (rows in model and route order, no paths of the machine, no dates).
import type { ApiModel } from '../api/model.ts';
import { hashedAsset, type BundleFile } from '../bundle/bundle.ts';
import type { RouteKind, SidebarId, TocEntry } from '../shared/page.ts';
import { API_BASE } from '../routes/api-urls.ts';
import { SEARCH_INDEX_VERSION, type PageRow, type SearchIndexData, type TextRef } from '../shared/search-index.ts';
import { apiRows } from './api-rows.ts';
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

export function isSearchedPage(kind: RouteKind): boolean {
  return PROSE.has(kind);
}

export function buildSearchIndex(model: ApiModel, pages: readonly SearchPage[]): SearchIndexData {
  // A repeated one-liner (interfaces repeat their classes' summaries) is stored once, then referred to.
  const seen = new Map<string, number>();
  const text = (line: string): TextRef => {
    const id = seen.get(line);
    if (id !== undefined) return id;
    seen.set(line, seen.size);
    return line;
  };
  const items = apiRows(model, text);
  const rows = pages
    .filter((p) => isSearchedPage(p.kind))
    .map((p): PageRow => [p.path, p.title, p.sidebar === 'examples' ? 'examples' : 'docs', pageSections(p.html, p.toc)]);
  return { v: SEARCH_INDEX_VERSION, apiBase: API_BASE, items, pages: rows };
}

/** The index as the hashed asset `/_pkidocs/search-<hash>.json`. */
export function searchAsset(index: SearchIndexData): BundleFile {
  return hashedAsset('search', JSON.stringify(index));
}
