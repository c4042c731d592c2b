// URLs and sidebars of the Markdown pages.
import type { DocSource } from '../content/docs.ts';
import type { SidebarId } from '../shared/page.ts';
import type { DocPageRecord } from './types.ts';

export const EXAMPLES_DIR = 'examples';
/** Guides: a category of the docs sidebar, right after the top-level pages (Installation). */
export const GUIDES_DIR = 'guides';

/** `installation` → /docs/installation; `examples/other/index` → /docs/examples/other; `index` → /docs. */
export function docPath(docsBase: string, id: string): string {
  const rel = id === 'index' ? '' : id.replace(/\/index$/, '');
  return rel ? `${docsBase}/${rel}` : docsBase;
}

/** Examples live in the examples sidebar, the docs landing page in none, the rest in docs. */
export function docSidebar(id: string): SidebarId | undefined {
  if (id === 'index') return undefined;
  return id.startsWith(`${EXAMPLES_DIR}/`) ? 'examples' : 'docs';
}

export function docRecords(docsBase: string, docs: readonly DocSource[]): DocPageRecord[] {
  return docs.map((d) => ({ id: d.id, path: docPath(docsBase, d.id), sidebar: docSidebar(d.id) }));
}

export function isSectionIndex(id: string): boolean {
  return id.startsWith(`${EXAMPLES_DIR}/`) && id.endsWith('/index');
}

/**
 * The pages a section index (`examples/certs/index`) shows as cards: the other pages of its own
 * folder, one level down. By folder, not by section name, so the index of a version's section
 * (`4.0/examples/certs/index`) lists that version's pages only.
 */
export function sectionPages<T extends { id: string }>(docs: readonly T[], indexId: string): T[] {
  const folder = `${indexId.slice(0, indexId.lastIndexOf('/'))}/`;
  return docs.filter((d) => d.id !== indexId && d.id.startsWith(folder) && !d.id.slice(folder.length).includes('/'));
}

/** What a section index's cards show of its pages: a cache key (src/site/page-keys.ts, incremental.ts). */
export function cardsKey(docs: readonly DocSource[], indexId: string): string {
  return JSON.stringify(sectionPages(docs, indexId).map((d) => [d.id, d.data.title, d.data.description, d.data.sidebar_position]));
}

export function sectionOf(id: string): string | undefined {
  const parts = id.split('/');
  return parts[0] === EXAMPLES_DIR && parts.length === 3 ? parts[1] : undefined;
}
