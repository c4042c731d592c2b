// Which links client navigation takes over: plain left clicks on same-origin
// links to pages. Modifier clicks, other targets, downloads, files and
// external links are left to the browser.
import { underBase } from '../src/shared/base-url.ts';
import { ASSET_DIR, chunkUrl, normalizePath } from '../src/shared/paths.ts';
import { siteBase, toRoute, toUrl } from './base.ts';
import type { Chunk } from '../src/shared/view.ts';

const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

/** The URL of a link when it leads to a page of this site, else undefined. */
export function pageUrl(a: Element): URL | undefined {
  if (!(a instanceof HTMLAnchorElement) || !a.hasAttribute('href')) return undefined;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return undefined;
  const url = new URL(a.href);
  // A link leaving the base URL leads to another site on this origin.
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol) || !underBase(siteBase(), url.pathname)) return undefined;
  // Generated assets and files (anything with an extension but .html) are not pages.
  if (toRoute(url.pathname).startsWith(`/${ASSET_DIR}/`) || /\.(?!html$)[a-z0-9]+$/i.test(url.pathname)) return undefined;
  // No route has an encoded slash: a host that decodes it would let the chunk's URL climb out of chunks/.
  if (ENCODED_SEPARATOR.test(url.pathname)) return undefined;
  return url;
}

export function clickedPageUrl(e: MouseEvent): URL | undefined {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return undefined;
  const a = (e.target as Element | null)?.closest?.('a[href]');
  return a ? pageUrl(a) : undefined;
}

/** Loads a route's content chunk (`path` is a route path); its URL is derived from the path alone. */
export async function fetchChunk(path: string): Promise<Chunk> {
  if (ENCODED_SEPARATOR.test(path)) throw new Error(`${path} is not a page path (it holds an encoded slash).`);
  let response: Response;
  try {
    response = await fetch(toUrl(chunkUrl(normalizePath(path))));
  } catch (e) {
    throw new Error(`The content of ${path} could not be loaded: ${(e as Error).message}.`, { cause: e });
  }
  if (!response.ok) throw new Error(`The content of ${path} could not be loaded: the server answered ${response.status}.`);
  const chunk = (await response.json()) as Partial<Chunk> | null;
  if (!chunk?.page || typeof chunk.html !== 'string') throw new Error(`The content of ${path} is not a page chunk.`);
  return chunk as Chunk;
}
