// The ids the page layout renders itself (templates/layout, src/render,
// client/). The templates read them from here, and the heading slugger and
// the raw-HTML check refuse them, so content can never take one: a second
// id="content" would make `#content` links lie, a second id="__pkidocs" would
// break hydration.

/** The Markdown body's container (templates/layout/Layout.tsx). */
export const CONTENT_ID = 'content';
/** The <main> element, target of the skip link (Layout.tsx, client/crash.tsx). */
export const MAIN_CONTENT_ID = 'main-content';
/** The mobile sidebar (Layout.tsx; Navbar.tsx's aria-controls). */
export const MOBILE_MENU_ID = 'mobile-menu';
/** React's root element (src/render/document.ts). */
export const ROOT_ID = 'root';
/** The hydration data script (src/render/document.ts, client/main.tsx); also the prefix of every id pkidocs may add. */
export const DATA_ID = '__pkidocs';

export const RESERVED_IDS: ReadonlySet<string> = new Set([CONTENT_ID, MAIN_CONTENT_ID, MOBILE_MENU_ID, ROOT_ID, DATA_ID]);
export const RESERVED_ID_PREFIX = DATA_ID;

export function isReservedId(id: string): boolean {
  return RESERVED_IDS.has(id) || id.startsWith(RESERVED_ID_PREFIX);
}
