// A warm build whose search key changed (a page was edited) builds the index
// again from the parts of the previous one that are still current: the API
// rows when the model (and the code) did not change, and the sections of every
// page whose body key is the same. Those two are most of the cost (~0.1 s).
import type { SearchReuse } from '../search/build-index.ts';
import type { PageRow, SearchIndexData } from '../shared/search-index.ts';

export interface SearchParts {
  /** The key of the API rows. */
  items: string;
  /** Each searched page's body key, by path. */
  pages: Record<string, string>;
}

/**
 * What of the previous index (its text and the parts' keys it was built with) this build's keys allow
 * to take. `noted`: the paths of the API pages with site notes, whose rows depend on the API bodies
 * alone (their key is the API rows' key): taken whole, so a Markdown edit loads no API body.
 */
export function searchReuse(previous: ({ text: string } & Partial<SearchParts>) | undefined, now: SearchParts, noted: readonly string[] = []): SearchReuse {
  if (!previous?.items) return {};
  let index: SearchIndexData;
  try {
    index = JSON.parse(previous.text) as SearchIndexData;
  } catch {
    return {}; // a damaged text: everything is built again
  }
  if (!Array.isArray(index.items) || !Array.isArray(index.pages)) return {};
  const rows = new Map(index.pages.map((row): [string, PageRow] => [row[0], row]));
  const sameApi = previous.items === now.items;
  const notes = noted.map((path) => rows.get(path));
  return {
    items: sameApi ? index.items : undefined,
    sections: (path) => (previous.pages?.[path] !== undefined && previous.pages[path] === now.pages[path] ? rows.get(path)?.[3] : undefined),
    notes: sameApi && notes.every((row) => row !== undefined) ? (notes as PageRow[]) : undefined,
  };
}
