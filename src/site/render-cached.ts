// The render stage of a full CLI build with the page cache: a route whose
// page key is unchanged, and whose files the previous out/ still holds as
// written, is not rendered: its files are hard-linked from out/ and its ids
// and links come from the cache. The other routes get their bodies from the
// cache (Markdown, by body key, included files checked), from the API body
// cache, or by rendering, and then their documents. The search index is
// reused by its key. After a successful write the cache is saved.
import { notedItems } from '../content/api-notes.ts';
import type { LinkIndex } from '../links/link-index.ts';
import { openApiBodyCaches } from '../pages/api-body-cache.ts';
import { apiBodyKeys } from './api-body-keys.ts';
import type { PageBody } from '../render/body.ts';
import type { Assets } from '../render/document.ts';
import { needsHtml, type PublishBody } from '../publish/publish.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { RouteRecord } from '../routes/types.ts';
import { buildSearchIndex, SEARCH_INDEX_URL, searchAsset, searchedRoutes, searchIndexUrl, searchPages } from '../search/build-index.ts';
import { defaultScope, searchVersions } from '../search/version-indexes.ts';
import { versionSearchTexts } from './version-search.ts';
import { searchReuse } from './search-reuse.ts';
import { readPackageReadme } from '../content/package-readme.ts';
import { packageRepositoryLink } from '../content/package-repository.ts';
import { digestOf } from '../shared/module-inputs.ts';
import { dirname, join, relative, sep } from 'node:path';
import { apiBodyKey, dataUrlsOf, docsApiKey, isApiBody, lazyBodies, versionSiteData } from './body-input.ts';
import { pagesDir } from './changes.ts';
import { PageCache, sha256, type CachedBody, type CachedPage } from './page-cache.ts';
import { keptApiTwins, keptDocTwins, reusablePublish } from './publish-reuse.ts';
import { apiTwinsKey, bodyKeys, contentKey, docTwinKey, environmentKey, pageKey, publishKey } from './page-keys.ts';
import { ReusedPages } from './reused-pages.ts';
import type { Renderer } from './renderer.ts';
import { failOn } from './stage.ts';
import type { Inputs, PublishOutcome, Rendered, StageContext } from './types.ts';

