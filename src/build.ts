// The build, top to bottom: config → (content ∥ api ∥ bundle) → routes →
// render → links → write. Each stage is timed; every stage returns
// diagnostics and the build stops at the first stage that has errors, before
// anything touches out/.
//
// One orchestrator serves `pkidocs build` and `pkidocs serve --watch`: a
// SiteBuilder keeps every stage's last result; build() runs all stages and
// update(files) re-runs only the stages, and the pages, those files touch.
import { dirname, join } from 'node:path';
import { loadApi, type LoadApiResult } from './api/index.ts';
import { bundleClient, hashedAsset, type Bundle, type BundleFile } from './bundle/bundle.ts';
import type { Reporter } from './cli/reporter.ts';
import { resolveLibrary, type LibraryInfo } from './config/library.ts';
import { loadConfig } from './config/load.ts';
import type { SiteConfig } from './config/schema.ts';
import { readDocs, type DocSource } from './content/docs.ts';
import { loadHighlighter, useHighlightCache } from './content/highlight.ts';
import type { RenderMarkdown } from './content/markdown.ts';
import { loadPageModules, type PageModule } from './content/page-modules.ts';
import { BuildFailure, hasErrors, type Diagnostic } from './diagnostics/diagnostic.ts';
import type { LinkReport } from './links/check.ts';

import { claimOutDir } from './output/claim.ts';
import type { OutLock } from './output/lock.ts';
import { hasMarker } from './output/out-dir.ts';
import { listStaticFiles, type StaticFile } from './output/copy-static.ts';
import { writeSite, type OutputFile } from './output/write.ts';
import { createApiRenderContext, type ApiRenderContext } from './render/api/index.ts';
import type { PageBody } from './render/body.ts';
import { renderSite, type RenderedPage } from './render/render-site.ts';
import { siteView } from './render/site-view.ts';
import { apiHrefs } from './routes/api.ts';
import { buildRoutes, type SiteRoutes } from './routes/build-routes.ts';
import type { RouteRecord } from './routes/types.ts';
import type { SiteData } from './shared/view.ts';
import { renderBodies } from './bodies.ts';
import { openApiBodyCache } from './cache/api-bodies.ts';
import { createDocMarkdown } from './content/doc-markdown.ts';
import { fullPlan, planChanges, staticDir, watchedPaths, type ChangePlan, type SiteLayout } from './dev/changes.ts';
import { routesNeedingBodies, updateDocs, withNewAssets, type RouteOutput } from './dev/incremental.ts';
import { LinkIndex, locateFresh } from './links/link-index.ts';
import { loadRenderer, reachesEverything, type Renderer } from './dev/renderer.ts';
import { stageIncremental } from './dev/write-changes.ts';

export interface BuildOptions {
  root: string;
  configFile?: string;
  outDir?: string;
  useCache?: boolean;
  reporter: Reporter;
}

export interface BuildStats {
  pages: number;
  links: number;
  bytes: number;
  ms: number;
}

export async function build(options: BuildOptions): Promise<BuildStats> {
  const builder = new SiteBuilder(options);
  try {
    const { pages, links, bytes, ms } = await builder.build();
    return { pages, links, bytes, ms };
  } finally {
    await builder.close();
  }
}

export interface SiteBuilderOptions extends BuildOptions {
  /** Watch mode: keep each page's links for incremental checks; after the first build, write only changed files. */
  incremental?: boolean;
}

export interface RunResult extends BuildStats {
  /** Route paths whose HTML changed. */
  changedPaths: string[];
  /** Script, styles, site data or static files changed: every page is affected. */
  assetsChanged: boolean;
  /** Stages that ran, with their times. */
  timings: { name: string; ms: number }[];
}

type Highlighter = Awaited<ReturnType<typeof loadHighlighter>>;
type Contents = OutputFile['contents'];

interface Content {
  docs: DocSource[];
  pageModules: PageModule[];
  highlighter: Highlighter;
  /** content/static, checked (no link out of the repository, no loop, regular files only). */
  statics: StaticFile[];
}

