// The render stage of a run: bodies of the routes the plan touches (from the
// API body cache where it can), then whole documents: all of them when the
// shared data or the layout code changed, else only the re-rendered routes.
import { notedItems } from '../content/api-notes.ts';
import { createDocMarkdown } from '../content/doc-markdown.ts';
import { openApiBodyCaches } from '../pages/api-body-cache.ts';
import type { PageBody } from '../render/body.ts';
import { apiFacts, apiHrefs } from '../routes/api.ts';
import type { RouteRecord } from '../routes/types.ts';
import { buildSearchIndex, searchAsset, searchIndexUrl, searchPages } from '../search/build-index.ts';
import { defaultScope, versionSearchFile } from '../search/version-indexes.ts';
import type { ChangePlan } from './changes.ts';
import { routesNeedingBodies, withNewAssets } from './incremental.ts';
import type { Renderer } from './renderer.ts';
import { apiBodyKeys } from './api-body-keys.ts';
import { bodyInput, dataUrlsOf, defaultApiContext, isApiBody, versionContexts, versionSiteData } from './body-input.ts';
import { apiSide, apiTouched } from './api-touched.ts';
import { renderWithPageCache } from './render-cached.ts';
import { failOn } from './stage.ts';
import type { Inputs, Rendered, SiteState, StageContext } from './types.ts';

export async function renderPages(ctx: StageContext, renderer: Renderer, plan: ChangePlan, prev: SiteState | undefined, input: Inputs): Promise<Rendered> {
  const { config, content, api, bundle, site } = input;
  // A full CLI build renders only what its page cache and the previous out/ do not hold.
  if (!prev && !ctx.incremental) {
    const cached = await renderWithPageCache(ctx, renderer, input);
    if (cached) return cached;
  }
  const reuse = prev && prev.api === api ? prev.rendered : undefined;
  // The marks read every version's model and label: the API contexts are made again when any of them changed.
  const sameMarks = reuse && prev!.versionApis === input.versionApis && prev!.config === config;
  const markdown = reuse?.markdown ?? createDocMarkdown(await content.highlighter(), apiHrefs(api.model), apiFacts(api.model));
  const apiCtx = (sameMarks && reuse.apiCtx) || defaultApiContext(input, markdown);
  const versionCtx = (sameMarks && reuse.versionCtx) || versionContexts(input, await content.highlighter());
  const templates = plan.templates.size ? renderer.reaches(plan.templates) : { bodies: () => false, documents: false };
  const touched = prev && apiTouched(apiSide(prev, prev.rendered.apiCtx, prev.rendered.versionCtx), apiSide(input, apiCtx, versionCtx));
  const todo = routesNeedingBodies(site.routes, content.docs, plan, prev && { routes: prev.site.routes, docs: prev.content.docs, dependencies: prev.rendered.dependencies, apiNotes: prev.content.apiNotes }, templates.bodies, content.apiNotes, touched);
  // A full CLI build reuses the API bodies of an unchanged model, unchanged notes and unchanged code.
  // One cache per docs version, each by its own key (api-body-keys.ts).
  const bodyKeys = apiBodyKeys(input);
  const bodyCaches = prev || ctx.incremental || !bodyKeys ? undefined : await openApiBodyCaches(ctx.cacheDir, bodyKeys, { read: ctx.useCache, onNotice: ctx.notice });
  const cachedApi = (r: RouteRecord) => isApiBody(r) && bodyCaches?.get(r.version ?? '')?.bodies.has(r.path);
  const fresh = await renderer.renderBodies(todo.filter((r) => !cachedApi(r)), bodyInput(ctx, input, markdown, apiCtx, versionCtx));
  failOn(fresh.diagnostics, ctx.reporter);
  for (const cache of bodyCaches?.values() ?? []) for (const [path, body] of cache.bodies) if (!fresh.bodies.has(path)) fresh.bodies.set(path, body);
  for (const [name, cache] of bodyCaches ?? []) {
    if (!cache.bodies.size) await cache.save(new Map(site.routes.filter((r) => isApiBody(r) && (r.version ?? '') === name).map((r) => [r.path, fresh.bodies.get(r.path)!])));
  }
  const bodies = new Map<string, PageBody>();
  const dependencies = new Map<string, string[]>();
  for (const { path } of site.routes) {
    bodies.set(path, fresh.bodies.get(path) ?? prev!.rendered.bodies.get(path)!);
    dependencies.set(path, fresh.dependencies.get(path) ?? prev?.rendered.dependencies.get(path) ?? []);
  }
  // The search index of each docs version: from its API model and the bodies, again only when either changed.
  const noted = notedItems(content.apiNotes);
  const searchFiles = !prev || prev.api !== api || prev.versionApis !== input.versionApis || prev.site !== site || todo.length || prev.config !== config
    ? [
        searchAsset(buildSearchIndex(api.model, searchPages(site.routes, bodies, noted), config.baseUrl, {}, defaultScope(config))),
        ...input.versionApis.map((v) => versionSearchFile(config, v, site.routes, bodies, noted)),
      ]
    : prev.rendered.searchFiles;
  const dataOf = versionSiteData(input);
  const dataUrls = dataUrlsOf(dataOf, site.routes);
  // Layout code, or new shared data of a version (sidebars, site view): every document of it is rendered again.
  const newData = (r: RouteRecord): boolean => dataUrls[r.version ?? ''] !== prev?.rendered.dataUrls[r.version ?? ''];
  const again = new Set(!prev || templates.documents ? site.routes : [...todo, ...site.routes.filter(newData)]);
  const swaps = prev
    ? ([[prev.bundle.script, bundle.script], [prev.bundle.style, bundle.style], [prev.bundle.search, bundle.search]] as const).filter(([a, b]) => a !== b)
    : [];
  const outputs: Rendered['outputs'] = new Map();
  for (const route of site.routes) {
    if (again.has(route)) {
      const { data, dataFile } = dataOf.of(route);
      const out = renderer.renderSite([route], bodies, data, { ...bundle, data: dataFile.url, searchIndex: searchIndexUrl(route.version) }, { origin: config.url, image: config.image }, ctx.bodyMemo);
      outputs.set(route.path, { page: out.pages[0]!, files: out.files });
      ctx.reporter.progress?.('render', `${outputs.size}/${site.routes.length} pages`);
    } else {
      const old = prev!.rendered.outputs.get(route.path)!;
      outputs.set(route.path, swaps.length ? withNewAssets(old, swaps) : old);
    }
  }
  const renderedPaths = new Set([...again].map((r) => r.path));
  return { markdown, apiCtx, versionCtx, bodies, dependencies, outputs, assets: [...bundle.files, ...dataOf.files.map((f) => f.dataFile), ...searchFiles], dataUrls, searchFiles, renderedPaths };
}
