// The base URL the site is served under, from the page's
// <meta name="pkidocs:base-url">: the router works with route paths
// (`/docs/x`) and adds the base only to URLs it gives the browser.
import { routePath, withBase } from '../src/shared/base-url.ts';

export const BASE = document.querySelector<HTMLMetaElement>('meta[name="pkidocs:base-url"]')?.content || '/';

/** A route path → the URL under the base. */
export const toUrl = (path: string): string => withBase(BASE, path);

/** A browser path → the route path it shows. */
export const toRoute = (pathname: string): string => routePath(BASE, pathname);