interface Rendered {
  markdown: RenderMarkdown;
  apiCtx: ApiRenderContext;
  bodies: Map<string, PageBody>;
  dependencies: Map<string, string[]>;
  /** Each route's page and files, in route order. */
  outputs: Map<string, RouteOutput>;
  assets: BundleFile[];
  dataUrl: string;
  /** Routes whose document was rendered by this run (others are reused, or only got new asset URLs). */
  renderedPaths: Set<string>;
}

interface SiteState {
  config: SiteConfig;
  library: LibraryInfo;
  content: Content;
  api: LoadApiResult;
  bundle: Bundle;
  site: SiteRoutes;
  rendered: Rendered;
  links?: LinkIndex;
  /** Everything written to out/ except static files, by path. */
  files: Map<string, Contents>;
}

/** The stages before render: what the render stage works from. */
type Inputs = Pick<SiteState, 'config' | 'library' | 'content' | 'api' | 'bundle' | 'site'>;
type Stage = ReturnType<typeof timer>;

const builtInRenderer: Renderer = { renderBodies, renderSite, reaches: reachesEverything };

export class SiteBuilder {
  readonly layout: SiteLayout;
  private readonly outDir: string;
  private state: SiteState | undefined;
  private renderer = builtInRenderer;
  /** Files changed since the last successful run (a failed run's files are retried with the next). */
  private readonly pending = new Set<string>();
  private runs = 0;
  /** The output folder, checked and locked by the first build until close(). */
  private claim: Promise<OutLock> | undefined;

  constructor(private readonly options: SiteBuilderOptions) {
    const configFile = options.configFile ?? join(options.root, 'content/site.config.ts');
    this.outDir = options.outDir ?? join(options.root, 'out');
    // Content lives beside the config, so a fixture site is just another config file and its folders.
    this.layout = { configFile, contentDir: dirname(configFile), clientDir: join(options.root, 'client'), templatesDir: join(options.root, 'templates') };
  }

  /** What a watcher should follow: content, client code, templates, the config and the type definitions. */
  get watchedPaths(): string[] {
    return watchedPaths({ ...this.layout, libraryEntry: this.state?.library.entry });
  }

  /**
   * Refuses an output folder pkidocs may not replace, takes its lock (held
   * until close()) and tidies what a crashed build left; once per builder.
   */
  claimOutput(): Promise<OutLock> {
    if (!this.claim) {
      const { root, reporter } = this.options;
      const claim = claimOutDir({ outDir: this.outDir, root, contentDir: this.layout.contentDir, reporter });
      this.claim = claim;
      claim.catch(() => {
        if (this.claim === claim) this.claim = undefined; // refused: the next build checks again
      });
    }
    return this.claim;
  }

  /** Releases the output folder's lock. */
  async close(): Promise<void> {
    const claim = this.claim;
    this.claim = undefined;
    await (await claim?.catch(() => undefined))?.release();
  }

  /** Runs every stage; out/ is replaced through a temporary folder. */
  async build(): Promise<RunResult> {
    await this.claimOutput();
    const templates = planChanges(this.pending, this.layout).templates;
    const result = await this.run({ ...fullPlan(), templates }, undefined);
    this.pending.clear();
    return result;
  }

  /** Re-runs what these changed files (absolute paths) affect and writes the files that changed. */
  async update(files: Iterable<string>): Promise<RunResult> {
    for (const file of files) this.pending.add(file);
    if (!this.state) return this.build();
    const result = await this.run(planChanges(this.pending, { ...this.layout, libraryEntry: this.state.library.entry }), this.state);
    this.pending.clear();
    return result;
  }

