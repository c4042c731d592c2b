// The stages before render: config → (content ∥ api ∥ bundle) → routes, each
// re-run only when the change plan touches it.
import { join } from 'node:path';
import { loadApi, type LoadApiResult } from '../api/index.ts';
import { bundleClient } from '../bundle/bundle.ts';
import { resolveLibrary, type LibraryInfo } from '../config/library.ts';
import { loadConfig } from '../config/load.ts';
import { versionDocsPath } from '../config/versions.ts';
import type { SiteConfig } from '../config/schema.ts';
import { readApiNotes } from '../content/api-notes.ts';
import { readDocs, type DocSource } from '../content/docs.ts';
import { versionedDocs } from '../content/versioned-docs.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { loadHighlighter, useHighlightCache } from '../content/highlight.ts';
import { loadPageModules } from '../content/page-modules.ts';
import { listStaticFiles } from '../output/copy-static.ts';
import { apiBaseOf } from '../routes/api-urls.ts';
import { buildRoutes } from '../routes/build-routes.ts';
import { apiNotesDir, convertsAgain, docsDir, pagesDir, staticDir, type ChangePlan } from './changes.ts';
import { siteMarks, versionSitePath } from './body-input.ts';
import { cachedBundle } from './bundle-cache.ts';
import { preTokenizeDocs } from './pre-tokenize.ts';
import { updateDocs } from './incremental.ts';
import { plural } from '../shared/plural.ts';
import { fail, failOn, settleAll, type Stage } from './stage.ts';
import type { Content, Inputs, SiteState, StageContext, VersionApi } from './types.ts';

export async function readInputs(ctx: StageContext, plan: ChangePlan, prev: SiteState | undefined, stage: Stage): Promise<Inputs> {
  const { config, library } = !prev || plan.config
    ? await stage('config', () => loadSiteConfig(ctx))
    : plan.library ? { config: prev.config, library: await stage('config', () => checkedLibrary(ctx, prev.config)) } : prev;
  // Each version's conversion runs again only when a file it read changed (or its release did).
  const apiDirty = !prev || convertsAgain(plan, library.entry) || library.entry !== prev.library.entry;
  // A config edit may change what a version shares, or its release.
  const contentRead = !prev || plan.config || plan.docs.size || plan.relist || plan.pageModules || plan.statics.size || plan.apiNotes.size
    ? stage('content', () => readContent(ctx, prev?.content, plan, config), (r) => `${plural(r.docs.length, 'Markdown page')}, ${plural(r.pageModules.length, 'page module')}`)
    : Promise.resolve(prev.content);
  const bundled = !prev || plan.bundle
    ? stage('bundle', () => (prev ? (ctx.bundler?.bundle(plan.client) ?? bundleClient(ctx.root)) : cachedBundle(ctx.root, ctx.cacheDir, { read: ctx.useCache, onNotice: ctx.notice })), (b) => b.files.map((f) => f.url).join(' '))
    : Promise.resolve(prev.bundle);
  let converted = false;
  // While TypeDoc converts, this process runs the grammar over the pages' code (src/site/pre-tokenize.ts).
  const onConvert = (): void => {
    ctx.reporter.progress?.('api', 'no cached model: TypeDoc converts the declarations');
    void preTokenizeDocs(bundled.then(() => contentRead), config, ctx.layout.contentDir, () => converted);
  };
  const apiLoad = apiDirty
    ? stage('api', () => loadApiModel(ctx, library, onConvert), (r) => `${library.version}: ${plural(r.model.items.length, 'export')}${r.cacheHit ? ' (cached)' : ''}`).finally(() => (converted = true))
    : Promise.resolve(prev.api);
  // Every other docs version's model, each keyed and cached per declaration file as the default one is.
  const kept = prev && keptVersionApis(config, library, plan, prev.versionApis);
  const versionsLoad = !kept
    ? stage('api-versions', () => loadVersionApis(ctx, config, library, prev?.versionApis ?? [], plan), (r) => r.map((v) => `${v.name}: ${plural(v.api.model.items.length, 'export')}${v.api.cacheHit ? ' (cached)' : ''}`).join(', ') || 'none')
    : Promise.resolve(kept);
  const [content, api, bundle, versionApis] = await settleAll([contentRead, apiLoad, bundled, versionsLoad] as const);
  if (prev && !plan.config && !apiDirty && versionApis === prev.versionApis && content === prev.content) return { config, library, content, api, versionApis, bundle, site: prev.site };
  const site = await stage('routes', async () => {
    const pageModules = content.pageModules.map((p) => ({ file: p.file, path: p.path }));
    const versions = versionApis.map((v) => ({ name: v.name, docsPath: v.docsPath, segment: config.docs.versions.find((c) => c.name === v.name)!.path, model: v.api.model, dts: v.library.entry, readme: v.library.readme }));
    const result = buildRoutes({ config, configFile: ctx.layout.configFile, docs: content.docs, pageModules, model: api.model, dts: library.entry, readme: library.readme, versions });
    return result.site ?? fail(result.diagnostics);
  }, (s) => plural(s.routes.length, 'route'));
  return { config, library, content, api, versionApis, bundle, site };
}

