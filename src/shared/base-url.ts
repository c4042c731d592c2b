// The base URL a site is served under (`/` or `/PKI.js/`): route paths stay
// unprefixed everywhere inside pkidocs (`/docs/installation`), and only URLs
// that leave for the browser get the base. Shared by the build and the client;
// keep it free of Node and DOM APIs.
import { oneOf, trimRun } from './linear-text.ts';

/**
 * What a base URL may be: "/" and plain path segments, each ending in "/" (no
 * "." or ".." segment). The config's check, and the one for a base read back
 * from a built site (out/ is content between runs): nothing in it that a URL,
 * an HTML attribute or a shell (`serve --open` on Windows runs cmd) reads specially.
 */
export const BASE_URL_PATTERN = /^\/(?:(?!\.\.?\/)[A-Za-z0-9._~-]+\/)*$/;

/** `/docs/x` under `/PKI.js/` → `/PKI.js/docs/x`; leaves other URLs (`#x`, `https:`, `mailto:`, relative) as they are. */
export function withBase(base: string, url: string): string {
  if (base === '/' || !url.startsWith('/') || url.startsWith('//')) return url;
  return base + url.slice(1);
}

/** Whether an absolute URL path lies under the base (`/PKI.js` itself counts). */
export function underBase(base: string, pathname: string): boolean {
  return base === '/' || pathname.startsWith(base) || pathname === base.slice(0, -1);
}

/** `/PKI.js/docs/x` → `/docs/x`; undefined for a path outside the base. */
export function stripBase(base: string, pathname: string): string | undefined {
  if (base === '/') return pathname;
  if (pathname === base.slice(0, -1)) return '/';
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : undefined;
}

/** The route path a browser path stands for; a path outside the base is kept as it is (it shows the not-found page). */
export function routePath(base: string, pathname: string): string {
  return stripBase(base, pathname) ?? pathname;
}

/** The absolute URL of a route from the production origin (`https://pkijs.org`) and the base. */
export function absoluteUrl(origin: string, base: string, path: string): string {
  return trimRun(origin, oneOf('/')) + withBase(base, path);
}