  private async run(plan: ChangePlan, prev: SiteState | undefined): Promise<RunResult> {
    const started = performance.now();
    const fresh = this.runs++ > 0;
    const timings: RunResult['timings'] = [];
    const stage = timer(this.options.reporter, timings, !prev);

    // Fresh render code (after a template edit) loads while the inputs are read.
    const [inputs, renderer] = await settleAll([
      this.inputs(plan, prev, stage, fresh),
      plan.templates.size && fresh ? stage('templates', () => loadRenderer(this.options.root, this.cacheDir)) : Promise.resolve(this.renderer),
    ] as const);
    const rendered = await stage('render', () => this.render(renderer, plan, prev, inputs), (r) => `${r.renderedPaths.size} pages`);
    const pages = [...rendered.outputs.values()].map((o) => o.page);
    const changed = pages.filter((p) => prev?.rendered.outputs.get(p.path)?.page.html !== p.html);
    // New asset URLs alone change no link or id: only rendered pages are checked again.
    const relinked = changed.filter((p) => rendered.renderedPaths.has(p.path));
    const files = new Map<string, Contents>();
    for (const output of rendered.outputs.values()) for (const f of output.files) files.set(f.path, f.contents);
    for (const a of rendered.assets) files.set(a.url.slice(1), a.contents);
    // After a first build, changed files go to temp files while links are checked; out/ changes only if they pass.
    // An out/ deleted (or emptied) since the last run gets the whole site again.
    const staged = prev && (await hasMarker(this.outDir))
      ? stageIncremental({ outDir: this.outDir, before: prev.files, after: files, staticDir: staticDir(this.layout), statics: plan.statics, staticFiles: inputs.content.statics })
      : undefined;
    const links = await stage('links', () => this.links(relinked, rendered, prev, inputs.config, inputs.content.statics), (r) => `${r.linksChecked} links on ${r.pagesChecked} pages`)
      .catch(async (e: unknown) => {
        await staged?.abort();
        throw e;
      });
    const written = await stage('write', () => staged?.commit() ?? writeSite(this.outDir, [...files].map(([path, contents]) => ({ path, contents })), inputs.content.statics),
      (w) => `${(w.bytes / 1e6).toFixed(1)} MB to ${this.outDir}`);

    this.state = { ...inputs, rendered, links: links.index, files };
    this.renderer = renderer;
    return {
      pages: rendered.renderedPaths.size,
      links: links.linksChecked,
      bytes: written.bytes,
      ms: performance.now() - started,
      changedPaths: changed.map((p) => p.path),
      assetsChanged: !prev || plan.statics.size > 0 || !sameUrls(rendered.assets, prev.rendered.assets),
      timings,
    };
  }

  /** config → (content ∥ api ∥ bundle) → routes, each re-run only when the plan touches it. */
  private async inputs(plan: ChangePlan, prev: SiteState | undefined, stage: Stage, fresh: boolean): Promise<Inputs> {
    const { config, library } = !prev || plan.config ? await stage('config', () => this.loadConfig(fresh)) : prev;
    const apiDirty = !prev || plan.api || library.entry !== prev.library.entry;
    const [content, api, bundle] = await settleAll([
      !prev || plan.docs.size || plan.pageModules || plan.statics.size
        ? stage('content', () => this.content(prev?.content, plan, fresh, config), (r) => `${r.docs.length} Markdown pages, ${r.pageModules.length} page modules`)
        : Promise.resolve(prev.content),
      apiDirty ? stage('api', () => this.api(library), (r) => `${r.model.items.length} exports${r.cacheHit ? ' (cached)' : ''}`) : Promise.resolve(prev.api),
      !prev || plan.bundle ? stage('bundle', () => bundleClient(this.options.root), (b) => b.files.map((f) => f.url).join(' ')) : Promise.resolve(prev.bundle),
    ] as const);
    if (prev && !plan.config && !apiDirty && content === prev.content) return { config, library, content, api, bundle, site: prev.site };
    const site = await stage('routes', async () => {
      const pageModules = content.pageModules.map((p) => ({ file: p.file, path: p.path }));
      const result = buildRoutes({ config, configFile: this.layout.configFile, docs: content.docs, pageModules, model: api.model, dts: library.entry, readme: library.readme });
      return result.site ?? fail(result.diagnostics);
    }, (s) => `${s.routes.length} routes`);
    return { config, library, content, api, bundle, site };
  }

  /** One line about a cache file that was bad and is being rebuilt. */
  private readonly notice = (line: string): void => this.options.reporter.info(line);

  private get cacheDir(): string {
    return join(this.options.root, '.pkidocs-cache');
  }

  private async loadConfig(fresh: boolean): Promise<{ config: SiteConfig; library: LibraryInfo }> {
    const loaded = await loadConfig(this.layout.configFile, { fresh });
    if (!loaded.config) return fail(loaded.diagnostics);
    const lib = await resolveLibrary(loaded.config, this.options.root, this.layout.configFile);
    if (!lib.library) return fail(lib.diagnostics);
    return { config: loaded.config, library: lib.library };
  }