/** A version's model from the last run, when its release is the same and no file its conversion read changed. */
function reusable(plan: ChangePlan, prev: readonly VersionApi[], name: string, release: LibraryInfo): VersionApi | undefined {
  const old = prev.find((p) => p.name === name);
  const same = old && (['dir', 'version', 'entry', 'readme'] as const).every((k) => old.library[k] === release[k]);
  return old && same && !convertsAgain(plan, release.entry) ? old : undefined;
}

/** The last run's list of other versions, the same array, when none of them is converted again and the config lists the same. */
function keptVersionApis(config: SiteConfig, library: LibraryInfo, plan: ChangePlan, prev: VersionApi[]): VersionApi[] | undefined {
  const listed = config.docs.versions.filter((v) => v.path && library.releases.has(v.name));
  const same = listed.length === prev.length && listed.every((v, i) => {
    const old = reusable(plan, prev, v.name, library.releases.get(v.name)!);
    return old !== undefined && old === prev[i] && old.docsPath === versionDocsPath(config, v);
  });
  return same ? prev : undefined;
}

async function loadVersionApis(ctx: StageContext, config: SiteConfig, library: LibraryInfo, prev: readonly VersionApi[], plan: ChangePlan): Promise<VersionApi[]> {
  const out: VersionApi[] = [];
  for (const v of config.docs.versions) {
    const release = v.path ? library.releases.get(v.name) : undefined;
    if (!release) continue;
    const docsPath = versionDocsPath(config, v);
    const old = reusable(plan, prev, v.name, release);
    out.push(old?.docsPath === docsPath ? old : { name: v.name, docsPath, library: release, api: old?.api ?? await loadApiModel(ctx, release, () => {}) });
  }
  return out;
}

async function loadSiteConfig(ctx: StageContext): Promise<{ config: SiteConfig; library: LibraryInfo }> {
  const loaded = await loadConfig(ctx.layout.configFile, ctx.cacheDir);
  if (!loaded.config) return fail(loaded.diagnostics);
  return { config: loaded.config, library: await checkedLibrary(ctx, loaded.config) };
}

/** The installed library and releases, each the version the config names (else the build fails). */
async function checkedLibrary(ctx: StageContext, config: SiteConfig): Promise<LibraryInfo> {
  const lib = await resolveLibrary(config, ctx.root, ctx.layout.configFile);
  return lib.library ?? fail(lib.diagnostics);
}

