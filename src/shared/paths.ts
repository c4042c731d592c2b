// URL rules shared by the build (Node) and the client (browser). Keep this
// file free of Node and DOM APIs.
import { oneOf, trimRun } from './linear-text.ts';

/** Folder under out/ that holds every generated asset (scripts, CSS, chunks). */
export const ASSET_DIR = '_pkidocs';

/**
 * Normalises a site path: a trailing `.html` or `/index.html` is dropped and
 * a trailing slash removed (except for the root), as the spec asks.
 */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/, 1)[0] ?? '/';
  if (p.endsWith('/index.html')) p = p.slice(0, -'/index.html'.length);
  else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  if (p.length > 1 && p.endsWith('/')) p = trimRun(p, oneOf('/'));
  return p === '' ? '/' : p;
}

/** The file a route is written to, relative to out/. */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * The JSON content chunk of a route, fetched by client navigation. It is
 * derived from the path alone, so the client needs no registry of routes.
 */
export function chunkUrl(path: string): string {
  return path === '/' ? `/${ASSET_DIR}/chunks/index.json` : `/${ASSET_DIR}/chunks${path}.json`;
}

export function chunkFile(path: string): string {
  return chunkUrl(path).slice(1);
}

/** The Markdown twin of a route (src/publish): `/docs/x` → `/docs/x.md`, the home page → `/index.md`. */
export function twinUrl(path: string): string {
  return path === '/' ? '/index.md' : `${path}.md`;
}
