// The render stage of a full CLI build with the page cache: a route whose
// page key is unchanged, and whose files the previous out/ still holds as
// written, is not rendered: its files are hard-linked from out/ and its ids
// and links come from the cache. The other routes get their bodies from the
// cache (Markdown, by body key, included files checked), from the API body
// cache, or by rendering, and then their documents. The search index is
// reused by its key. After a successful write the cache is saved.
import { createDocMarkdown } from '../content/doc-markdown.ts';
import type { LinkIndex } from '../links/link-index.ts';
import type { PageLinks } from '../links/collect.ts';
import type { LinkedFile } from '../output/write.ts';
import { openApiBodyCache } from '../pages/api-body-cache.ts';
import { createApiRenderContext } from '../render/api/index.ts';
import type { PageBody } from '../render/body.ts';
import type { Assets } from '../render/document.ts';
import { apiFacts, apiHrefs } from '../routes/api.ts';
import type { RouteRecord } from '../routes/types.ts';
import { buildSearchIndex, isSearchedPage, SEARCH_INDEX_URL, searchAsset, searchPages } from '../search/build-index.ts';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { apiBodyKey, bodyInput, isApiBody, siteData } from './body-input.ts';
import { pagesDir } from './changes.ts';
import { PageCache, sha256, type CachedBody, type CachedPage } from './page-cache.ts';
import { bodyKeys, environmentKey, pageKey } from './page-keys.ts';
import type { Renderer } from './renderer.ts';
import { failOn } from './stage.ts';
import type { Inputs, Rendered, StageContext } from './types.ts';

