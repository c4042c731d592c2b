// The base URL the site is served under, from the page's
// <meta name="pkidocs:base-url">: the router works with route paths
// (`/docs/x`) and adds the base only to URLs it gives the browser. Read on
// first use, so importing this module needs no DOM.
import { routePath, withBase } from '../src/shared/base-url.ts';

let base: string | undefined;

export function siteBase(): string {
  base ??= document.querySelector<HTMLMetaElement>('meta[name="pkidocs:base-url"]')?.content || '/';
  return base;
}

/** A route path → the URL under the base. */
export const toUrl = (path: string): string => withBase(siteBase(), path);

/** A browser path → the route path it shows. */
export const toRoute = (pathname: string): string => routePath(siteBase(), pathname);
