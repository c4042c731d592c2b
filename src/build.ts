// The build, top to bottom: config → (content ∥ api ∥ bundle) → routes →
// render → links → write. Each stage is timed; every stage returns
// diagnostics and the build stops at the first stage that has errors, before
// anything touches out/.
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { loadApi } from './api/index.ts';
import { bundleClient, hashedAsset } from './bundle/bundle.ts';
import type { Reporter } from './cli/reporter.ts';
import { resolveLibrary } from './config/library.ts';
import { loadConfig } from './config/load.ts';
import { readDocs } from './content/docs.ts';
import { loadHighlighter, useHighlightCache } from './content/highlight.ts';
import { loadPageModules } from './content/page-modules.ts';
import { BuildFailure, hasErrors, type Diagnostic } from './diagnostics/diagnostic.ts';
import { checkLinks } from './links/check.ts';
import { locateInSource } from './links/locate.ts';
import { writeSite } from './output/write.ts';
import { createApiRenderContext } from './render/api/index.ts';
import { renderSite } from './render/render-site.ts';
import { siteView } from './render/site-view.ts';
import { apiPageHrefs } from './routes/api.ts';
import { buildRoutes } from './routes/build-routes.ts';
import type { SiteData } from './shared/view.ts';
import { renderBodies } from './bodies.ts';
import { createDocMarkdown } from './content/doc-markdown.ts';

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
  const started = performance.now();
  const { root, reporter } = options;
  const configFile = options.configFile ?? join(root, 'content/site.config.ts');
  const outDir = options.outDir ?? join(root, 'out');
  // Content lives beside the config, so a fixture site is just another config file and its folders.
  const contentDir = dirname(configFile);
  const stage = timer(reporter);

  const { config, library } = await stage('config', async () => {
    const loaded = await loadConfig(configFile);
    if (!loaded.config) return fail(loaded.diagnostics);
    const lib = await resolveLibrary(loaded.config, root, configFile);
    if (!lib.library) return fail(lib.diagnostics);
    return { config: loaded.config, library: lib.library };
  });

  const [content, api, bundle] = await settleAll([
    stage('content', async () => {
      const [docs, pages, highlighter] = await Promise.all([
        readDocs(join(contentDir, 'docs')),
        loadPageModules(join(contentDir, 'pages')),
        loadHighlighter(),
        useHighlightCache(options.useCache === false ? undefined : join(root, '.pkidocs-cache/highlight.jsonl')),
      ]);
      failOn([...docs.diagnostics, ...pages.diagnostics]);
      return { docs: docs.docs, pageModules: pages.modules, highlighter };
    }, (r) => `${r.docs.length} Markdown pages, ${r.pageModules.length} page modules`),
    stage('api', async () => {
      const result = await loadApi({ entry: library.entry, cacheDir: join(root, '.pkidocs-cache'), useCache: options.useCache ?? true });
      failOn(result.diagnostics);
      return result;
    }, (r) => `${r.model.items.length} exports${r.cacheHit ? ' (cached)' : ''}`),
    stage('bundle', () => bundleClient(root), (b) => b.files.map((f) => f.url).join(' ')),
  ]);

  const site = await stage('routes', async () => {
    const pageModules = content.pageModules.map((p) => ({ file: p.file, path: p.path }));
    const result = buildRoutes({ config, configFile, docs: content.docs, pageModules, model: api.model, dts: library.entry, readme: library.readme });
    return result.site ?? fail(result.diagnostics);
  }, (s) => `${s.routes.length} routes`);

  const rendered = await stage('render', async () => {
    const routeOfFile = new Map(site.routes.flatMap((r) => (r.model.type === 'doc' ? [[r.model.doc.file, r.path] as const] : [])));
    const apiHrefs = apiPageHrefs(api.model);
    const markdown = createDocMarkdown(content.highlighter, apiHrefs);
    const bodies = await renderBodies(site.routes, {
      config,
      docs: content.docs,
      pageModules: content.pageModules,
      docCtx: { markdown, routeOfFile: (f) => routeOfFile.get(f), siteOrigin: config.url },
      apiCtx: createApiRenderContext(api.model, markdown),
    });
    failOn(bodies.diagnostics);
    const data: SiteData = { site: siteView(config, site.sidebarHome), sidebars: site.sidebars };
    const dataFile = hashedAsset('data', JSON.stringify(data));
    const out = renderSite(site.routes, bodies.bodies, data, { ...bundle, data: dataFile.url });
    return { ...out, assets: [...bundle.files, dataFile] };
  }, (r) => `${r.pages.length} pages`);

  const links = await stage('links', async () => {
    const staticFiles = new Set([...rendered.assets.map((a) => a.url), ...(await listStatic(join(contentDir, 'static'))), '/404.html']);
    const report = checkLinks(rendered.pages, staticFiles, locateInSource);
    if (report.diagnostics.length && config.onBrokenLinks === 'throw') fail(report.diagnostics);
    report.diagnostics.forEach((d) => reporter.diagnostic({ ...d, severity: 'warning' }));
    return report;
  }, (r) => `${r.linksChecked} links on ${r.pagesChecked} pages`);

  const written = await stage('write', () =>
    writeSite(outDir, [...rendered.files, ...rendered.assets.map((a) => ({ path: a.url.slice(1), contents: a.contents }))], join(contentDir, 'static')),
  (w) => `${(w.bytes / 1e6).toFixed(1)} MB to ${outDir}`);

  return { pages: rendered.pages.length, links: links.linksChecked, bytes: written.bytes, ms: performance.now() - started };
}

/** URL paths of the files under content/static, which are copied to out/ as they are. */
async function listStatic(dir: string): Promise<string[]> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return files.filter((f) => f.isFile()).map((f) => `/${relative(dir, join(f.parentPath, f.name)).split(sep).join('/')}`);
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

/** Runs a stage, prints its name, time and a summary, and marks failures. */
function timer(reporter: Reporter) {
  return async <T>(name: string, fn: () => Promise<T>, summary?: (r: T) => string): Promise<T> => {
    const t = performance.now();
    try {
      const result = await fn();
      reporter.stage(name, performance.now() - t, summary?.(result));
      return result;
    } catch (e) {
      reporter.stage(name, performance.now() - t, undefined, false);
      throw e;
    }
  };
}
