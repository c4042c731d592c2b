// Stage 3: every page of the site as a route record, plus the sidebars and
// per-path navigation. Duplicate paths and navbar items that lead nowhere are
// errors here, before anything is rendered.
import { relative } from 'node:path';
import type { ApiModel } from '../api/model.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { DocSource } from '../content/docs.ts';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { apiAnchorClashes } from './api-anchor-clashes.ts';
import type { SidebarId } from '../shared/page.ts';
import { apiRoutes } from './api.ts';
import { docPath, docSidebar } from './docs.ts';
import { readingOrder } from '../shared/navigation.ts';
import { buildSidebars, versionSidebars, type Sidebars } from './sidebars.ts';
import { API_BASE, apiBaseOf, apiRemovedPath } from './api-urls.ts';
import type { RouteRecord } from './types.ts';
import { addVersionLinks } from './version-links.ts';
import { twinClashes } from './twin-clashes.ts';

export interface RouteInputs {
  config: SiteConfig;
  configFile: string;
  docs: readonly DocSource[];
  /** React page modules: absolute file → route path. */
  pageModules: readonly { file: string; path: string }[];
  model: ApiModel;
  dts: string;
  readme: string;
  /** The other docs versions (under their own segment), each with its own API model. */
  versions?: readonly VersionRouteInput[];
}

export interface VersionRouteInput {
  name: string;
  /** `/docs/4.0`: where the version's pages live. */
  docsPath: string;
  /** Its folder of content/docs (`4.0`): the Markdown pages written for this version. */
  segment: string;
  model: ApiModel;
  dts: string;
  readme: string;
}

/** A version's own sidebars and where its navbar items point. */
export interface VersionNavigation {
  sidebars: Sidebars;
  sidebarHome: Partial<Record<SidebarId, string>>;
}

export interface SiteRoutes {
  routes: RouteRecord[];
  sidebars: Sidebars;
  /** Where each sidebar's navbar item points: its first page. */
  sidebarHome: Partial<Record<SidebarId, string>>;
  /** The navigation of each other docs version, by version name (its pages carry `version`). */
  versions: Record<string, VersionNavigation>;
}

export const NOT_FOUND_PATH = '/404';

export function buildRoutes(input: RouteInputs): { site?: SiteRoutes; diagnostics: Diagnostic[] } {
  const base = input.config.docs.path;
  // A page of content/docs/4.0/ belongs to the version with that segment: its data, sidebar and links are 4.0's.
  const versionOf = (id: string): { version?: string } => {
    const v = versionOfDoc(id, input.versions);
    return v ? { version: v.name } : {};
  };
  /** The id within its version's folder: `4.0/index` is 4.0's docs index, as `index` is the default version's. */
  const local = (id: string): string => {
    const v = versionOfDoc(id, input.versions);
    return v ? id.slice(v.segment.length + 1) : id;
  };
  const routes: RouteRecord[] = [
    ...input.pageModules.map((p): RouteRecord => ({
      path: p.path, kind: p.path === '/' ? 'home' : 'page', exact: true, source: p.file, model: { type: 'page-module', file: p.file },
    })),
    ...input.docs.map((d): RouteRecord => ({
      path: docPath(base, d.id),
      kind: local(d.id) === 'index' ? 'docs-index' : d.id.endsWith('/index') ? 'examples-index' : 'doc',
      exact: true,
      sidebar: docSidebar(local(d.id)),
      ...versionOf(d.id),
      source: d.file,
      model: { type: 'doc', doc: d },
    })),
    ...apiRoutes(input.model, input.dts, input.readme),
    ...(input.versions ?? []).flatMap((v) => apiRoutes(v.model, v.dts, v.readme, apiBaseOf(v.docsPath), v.name)),
    ...removedRoutes(input),
    { path: NOT_FOUND_PATH, kind: 'not-found', exact: false, source: '(built in)', model: { type: 'not-found' } },
  ];
  const diagnostics = [...versionAddressTaken(input.docs, input.versions), ...duplicatePaths(routes), ...twinClashes(routes), ...apiAnchorClashes(input.model, input.dts), ...(input.versions ?? []).flatMap((v) => apiAnchorClashes(v.model, v.dts))];
  const sidebars = buildSidebars(base, input.docs, input.model);
  const sidebarHome = homes(sidebars);
  diagnostics.push(...navbarTargets(input.config, input.configFile, sidebarHome));
  const versions: Record<string, VersionNavigation> = {};
  for (const v of input.versions ?? []) {
    const own = versionSidebars(v.model, v.docsPath, docsOfVersion(input.docs, v));
    versions[v.name] = { sidebars: own, sidebarHome: homes(own) };
  }
  addVersionLinks(input.config, routes);
  return diagnostics.length ? { diagnostics } : { site: { routes, sidebars, sidebarHome, versions }, diagnostics };
}