async function readContent(ctx: StageContext, prev: Content | undefined, plan: ChangePlan, config: SiteConfig): Promise<Content> {
  const readOptions = { root: ctx.root, maxPageBytes: config.limits.maxPageBytes };
  const statics = staticDir(ctx.layout);
  if (prev) {
    // Listed again by the build's walk (src/content/walk.ts), whatever path the watcher named.
    const read = plan.docs.size || plan.relist ? await updateDocs(prev.files, plan.docs, docsDir(ctx.layout), readOptions) : { docs: prev.files, diagnostics: [] };
    const docs = read.docs === prev.files && !plan.config ? { docs: prev.docs, diagnostics: read.diagnostics } : withVersions(config, read, ctx);
    const pages = plan.pageModules ? await loadPageModules(pagesDir(ctx.layout), ctx.cacheDir) : { modules: prev.pageModules, diagnostics: [] };
    const files = plan.statics.size ? listStaticFiles(statics, ctx.root, config.limits.maxPageBytes, config.static.hostRuleFiles) : { files: prev.statics, diagnostics: [] };
    // A dozen small files: all of them are read again when one changes.
    const notes = plan.apiNotes.size || plan.relist ? await readApiNotes(apiNotesDir(ctx.layout), readOptions) : { notes: prev.apiNotes, diagnostics: [] };
    failOn([...docs.diagnostics, ...pages.diagnostics, ...files.diagnostics, ...notes.diagnostics]);
    // An included file or a folder that changed no listing: the content is the same, and routes are not made again.
    const apiNotes = sameNotes(notes.notes, prev.apiNotes) ? prev.apiNotes : notes.notes;
    if (docs.docs === prev.docs && apiNotes === prev.apiNotes && !plan.pageModules && !plan.statics.size) return prev;
    return { docs: docs.docs, files: read.docs, pageModules: pages.modules, highlighter: prev.highlighter, statics: files.files, apiNotes };
  }
  // --no-cache reads no cache but writes every one afresh, which also repairs a bad one.
  useHighlightCache(join(ctx.cacheDir, 'highlight.jsonl'), { read: ctx.useCache, onNotice: ctx.notice, cacheDir: ctx.cacheDir });
  // Started now where rendering is certain (watch mode, --no-cache); a build with the page cache loads it only if a page needs it.
  if (ctx.incremental || !ctx.useCache) void loadHighlighter().catch(() => {});
  const [docs, pages, notes] = await Promise.all([
    readDocs(docsDir(ctx.layout), readOptions),
    loadPageModules(pagesDir(ctx.layout), ctx.cacheDir),
    readApiNotes(apiNotesDir(ctx.layout), readOptions),
  ]);
  const files = listStaticFiles(statics, ctx.root, config.limits.maxPageBytes, config.static.hostRuleFiles);
  const versioned = withVersions(config, docs, ctx);
  failOn([...versioned.diagnostics, ...pages.diagnostics, ...files.diagnostics, ...notes.diagnostics]);
  return { docs: versioned.docs, files: docs.docs, pageModules: pages.modules, highlighter: loadHighlighter, statics: files.files, apiNotes: notes.notes };
}

/** The pages of every docs version from the files read, with the read's own problems first. */
function withVersions(config: SiteConfig, read: { docs: DocSource[]; diagnostics: Diagnostic[] }, ctx: StageContext): { docs: DocSource[]; diagnostics: Diagnostic[] } {
  const versioned = versionedDocs(config, read.docs, ctx.layout.configFile);
  // Its only diagnostics are warnings (a share that names no page): printed, never swallowed.
  failOn(versioned.diagnostics, ctx.reporter);
  return { docs: versioned.docs, diagnostics: read.diagnostics };
}

async function loadApiModel(ctx: StageContext, library: LibraryInfo, onConvert: () => void): Promise<LoadApiResult> {
  const result = await loadApi({ entry: library.entry, packageDir: library.dir, cacheDir: ctx.cacheDir, useCache: ctx.useCache, onNotice: ctx.notice, onConvert });
  // With the reporter: TypeDoc's warnings and the converter's (an export left out) are printed, not swallowed.
  failOn(result.diagnostics, ctx.reporter);
  return result;
}

function sameNotes(a: Content['apiNotes'], b: Content['apiNotes']): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Each older version's model, API base and site paths (as its pages link), and every version's marks, as publish writes its twins and llms files. */
export function publishedVersions(input: Inputs) {
  return { versions: new Map(input.versionApis.map((v) => [v.name, { model: v.api.model, base: apiBaseOf(v.docsPath), sitePath: versionSitePath(input, v) }])), marks: siteMarks(input) };
}