  private async content(prev: Content | undefined, plan: ChangePlan, fresh: boolean, config: SiteConfig): Promise<Content> {
    const docsDir = join(this.layout.contentDir, 'docs');
    const readOptions = { root: this.options.root, maxPageBytes: config.limits.maxPageBytes };
    const pagesDir = join(this.layout.contentDir, 'pages');
    if (prev) {
      const docs = plan.docs.size ? await updateDocs(prev.docs, plan.docs, docsDir, readOptions) : { docs: prev.docs, diagnostics: [] };
      const pages = plan.pageModules ? await loadPageModules(pagesDir, { fresh: true }) : { modules: prev.pageModules, diagnostics: [] };
      const statics = plan.statics.size ? listStaticFiles(staticDir(this.layout), this.options.root) : { files: prev.statics, diagnostics: [] };
      failOn([...docs.diagnostics, ...pages.diagnostics, ...statics.diagnostics]);
      return { docs: docs.docs, pageModules: pages.modules, highlighter: prev.highlighter, statics: statics.files };
    }
    // --no-cache reads no cache but writes every one afresh, which also repairs a bad one.
    useHighlightCache(join(this.cacheDir, 'highlight.jsonl'), { read: this.options.useCache !== false, onNotice: this.notice });
    const [docs, pages, highlighter] = await Promise.all([readDocs(docsDir, readOptions), loadPageModules(pagesDir, { fresh }), loadHighlighter()]);
    const statics = listStaticFiles(staticDir(this.layout), this.options.root);
    failOn([...docs.diagnostics, ...pages.diagnostics, ...statics.diagnostics]);
    return { docs: docs.docs, pageModules: pages.modules, highlighter, statics: statics.files };
  }

  private async api(library: LibraryInfo): Promise<LoadApiResult> {
    const result = await loadApi({ entry: library.entry, cacheDir: this.cacheDir, useCache: this.options.useCache ?? true, onNotice: this.notice });
    failOn(result.diagnostics);
    return result;
  }

  /** Bodies of the routes the plan touches, then documents: all of them when shared data or assets changed. */
  private async render(
    renderer: Renderer,
    plan: ChangePlan,
    prev: SiteState | undefined,
    input: Inputs,
  ): Promise<Rendered> {
    const { config, content, api, bundle, site } = input;
    const reuse = prev && prev.api === api ? prev.rendered : undefined;
    const markdown = reuse?.markdown ?? createDocMarkdown(content.highlighter, apiHrefs(api.model));
    const apiCtx = reuse?.apiCtx ?? createApiRenderContext(api.model, markdown);
    const routeOfFile = new Map(site.routes.flatMap((r) => (r.model.type === 'doc' ? [[r.model.doc.file, r.path] as const] : [])));
    const templates = plan.templates.size ? renderer.reaches(plan.templates) : { bodies: false, documents: false };
    const todo = routesNeedingBodies(site.routes, content.docs, plan, prev && { routes: prev.site.routes, docs: prev.content.docs, dependencies: prev.rendered.dependencies }, templates.bodies);
    // A full CLI build reuses the API bodies of an unchanged model and unchanged code.
    const bodyCache = prev || this.options.incremental ? undefined : await openApiBodyCache(this.cacheDir, api.key, { read: this.options.useCache !== false, onNotice: this.notice });
    const cachedApi = (r: RouteRecord) => isApiBody(r) && bodyCache?.bodies.has(r.path);
    const fresh = await renderer.renderBodies(todo.filter((r) => !cachedApi(r)), {
      config,
      docs: content.docs,
      pageModules: content.pageModules,
      docCtx: { markdown, routeOfFile: (f) => routeOfFile.get(f), siteOrigin: config.url, contentDir: this.layout.contentDir, maxPageBytes: config.limits.maxPageBytes },
      apiCtx,
    });
    failOn(fresh.diagnostics);
    for (const [path, body] of bodyCache?.bodies ?? []) if (!fresh.bodies.has(path)) fresh.bodies.set(path, body);
    if (bodyCache && !bodyCache.bodies.size) await bodyCache.save(new Map(site.routes.filter(isApiBody).map((r) => [r.path, fresh.bodies.get(r.path)!])));
    const bodies = new Map<string, PageBody>();
    const dependencies = new Map<string, string[]>();
    for (const { path } of site.routes) {
      bodies.set(path, fresh.bodies.get(path) ?? prev!.rendered.bodies.get(path)!);
      dependencies.set(path, fresh.dependencies.get(path) ?? prev?.rendered.dependencies.get(path) ?? []);
    }
    const data: SiteData = { site: siteView(config, site.sidebarHome), sidebars: site.sidebars };
    const dataFile = hashedAsset('data', JSON.stringify(data));
    // New shared data (sidebars, site view) or layout code: every document is rendered again.
    const everyPage = !prev || templates.documents || dataFile.url !== prev.rendered.dataUrl;
    const again = new Set(everyPage ? site.routes : todo);
    const swaps = prev ? ([[prev.bundle.script, bundle.script], [prev.bundle.style, bundle.style]] as const).filter(([a, b]) => a !== b) : [];
    const outputs: Rendered['outputs'] = new Map();
    for (const route of site.routes) {
      if (again.has(route)) {
        const out = renderer.renderSite([route], bodies, data, { ...bundle, data: dataFile.url });
        outputs.set(route.path, { page: out.pages[0]!, files: out.files });
      } else {
        const old = prev!.rendered.outputs.get(route.path)!;
        outputs.set(route.path, swaps.length ? withNewAssets(old, swaps) : old);
      }
    }
    const renderedPaths = new Set([...again].map((r) => r.path));
    return { markdown, apiCtx, bodies, dependencies, outputs, assets: [...bundle.files, dataFile], dataUrl: dataFile.url, renderedPaths };
  }