export async function renderWithPageCache(ctx: StageContext, renderer: Renderer, input: Inputs): Promise<Rendered | undefined> {
  const { config, content, api, bundle, site } = input;
  const env = await environmentKey(ctx.root);
  if (!env || !api.key) return undefined;
  // The API bodies (and their cache) depend on the site notes as well as the model.
  const apiKey = apiBodyKey(input)!;
  const cache = await PageCache.open(ctx.cacheDir, ctx.outDir, { read: ctx.useCache, onNotice: ctx.notice });
  const rel = (file: string): string => relative(ctx.root, file).split(sep).join('/');

  const dataOf = versionSiteData(input);
  const assetsOf = (route: RouteRecord): Assets => ({ script: bundle.script, style: bundle.style, search: bundle.search, data: dataOf.of(route).dataFile.url, searchIndex: searchIndexUrl(route.version) });
  const keys = await bodyKeys({ root: ctx.root, env, config, apiKey, docsApiKey: docsApiKey(input), routes: site.routes, docs: content.docs, readme: async (file) => readmeKey(file, config), pagesDir: pagesDir(ctx.layout), moduleInputs: (file) => content.pageModules.find((p) => p.file === file)?.inputs });
  const pageKeys = new Map(site.routes.flatMap((r) => { const key = keys.get(r.path); return key ? [[r.path, pageKey(key, r, dataOf.of(r).dataFile.url, assetsOf(r))] as const] : []; }));

  // Routes whose files the previous out/ holds as this build would write them.
  const reuse = new ReusedPages(cache);
  const { linked, collected, paths: reused } = reuse;
  /** Cached bodies whose included files were checked by hash in this build. */
  const checkedDeps = new Map<string, [string, string][]>();
  await Promise.all(site.routes.map(async (route) => {
    const old = cache.data.pages[route.path];
    if (!old || old.key !== pageKeys.get(route.path)) return;
    // A Markdown page's key does not cover the files it includes: they are checked by hash.
    const body = cache.data.bodies[route.path];
    if (route.model.type === 'doc' && !body) return;
    if (body && !(await PageCache.depsUnchanged(ctx.root, body.deps))) return;
    if (body) checkedDeps.set(route.path, body.deps);
    reuse.take(route.path);
  }));

  // The search index, by the keys of the bodies it reads (a body without a key is hashed itself).
  const noted = notedItems(content.apiNotes);
  const searched = searchedRoutes(site.routes, noted);
  const todo = site.routes.filter((r) => !reused.has(r.path));
  const bodies = new Map<string, PageBody>();
  const dependencies = new Map<string, string[]>();
  /** Bodies rendered by this build (the others came from a cache, their included files checked). */
  const renderedBodies = new Set<string>();
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
      checkedDeps.set(hit[0], hit[1].deps);
    }
    let left = missing.filter((r) => !bodies.has(r.path));
    const apiRoutes = left.filter(isApiBody);
    if (apiRoutes.length) {
      const caches = await openApiBodyCaches(ctx.cacheDir, apiBodyKeys(input)!, { read: ctx.useCache, onNotice: ctx.notice });
      // A version whose API body cache is empty has it filled whole, as the plain render stage does.
      const fill = site.routes.filter((r) => isApiBody(r) && caches?.get(r.version ?? '')?.bodies.size === 0);
      left = [...new Set([...left, ...fill])];
      for (const r of apiRoutes) { const hit = caches?.get(r.version ?? '')?.bodies.get(r.path); if (hit) bodies.set(r.path, hit); }
      left = left.filter((r) => !bodies.has(r.path));
      await renderSome(left);
      for (const [name, c] of caches ?? []) if (!c.bodies.size) await c.save(new Map(fill.filter((r) => (r.version ?? '') === name).map((r) => [r.path, bodies.get(r.path)!])));
    } else await renderSome(left);
  };
  const lazy = lazyBodies(ctx, input, renderer);
  const renderSome = async (routes: readonly RouteRecord[]): Promise<void> => {
    if (!routes.length) return;
    const fresh = await lazy.render(routes);
    failOn(fresh.diagnostics, ctx.reporter);
    for (const [path, body] of fresh.bodies) bodies.set(path, body);
    for (const path of fresh.bodies.keys()) renderedBodies.add(path);
    for (const [path, deps] of fresh.dependencies) dependencies.set(path, deps);
  };

  await needBodies(todo);
  // A page whose body is the same bytes as the cached page's is not rendered again (an API page after a d.ts edit elsewhere).
  const contentKeys = new Map(todo.flatMap((r) => { const body = bodies.get(r.path); return body ? [[r.path, contentKey(env, config, body, r, dataOf.of(r).dataFile.url, assetsOf(r))] as const] : []; }));
  reuse.takeByContent(contentKeys);
  const again = todo.filter((r) => !reused.has(r.path));
  // A page rendered again though its key is the same (a data module or an include it reads changed) is keyed
  // by its new body: its search rows must be built again.
  // Each body hashed once: the key of the whole index and the per-page parts both take it.
  const searchKeyOf = (r: RouteRecord): string | undefined => (renderedBodies.has(r.path) || !keys.has(r.path) ? sha256(JSON.stringify(bodies.get(r.path))) : keys.get(r.path));
  const searchKeys = new Map(searched.map((r) => [r.path, searchKeyOf(r)]));
  // Every index names each version's index: their labels and URLs are part of its text.
  const versionsKey = JSON.stringify(searchVersions(config) ?? null);
  const searchKey = sha256('search', env, apiKey, config.baseUrl, versionsKey, JSON.stringify(searched.map((r) => [r.path, r.kind, r.sidebar ?? null, searchKeys.get(r.path)])));
  const searchReused = cache.data.search?.key === searchKey;
  let searchText = searchReused ? cache.data.search!.text : undefined;
  const searchParts = { items: sha256('search-items', env, apiKey), pages: Object.fromEntries(searched.flatMap((r) => { const key = keys.has(r.path) ? searchKeys.get(r.path) : undefined; return key ? [[r.path, key]] : []; })) };
  if (searchText === undefined) {
    const notedPages = searched.filter((r) => r.model.type === 'api-item').map((r) => r.path);
    const reuse = searchReuse(cache.data.search, searchParts, notedPages);
    // With the notes' rows taken from the previous index, no API body is needed (nor their 2 MB cache loaded).
    await needBodies(reuse.notes ? searched.filter((r) => r.model.type !== 'api-item') : searched);
    searchText = new TextDecoder().decode(searchAsset(buildSearchIndex(api.model, searchPages(site.routes, bodies, noted), config.baseUrl, reuse, defaultScope(config))).contents);
  }
  // Each other docs version's index, by a key of its own (src/site/version-search.ts).
  const keyBase = [env, apiKey, config.baseUrl, versionsKey];
  const { texts: versionSearch, reused: versionSearchReused } = await versionSearchTexts({ config, versionApis: input.versionApis, routes: site.routes, noted, keyBase, pageKey: searchKeyOf, previous: cache.data.search?.versions, needBodies, bodies });
  const searchFiles = [
    { url: SEARCH_INDEX_URL, contents: new TextEncoder().encode(searchText) },
    ...input.versionApis.map((v) => ({ url: searchIndexUrl(v.name), contents: new TextEncoder().encode(versionSearch[v.name]!.text) })),
  ];

  // The publish stage's files, linked from the previous out/ when nothing they depend on changed; else
  // publish runs from the bodies it reads whole (page modules, docs with tables) and the cached titles
  // of the rest, and the API pages' twins are linked when the API, the config and the code did not change.
  const publishKeyOf = (deps: (path: string) => readonly (readonly [string, string])[] | undefined): string | undefined =>
    publishKey({ root: ctx.root, env, config, configFile: ctx.layout.configFile, contentDir: ctx.layout.contentDir, apiKey, statics: content.statics, routes: site.routes, bodyKeys: keys, deps });
  const docTwinKeyOf = (deps: (path: string) => readonly (readonly [string, string])[] | undefined) => (route: RouteRecord): string | undefined =>
    docTwinKey({ root: ctx.root, env, config, configFile: ctx.layout.configFile, contentDir: ctx.layout.contentDir, bodyKeys: keys, deps }, route);
  const published = reusablePublish(cache, publishKeyOf((path) => checkedDeps.get(path)));
  const apiTwins = apiTwinsKey(env, config, apiKey);
  let publishInput: Rendered['publishInput'];
  if (!published) {
    await needBodies(site.routes.filter(needsHtml));
    const publishBodies = new Map<string, PublishBody>(site.routes.map((r) => {
      const body = bodies.get(r.path) ?? cache.data.pages[r.path]!; // not rendered: its page is reused, so its entry is current
      return [r.path, needsHtml(r) ? body : { title: body.title, description: body.description }];
    }));
    const api = keptApiTwins(cache, apiTwins, site.routes);
    const docs = keptDocTwins(cache, docTwinKeyOf((path) => checkedDeps.get(path)), site.routes);
    publishInput = { bodies: publishBodies, kept: new Set([...api.kept, ...docs.kept]), linked: [...api.linked, ...docs.linked], keptText: docs.text };
  }

  const outputs: Rendered['outputs'] = new Map();
  let done = 0;
  for (const route of site.routes) {
    if (reused.has(route.path)) {
      outputs.set(route.path, { page: { path: route.path, source: route.source, html: '', body: '' }, files: [] });
      continue;
    }
    const out = renderer.renderSite([route], bodies, dataOf.of(route).data, assetsOf(route), { origin: config.url, image: config.image });
    outputs.set(route.path, { page: out.pages[0]!, files: out.files });
    ctx.reporter.progress?.('render', `${++done}/${again.length} pages`);
  }

  const save = async (index: LinkIndex, publish: PublishOutcome): Promise<void> => {
    // Nothing rendered, searched or published again: every record is the one loaded; only out/'s manifest is new.
    if (!todo.length && searchReused && versionSearchReused && published) {
      const written = new Map<string, string>();
      for (const record of [...site.routes.map((r) => cache.data.pages[r.path]!), cache.data.publish!]) {
        for (const [path, sha] of Object.entries(record.files)) written.set(path, sha);
      }
      return cache.save(undefined, written);
    }
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
      const { title, description } = bodies.get(route.path) ?? old!;
      // Reused by its page key: its body and so its content key are the recorded ones.
      const content = contentKeys.get(route.path) ?? (old?.key === key ? old?.content : undefined);
      if (key && links) pages[route.path] = { key, ...(content === undefined ? {} : { content }), files, ids: [...links.ids], hrefs: links.hrefs, loads: links.loads, title, ...(description === undefined ? {} : { description }) };
    }
    const cachedBodies: Record<string, CachedBody> = {};
    for (const route of site.routes) {
      const key = keys.get(route.path);
      if (route.model.type !== 'doc' && route.model.type !== 'api-readme') continue;
      const old = cache.data.bodies[route.path];
      const body = bodies.get(route.path);
      if (key && body && renderedBodies.has(route.path)) {
        // A file or a data module's import resolution (src/shared/module-inputs.ts); one gone since it was read is left out and caught by the next check.
        const deps = await Promise.all((dependencies.get(route.path) ?? []).map(async (f) => [rel(f), (await digestOf(f)) ?? ''] as [string, string]));
        // The page body's own fields only: a Markdown page's render result also lists the files it read, by
        // absolute path, and those are kept in `deps`, relative to the checkout (no cache holds a machine path).
        const { title, description, html, toc } = body;
        cachedBodies[route.path] = { key, body: { title, description, html, toc }, deps };
      } else if (key && old?.key === key) cachedBodies[route.path] = old;
    }
    let publishRecord = cache.data.publish;
    if (!published) {
      const key = publishKeyOf((path) => cachedBodies[path]?.deps);
      const files = Object.fromEntries([
        ...publish.files.map((f) => [f.path, sha256(f.contents)] as const),
        ...publish.linked.map((f) => [f.path, publishRecord!.files[f.path]!] as const), // kept API twins: linked from the previous record's files
      ]);
      const docTwinOf = docTwinKeyOf((path) => cachedBodies[path]?.deps);
      const docTwins = Object.fromEntries(site.routes.flatMap((r) => { const twin = docTwinOf(r); return twin ? [[r.path, twin] as const] : []; }));
      publishRecord = key === undefined ? undefined : { key, apiTwins, docTwins, files, notices: publish.notices };
    }
    for (const [path, sha] of Object.entries(publishRecord?.files ?? {})) written.set(path, sha);
    await cache.save({ pages, bodies: cachedBodies, search: { key: searchKey, text: searchText, ...searchParts, ...(input.versionApis.length ? { versions: versionSearch } : {}) }, ...(publishRecord ? { publish: publishRecord } : {}) }, written);
  };

  return {
    markdown: lazy.markdown(),
    apiCtx: lazy.apiCtx(),
    bodies,
    dependencies,
    outputs,
    assets: [...bundle.files, ...dataOf.files.map((f) => f.dataFile), ...searchFiles],
    dataUrls: dataUrlsOf(dataOf, site.routes),
    searchFiles,
    renderedPaths: new Set(again.map((r) => r.path)),
    linked,
    collected,
    published,
    publishInput,
    save,
  };
}

/** What the README page is made of: its text, and where its relative links point (package.json `repository`). */
function readmeKey(file: string, config: SiteConfig): string {
  const r = readPackageReadme(file, config.library.package, config.limits.maxPageBytes);
  const repository = packageRepositoryLink(dirname(file))?.('.') ?? 'no repository';
  return `${r.text ?? `unreadable: ${r.problem.message}`}\n${repository}`;
}
