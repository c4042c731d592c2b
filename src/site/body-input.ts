// What the render code needs to turn routes into page bodies: the same for a
// plain render and for the page-cache render of a full CLI build.
import { hashedAsset } from '../bundle/bundle.ts';
import { apiNotesDigest } from '../content/api-notes.ts';
import { createDocMarkdown } from '../content/doc-markdown.ts';
import { loadedHighlighter } from '../content/highlight.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import { checkApiNotes } from '../pages/api-notes.ts';
import { createApiRenderContext, type ApiRenderContext } from '../render/api/index.ts';
import { versionMarks, type ApiMarks } from '../render/api/marks.ts';
import { versionDocsPath } from '../config/versions.ts';
import { apiFacts, apiHrefs } from '../routes/api.ts';
import { apiBaseOf } from '../routes/api-urls.ts';
import { versionCopyPath, versionHomes } from '../routes/version-links.ts';
import { sha256 } from './page-cache.ts';
import { siteView } from '../render/site-view.ts';
import type { RouteRecord } from '../routes/types.ts';
import { FAVICON, type SiteData } from '../shared/view.ts';
import type { Renderer } from './renderer.ts';
import type { VersionRender } from '../pages/bodies.ts';
import { failOn } from './stage.ts';
import type { Inputs, StageContext } from './types.ts';

export type BodyInput = Parameters<Renderer['renderBodies']>[1];

export function bodyInput(ctx: StageContext, { config, content, site }: Inputs, markdown: RenderMarkdown, apiCtx: ApiRenderContext, versionCtx: ReadonlyMap<string, VersionRender> = new Map()): BodyInput {
  // A file's own page: a shared page's other renderings are found from it (VersionRender.sitePath).
  const routeOfFile = new Map(site.routes.flatMap((r) => (r.model.type === 'doc' && r.model.doc.sharedFrom === undefined ? [[r.model.doc.file, r.path] as const] : [])));
  return {
    config,
    docs: content.docs,
    pageModules: content.pageModules,
    docCtx: { markdown, routeOfFile: (f) => routeOfFile.get(f), siteOrigin: config.url, contentDir: ctx.layout.contentDir, maxPageBytes: config.limits.maxPageBytes },
    apiCtx,
    versionCtx,
    apiNotes: content.apiNotes,
  };
}

/**
 * The API render context of every other docs version, each with its own
 * Markdown pipeline: code in its doc comments links to that version's pages.
 */
export function versionContexts(input: Inputs, highlighter: Parameters<typeof createDocMarkdown>[0]): Map<string, VersionRender> {
  return new Map(input.versionApis.map((v) => {
    const base = apiBaseOf(v.docsPath);
    const markdown = createDocMarkdown(highlighter, apiHrefs(v.api.model, base), apiFacts(v.api.model));
    return [v.name, { markdown, apiCtx: createApiRenderContext(v.api.model, markdown, base, siteMarks(input).get(v.name)), sitePath: versionSitePath(input, v) }];
  }));
}

/** The default version's API render context, with its version marks. */
export function defaultApiContext(input: Inputs, markdown: RenderMarkdown): ApiRenderContext {
  const name = input.config.docs.versions.find((v) => !v.path)?.name;
  return createApiRenderContext(input.api.model, markdown, undefined, name === undefined ? undefined : siteMarks(input).get(name));
}

const marksMemo = new WeakMap<Inputs['api'], { versionApis: Inputs['versionApis']; config: Inputs['config']; marks: Map<string, ApiMarks> }>();

/**
 * The version marks of every documented version, by name: each pair of
 * neighbouring versions diffed once per build (and once per watch session
 * while the models and config stay the same), never per page.
 */
export function siteMarks({ config, api, versionApis }: Inputs): Map<string, ApiMarks> {
  const memo = marksMemo.get(api);
  if (memo && memo.versionApis === versionApis && memo.config === config) return memo.marks;
  const models = new Map(versionApis.map((v) => [v.name, v.api.model]));
  const versions = config.docs.versions.flatMap((v) => {
    const model = v.path ? models.get(v.name) : api.model;
    return model ? [{ name: v.name, label: v.label, model, base: apiBaseOf(versionDocsPath(config, v)) }] : [];
  });
  const marks = versions.length > 1 ? versionMarks(versions) : new Map<string, ApiMarks>();
  marksMemo.set(api, { versionApis, config, marks });
  return marks;
}

/** `/docs/installation` → `/docs/4.0/installation` when version `v` has that page; any other path as it is. */
export function versionSitePath({ config, site }: Inputs, v: Inputs['versionApis'][number]): (path: string) => string {
  return versionCopyPath(config, site.routes, v.name);
}

/** Routes whose body comes from the API renderer alone (and so can be cached by the API model). */
export const isApiBody = (r: RouteRecord): boolean => r.model.type === 'api-item' || r.model.type === 'api-globals';

/**
 * The key of the API bodies: the model's, and the site notes' digest (after
 * checking that every note names a real item and member), and with other
 * versions their models and what the config says of them, or undefined when
 * a model has no key.
 */
