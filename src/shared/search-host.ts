// The lazy search chunk does not carry its own React: the page's script hands
// it the React it already runs (the chunk's `react` imports resolve to
// client/search/host.ts, which reads this global). Set just before the chunk
// is imported.
export const SEARCH_HOST_GLOBAL = '__pkidocsSearchHost';

/** What the search chunk exports. */
export interface SearchChunk {
  /** Opens the dialog (loading the index on first use); `returnFocus` gets the focus back on close. */
  openSearch(options: { indexUrl: string; returnFocus: HTMLElement | null; initialQuery?: string }): void;
  /** Starts fetching the index (after a hover or focus of the button). */
  preloadIndex(indexUrl: string): void;
}
