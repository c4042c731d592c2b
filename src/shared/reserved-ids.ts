// The ids the page layout renders itself (templates/layout, src/render,
// client/). The templates read them from here. Every one starts with
// `__pkidocs`, a prefix the heading slugger, the API anchors and the raw-HTML
// check never hand to content: a second id="__pkidocs" would break hydration,
// a second container id would make the client's lookups lie. Content keeps
// every other id, so a heading or member called "Content" keeps `#content`,
// as on the site pkidocs replaces.

/** The Markdown body's container (templates/layout/Layout.tsx). */
export const CONTENT_ID = '__pkidocs-content';
/** The <main> element, target of the skip link (Layout.tsx, client/crash.tsx). */
export const MAIN_CONTENT_ID = '__pkidocs-main';
/** The mobile sidebar (Layout.tsx; Navbar.tsx's aria-controls). */
export const MOBILE_MENU_ID = '__pkidocs-menu';
/** React's root element (src/render/document.ts). */
export const ROOT_ID = '__pkidocs-root';
/** The hydration data script (src/render/document.ts, client/main.tsx); also the prefix of every id pkidocs may add. */
export const DATA_ID = '__pkidocs';

export const RESERVED_ID_PREFIX = DATA_ID;

export function isReservedId(id: string): boolean {
  return id.startsWith(RESERVED_ID_PREFIX);
}

/**
 * `id`, or when it falls in the reserved prefix, the id `slug` issues for it
 * with a leading underscore (`___pkidocs`): content never takes a layout id.
 */
export function freeId(slug: (text: string) => string, id: string): string {
  let free = id;
  while (isReservedId(free)) free = slug(`_${free}`);
  return free;
}