export function apiBodyKey({ api, versionApis, content, config, site }: Inputs): string | undefined {
  failOn(checkApiNotes(content.apiNotes, api.model));
  if (!api.key || versionApis.some((v) => !v.api.key)) return undefined;
  // Every version's model: the API bodies of all of them share one cache.
  const models = versionApis.map((v) => `-${v.name}:${v.api.key}`).join('');
  // And what the bodies show of the config: each version's label and path in
  // its marks, and the doc pages each version's comments link into (versionSitePath).
  const shown = JSON.stringify([
    config.docs.path,
    config.docs.versions.map((v) => [v.name, v.label, versionDocsPath(config, v)]),
    versionApis.map((v) => [v.docsPath, site.routes.filter((r) => r.version === v.name).map((r) => r.path).sort()]),
  ]);
  return `${api.key}-${apiNotesDigest(content.apiNotes)}${models ? `-${sha256(models + shown).slice(0, 16)}` : ''}`;
}

/**
 * What Markdown pages read of every version's model (createDocMarkdown: the
 * API links and the tables' facts) and the README page (its version): a doc
 * comment is none of it.
 */
export function docsApiKey({ api, versionApis }: Inputs): string {
  const of = (model: Inputs['api']['model']): string => JSON.stringify([model.version, [...apiHrefs(model)], [...apiFacts(model).enums]]);
  return sha256('docs-api', of(api.model), ...versionApis.map((v) => `${v.name}\n${of(v.api.model)}`));
}

export interface SiteDataFile {
  data: SiteData;
  dataFile: ReturnType<typeof hashedAsset>;
}

/** The data every page of the default version embeds (site view and sidebars) and its hashed asset. */
export function siteData({ config, site, content }: Inputs): SiteDataFile {
  const data: SiteData = { site: { ...siteView(config, site.sidebarHome, undefined, versionHomes(config, site.routes)), ...favicon(content) }, sidebars: site.sidebars };
  return { data, dataFile: hashedAsset('data', JSON.stringify(data)) };
}

/**
 * The data of each docs version's pages: the default one's (`siteData`), and
 * one per other version with its own sidebars and footer version, so a
 * version's pages never change the bytes of another's.
 */
export function versionSiteData(input: Inputs): { of: (route: RouteRecord) => SiteDataFile; files: SiteDataFile[] } {
  const main = siteData(input);
  const { config, site, content } = input;
  const byName = new Map<string, SiteDataFile>();
  const homes = versionHomes(config, site.routes);
  for (const v of config.docs.versions) {
    const nav = site.versions[v.name];
    if (!v.path || !nav) continue;
    // A sidebar the version has no page in yet (its examples) keeps the default version's target.
    const own = new Set(site.routes.filter((r) => r.version === v.name).map((r) => r.path));
    const data: SiteData = { site: { ...siteView(config, { ...site.sidebarHome, ...defined(nav.sidebarHome) }, v, homes, own), ...favicon(content) }, sidebars: nav.sidebars };
    byName.set(v.name, { data, dataFile: hashedAsset('data', JSON.stringify(data)) });
  }
  return { of: (route) => (route.version && byName.get(route.version)) || main, files: [main, ...byName.values()] };
}

/** The data file URL of each docs version's pages, by version name ('' for the default one). */
export function dataUrlsOf(dataOf: ReturnType<typeof versionSiteData>, routes: readonly RouteRecord[]): Record<string, string> {
  return Object.fromEntries(routes.map((r) => [r.version ?? '', dataOf.of(r).dataFile.url]));
}

// Every page's head links the icon only when the site has one: a link to a missing file fails the link check.
const favicon = (content: Inputs['content']): { favicon?: string } => (content.statics.some((f) => f.path === FAVICON.slice(1)) ? { favicon: FAVICON } : {});

const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Renders bodies without shiki (most of a one-page build) while the highlight
 * cache holds every code block met; on a miss (HighlighterNeeded) it loads
 * shiki and renders those routes again. Keeps its Markdown pipeline and API
 * render context between calls.
 */
export function lazyBodies(ctx: StageContext, input: Inputs, renderer: Renderer) {
  const { api, content } = input;
  let markdown: RenderMarkdown | undefined;
  let apiCtx: ApiRenderContext | undefined;
  let versionCtx: Map<string, VersionRender> | undefined;
  const render = (routes: readonly RouteRecord[]) => {
    markdown ??= createDocMarkdown(loadedHighlighter(), apiHrefs(api.model), apiFacts(api.model));
    apiCtx ??= defaultApiContext(input, markdown);
    versionCtx ??= versionContexts(input, loadedHighlighter());
    return renderer.renderBodies(routes, bodyInput(ctx, input, markdown, apiCtx, versionCtx));
  };
  return {
    render: (routes: readonly RouteRecord[]) => render(routes).catch(async (e: unknown) => {
      if ((e as Error).name !== 'HighlighterNeeded') throw e;
      await content.highlighter();
      markdown = apiCtx = versionCtx = undefined;
      return render(routes);
    }),
    markdown: () => markdown,
    apiCtx: () => apiCtx,
  };
}