/**
 * The removed-exports page of each version that has an older one (docs.versions lists the newest
 * first), the default version's too: its API index links the page when it is not the oldest.
 */
function removedRoutes(input: RouteInputs): RouteRecord[] {
  const all = input.config.docs.versions;
  const older = (name: string): boolean => {
    const at = all.findIndex((c) => c.name === name);
    return at >= 0 && at < all.length - 1;
  };
  const fallback = all.find((c) => !c.path);
  const own: RouteRecord[] = fallback && (input.versions ?? []).length && older(fallback.name)
    ? [{ path: apiRemovedPath(API_BASE), kind: 'api-removed', exact: true, sidebar: 'docs', source: input.dts, model: { type: 'api-removed' } }]
    : [];
  return [...own, ...(input.versions ?? []).flatMap((v): RouteRecord[] => (older(v.name)
    ? [{ path: apiRemovedPath(apiBaseOf(v.docsPath)), kind: 'api-removed', exact: true, sidebar: 'docs', version: v.name, source: v.dts, model: { type: 'api-removed' } }]
    : []))];
}

/** The version whose folder of content/docs holds the page `id` (`4.0/installation`), if any. */
function versionOfDoc(id: string, versions: readonly VersionRouteInput[] = []): VersionRouteInput | undefined {
  return versions.find((v) => id.startsWith(`${v.segment}/`));
}

/** A version's own Markdown pages, ids relative to its folder, so they sort into its sidebar as the default version's do. */
function docsOfVersion(docs: readonly DocSource[], v: VersionRouteInput): DocSource[] {
  return docs.filter((d) => d.id.startsWith(`${v.segment}/`)).map((d) => ({ ...d, id: d.id.slice(v.segment.length + 1) }));
}

/** Each sidebar's first page. */
function homes(sidebars: Sidebars): Partial<Record<SidebarId, string>> {
  const out: Partial<Record<SidebarId, string>> = {};
  for (const id of Object.keys(sidebars) as SidebarId[]) out[id] = readingOrder(sidebars[id])[0]?.href;
  return out;
}

/**
 * Two routes with one path, or with paths that differ only in case: their
 * files (`installation/index.html`, `Installation/index.html`) are one file on
 * macOS and Windows, so the site would silently lose a page there.
 */
/** A page of the default version at a version's own address (`content/docs/4.0.md` at /docs/4.0). */
function versionAddressTaken(docs: readonly DocSource[], versions: readonly VersionRouteInput[] = []): Diagnostic[] {
  return docs.flatMap((d) => {
    const v = versions.find((x) => x.segment.toLowerCase() === d.id.toLowerCase());
    return v ? [error('content', 'routes/version-address', `${rel(d.file)} would be published at ${v.docsPath}, the address of the docs of version ${v.name}, as a page of the version at today's URLs.`, {
      file: d.file, hint: `Rename it, or move it to ${rel(d.file).replace(/\.mdx?$/, '')}/index.md to make it version ${v.name}'s landing page.`,
    })] : [];
  });
}

function duplicatePaths(routes: readonly RouteRecord[]): Diagnostic[] {
  const seen = new Map<string, RouteRecord>();
  const out: Diagnostic[] = [];
  for (const r of routes) {
    const first = seen.get(r.path.toLowerCase());
    if (!first) {
      seen.set(r.path.toLowerCase(), r);
      continue;
    }
    out.push(first.path === r.path
      ? error('content', 'routes/duplicate-path', `Two pages claim the path ${r.path}: ${rel(first.source)} and ${rel(r.source)}.`, {
        file: r.source, hint: 'Rename or move one of them so that each page has its own path.',
      })
      : error('content', 'routes/case-collision', `Two pages have paths that differ only in case, ${first.path} (${rel(first.source)}) and ${r.path} (${rel(r.source)}): on macOS and Windows they are one file, and one page would be lost.`, {
        file: r.source, hint: 'Rename one of them so that the paths differ in more than case.',
      }));
  }
  return out;
}

function navbarTargets(config: SiteConfig, file: string, sidebarHome: Partial<Record<SidebarId, string>>): Diagnostic[] {
  return config.navbar.items.flatMap((item, i) => {
    if (item.type !== 'docSidebar') return [];
    const known = item.sidebarId === 'docs' || item.sidebarId === 'examples';
    if (known && sidebarHome[item.sidebarId as SidebarId]) return [];
    return [error('config', 'config/empty-sidebar', `The navbar item navbar.items[${i}] ("${item.label}") shows the sidebar "${item.sidebarId}", which has no page to link to.`, {
      file, hint: known ? 'Add a page to that sidebar or remove the navbar item.' : 'Use sidebarId "docs" or "examples".',
    })];
  });
}

const rel = (p: string): string => (p.startsWith('/') ? relative(process.cwd(), p) : p);