  /**
   * Checks the pages rendered by this run through the link index: on a full
   * build, every page; in watch mode, the index of the last run re-checks only
   * what the changed pages can affect.
   */
  private async links(changed: RenderedPage[], rendered: Rendered, prev: SiteState | undefined, config: SiteConfig, statics: readonly StaticFile[]): Promise<LinkReport & { index: LinkIndex }> {
    // Static files as the content stage listed them (a link inside the repository counts as its file).
    const staticFiles = new Set([...rendered.assets.map((a) => a.url), ...statics.map((f) => `/${f.path}`), '/404.html']);
    const removed = prev ? [...prev.rendered.outputs.keys()].filter((p) => !rendered.outputs.has(p)) : [];
    const withBodies = changed.map((p) => ({ ...p, body: rendered.bodies.get(p.path)?.html }));
    const index = await (prev?.links ?? LinkIndex.empty(locateFresh)).update(withBodies, removed, staticFiles);
    const report = { diagnostics: index.diagnostics, linksChecked: index.checked.links, pagesChecked: index.checked.pages, index };
    if (report.diagnostics.length && config.onBrokenLinks === 'throw') fail(report.diagnostics);
    report.diagnostics.forEach((d) => this.options.reporter.diagnostic({ ...d, severity: 'warning' }));
    return report;
  }
}

/** Routes whose body comes from the API renderer alone (and so can be cached by the API model). */
const isApiBody = (r: RouteRecord): boolean => r.model.type === 'api-item' || r.model.type === 'api-globals';

function sameUrls(a: readonly BundleFile[], b: readonly BundleFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.url === b[i]!.url);
}

/**
 * Like Promise.all, but waits for every parallel stage to finish before
 * failing, so their output is not printed after the failure report.
 */
async function settleAll<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function fail(diagnostics: Diagnostic[]): never {
  throw new BuildFailure(diagnostics);
}

function failOn(diagnostics: Diagnostic[]): void {
  if (hasErrors(diagnostics)) fail(diagnostics.filter((d) => d.severity === 'error'));
}

/**
 * Runs a stage and records its time. Full builds print each stage with a
 * summary and mark failures; incremental runs only record (the dev server
 * prints one line per rebuild).
 */
function timer(reporter: Reporter, timings: RunResult['timings'], print: boolean) {
  return async <T>(name: string, fn: () => Promise<T>, summary?: (r: T) => string): Promise<T> => {
    const t = performance.now();
    try {
      const result = await fn();
      timings.push({ name, ms: performance.now() - t });
      if (print) reporter.stage(name, performance.now() - t, summary?.(result));
      return result;
    } catch (e) {
      if (print) reporter.stage(name, performance.now() - t, undefined, false);
      throw e;
    }
  };
}