export async function renderWithPageCache(ctx: StageContext, renderer: Renderer, input: Inputs): Promise<Rendered | undefined> {
  const { config, content, api, bundle, site, library } = input;
  const env = await environmentKey(ctx.root);
  if (!env || !api.key) return undefined;
  // The API bodies (and their cache) depend on the site notes as well as the model.
  const apiKey = apiBodyKey(input)!;
  const cache = await PageCache.open(ctx.cacheDir, ctx.outDir, { read: ctx.useCache, onNotice: ctx.notice });
  const rel = (file: string): string => relative(ctx.root, file).split(sep).join('/');

  const { data, dataFile } = siteData(input);
  const assets: Assets = { script: bundle.script, style: bundle.style, search: bundle.search, data: dataFile.url, searchIndex: SEARCH_INDEX_URL };
  const keys = await bodyKeys({ root: ctx.root, env, config, apiKey, routes: site.routes, docs: content.docs, readme: () => readFile(library.readme, 'utf8'), pagesDir: pagesDir(ctx.layout) });
  const pageKeys = new Map(site.routes.flatMap((r) => { const key = keys.get(r.path); return key ? [[r.path, pageKey(key, r, dataFile.url, assets)] as const] : []; }));

  // Routes whose files the previous out/ holds as this build would write them.
  const linked: LinkedFile[] = [];
  const collected = new Map<string, PageLinks>();
  const reused = new Set<string>();
  await Promise.all(site.routes.map(async (route) => {
    const old = cache.data.pages[route.path];
    if (!old || old.key !== pageKeys.get(route.path)) return;
    // A Markdown page's key does not cover the files it includes: they are checked by hash.
    const body = cache.data.bodies[route.path];
    if (body && !(await PageCache.depsUnchanged(ctx.root, body.deps))) return;
    const files = await Promise.all(Object.entries(old.files).map(async ([path, sha]) => {
      const from = await cache.reusable(path, sha);
      return from && { path, ...from };
    }));
    if (files.some((f) => !f)) return;
    linked.push(...(files as LinkedFile[]));
    collected.set(route.path, { ids: new Set(old.ids), hrefs: old.hrefs });
    reused.add(route.path);
  }));

  // The search index, by the keys of the bodies it reads (a body without a key is hashed itself).
  const searched = site.routes.filter((r) => isSearchedPage(r.kind));
  const todo = site.routes.filter((r) => !reused.has(r.path));
  if (todo.length) void content.highlighter().catch(() => {}); // loads while bodies are looked up
  const bodies = new Map<string, PageBody>();
  const dependencies = new Map<string, string[]>();
  const needBodies = async (routes: readonly RouteRecord[]): Promise<void> => {
    const missing = routes.filter((r) => !bodies.has(r.path));
    const fromCache = await Promise.all(missing.map(async (r) => {
      const entry = cache.data.bodies[r.path];
      return entry && entry.key === keys.get(r.path) && (await PageCache.depsUnchanged(ctx.root, entry.deps)) ? [r.path, entry] as const : undefined;
    }));
    for (const hit of fromCache) {
      if (!hit) continue;
      bodies.set(hit[0], hit[1].body);
      dependencies.set(hit[0], hit[1].deps.map(([f]) => join(ctx.root, f)));
    }
    let left = missing.filter((r) => !bodies.has(r.path));
    const apiRoutes = left.filter(isApiBody);
    if (apiRoutes.length) {
      const apiCache = await openApiBodyCache(ctx.cacheDir, apiKey, { read: ctx.useCache, onNotice: ctx.notice });
      const all = site.routes.filter(isApiBody);
      // An empty API body cache is filled whole, as the plain render stage does.
      if (apiCache && !apiCache.bodies.size) left = [...new Set([...left, ...all])];
      else for (const r of apiRoutes) if (apiCache?.bodies.has(r.path)) bodies.set(r.path, apiCache.bodies.get(r.path)!);
      left = left.filter((r) => !bodies.has(r.path));
      await renderSome(left);
      if (apiCache && !apiCache.bodies.size) await apiCache.save(new Map(all.map((r) => [r.path, bodies.get(r.path)!])));
    } else await renderSome(left);
  };
  let markdown: Rendered['markdown'] | undefined;
  let apiCtx: Rendered['apiCtx'] | undefined;
  const renderSome = async (routes: readonly RouteRecord[]): Promise<void> => {
    if (!routes.length) return;
    markdown ??= createDocMarkdown(await content.highlighter(), apiHrefs(api.model), apiFacts(api.model));
    apiCtx ??= createApiRenderContext(api.model, markdown);
    const fresh = await renderer.renderBodies(routes, bodyInput(ctx, input, markdown, apiCtx));
    failOn(fresh.diagnostics);
    for (const [path, body] of fresh.bodies) bodies.set(path, body);
    for (const [path, deps] of fresh.dependencies) dependencies.set(path, deps);
  };

  await needBodies(todo);
  const searchKey = sha256('search', env, apiKey, JSON.stringify(searched.map((r) => [r.path, r.kind, r.sidebar ?? null, keys.get(r.path) ?? sha256(JSON.stringify(bodies.get(r.path)))])));
  let searchText = cache.data.search?.key === searchKey ? cache.data.search.text : undefined;
  if (searchText === undefined) {
    await needBodies(searched);
    searchText = new TextDecoder().decode(searchAsset(buildSearchIndex(api.model, searchPages(site.routes, bodies), config.baseUrl)).contents);
  }
  const searchFile = { url: SEARCH_INDEX_URL, contents: new TextEncoder().encode(searchText) };

  // The publish stage (Markdown twins, llms.txt) reads every body: from the caches where they hold it.
  await needBodies(site.routes);

  const outputs: Rendered['outputs'] = new Map();
  for (const route of site.routes) {
    if (reused.has(route.path)) {
      outputs.set(route.path, { page: { path: route.path, source: route.source, html: '', body: '' }, files: [] });
      continue;
    }
    const out = renderer.renderSite([route], bodies, data, assets, { origin: config.url, image: config.image });
    outputs.set(route.path, { page: out.pages[0]!, files: out.files });
  }

  const save = async (index: LinkIndex): Promise<void> => {
    const pages: Record<string, CachedPage> = {};
    const written = new Map<string, string>();
    for (const route of site.routes) {
      const key = pageKeys.get(route.path);
      const old = cache.data.pages[route.path];
      let files: Record<string, string>;
      if (reused.has(route.path)) files = old!.files;
      else files = Object.fromEntries(outputs.get(route.path)!.files.map((f) => [f.path, sha256(f.contents as string | Uint8Array)]));
      for (const [path, sha] of Object.entries(files)) written.set(path, sha);
      const links = index.pageLinks(route.path);
      if (key && links) pages[route.path] = { key, files, ids: [...links.ids], hrefs: links.hrefs };
    }
    const cachedBodies: Record<string, CachedBody> = {};
    for (const route of site.routes) {
      const key = keys.get(route.path);
      if (route.model.type !== 'doc' && route.model.type !== 'api-readme') continue;
      const old = cache.data.bodies[route.path];
      const body = bodies.get(route.path);
      if (key && body) {
        const deps = await Promise.all((dependencies.get(route.path) ?? []).map(async (f) => [rel(f), sha256(await readFile(f))] as [string, string]));
        cachedBodies[route.path] = { key, body, deps };
      } else if (key && old?.key === key) cachedBodies[route.path] = old;
    }
    await cache.save({ pages, bodies: cachedBodies, search: { key: searchKey, text: searchText } }, written);
  };

  return {
    markdown,
    apiCtx,
    bodies,
    dependencies,
    outputs,
    assets: [...bundle.files, dataFile, searchFile],
    dataUrl: dataFile.url,
    searchFile,
    renderedPaths: new Set(todo.map((r) => r.path)),
    linked,
    collected,
    save,
  };
}
