// Where each docs page leads in the other documented versions, decided once
// from the routes at build time so the links work without JavaScript: the
// dropdown's links (the same page in each version, or its nearest existing
// parent, or that version's first page), the canonical page (the newest
// version's copy, where one exists) and the banner of an older version's page,
// which leads where the dropdown's newest version does.
import type { SiteConfig } from '../config/schema.ts';
import { versionDocsPath } from '../config/versions.ts';
import { apiBaseOf } from './api-urls.ts';
import { apiReadmePath } from './api.ts';
import type { VersionLinks } from '../shared/view.ts';
import type { RouteRecord } from './types.ts';

interface Version { name: string; label: string; docsPath: string }

/** Each docs version's first page, by name: its main page where it has one, else its API readme. */
export function versionHomes(config: SiteConfig, routes: readonly RouteRecord[]): Record<string, string> {
  const fallback = config.docs.versions.find((v) => !v.path);
  const owner = new Map(routes.filter((r) => r.kind !== 'not-found').map((r) => [r.path, r.version ?? fallback?.name]));
  return Object.fromEntries(config.docs.versions.map((v) => {
    const docsPath = versionDocsPath(config, v);
    const main = `${docsPath}/${config.docs.mainPage}`;
    return [v.name, owner.get(main) === v.name ? main : apiReadmePath(config.library.package, apiBaseOf(docsPath))];
  }));
}

/** Sets `versionLinks` on every docs page of a site with more than one version. */
export function addVersionLinks(config: SiteConfig, routes: RouteRecord[]): void {
  const versions: Version[] = config.docs.versions.map((v) => ({ name: v.name, label: v.label, docsPath: versionDocsPath(config, v) }));
  if (versions.length < 2) return;
  const fallback = versions.find((v) => !v.docsPath.slice(config.docs.path.length))!;
  const nameOf = (r: RouteRecord): string => r.version ?? fallback.name;
  // Each path, and the version it belongs to: a 3.3.2 path never stands for a 4.0 page, nor the reverse.
  const owner = new Map(routes.filter((r) => r.kind !== 'not-found').map((r) => [r.path, nameOf(r)]));
  const has = (v: Version, path: string): boolean => owner.get(path) === v.name;
  const homes = versionHomes(config, routes);
  const root = (v: Version): string => homes[v.name]!;
  const [newest] = versions as [Version];
  // An export's page in each version, by name: a class of one release may be an interface of the next, at another path.
  const exportPage = new Map(routes.flatMap((r) => (r.model.type === 'api-item' ? [[`${nameOf(r)}\n${r.model.item.name}`, r.path] as const] : [])));
  for (const route of routes) {
    const own = versions.find((v) => v.name === nameOf(route))!;
    const docsPage = route.path === own.docsPath || route.path.startsWith(`${own.docsPath}/`);
    if (!docsPage || route.kind === 'not-found') continue;
    const rel = route.path.slice(own.docsPath.length);
    /** This very page in `v`: the export of the same name, or the page at the same path under `v`'s docs path. */
    const same = (v: Version): string | undefined => {
      const there = route.model.type === 'api-item' ? exportPage.get(`${v.name}\n${route.model.item.name}`) : undefined;
      return there ?? (has(v, v.docsPath + rel) ? v.docsPath + rel : undefined);
    };
    /** The same page, else its nearest parent that is a page of `v`, else `v`'s first page. */
    const nearest = (v: Version): string => {
      const copy = same(v);
      if (copy) return copy;
      for (let r = rel; r; r = r.slice(0, r.lastIndexOf('/'))) if (has(v, v.docsPath + r)) return v.docsPath + r;
      return has(v, v.docsPath) ? v.docsPath : root(v);
    };
    const links: VersionLinks = { current: own.name, to: Object.fromEntries(versions.filter((v) => v !== own).map((v) => [v.name, nearest(v)])) };
    if (own !== newest) links.latest = { name: newest.name, label: newest.label, ...(same(newest) ? { copy: true as const } : {}) };
    route.versionLinks = links;
  }
}

/**
 * Where a site path (`/docs/…#part`) leads on a page of `version` that the
 * version shares with the default one: to the version's copy of the page when
 * it has one, else where it was. The HTML page (remark-doc-links.ts) and its
 * Markdown twin (src/publish/doc-twin.ts) map links alike.
 */
export function versionCopyPath(config: SiteConfig, routes: readonly RouteRecord[], version: string): (path: string) => string {
  const v = config.docs.versions.find((c) => c.name === version);
  if (!v?.path) return (path) => path;
  const ofV = new Set(routes.filter((r) => r.version === version).map((r) => r.path));
  const docs = config.docs.path;
  const docsPath = versionDocsPath(config, v);
  return (path) => {
    const [route = '', hash] = path.split('#');
    if (!route.startsWith(`${docs}/`)) return path;
    const copy = docsPath + route.slice(docs.length);
    return ofV.has(copy) ? copy + (hash === undefined ? '' : `#${hash}`) : path;
  };
}
