// The one orchestrator of `pkidocs build` and `pkidocs serve --watch`: a
// SiteBuilder keeps every stage's last result; build() runs all stages and
// update(files) re-runs only the stages, and the pages, those files touch.
// A run reads top to bottom as the pipeline: config → (content ∥ api ∥
// bundle) → routes → render → links → write, each stage timed; the first
// stage with errors stops the run before anything touches out/.
import { dirname, join } from 'node:path';
import { ClientBundler, type BundleFile } from '../bundle/bundle.ts';
import { apiNotesMarkdown } from '../content/api-notes.ts';
import { error } from '../diagnostics/diagnostic.ts';
import type { FollowedLink } from '../content/walk.ts';
import { claimOutDir } from '../output/claim.ts';
import type { OutLock } from '../output/lock.ts';
import { manifestSettled } from '../output/manifest-update.ts';
import { hasMarker } from '../output/out-dir.ts';
import { pausePoint, pausesAt } from '../output/test-pause.ts';
import { stageSite, type StagedSite } from '../output/write.ts';
import { publishSite, type TwinMemo } from '../publish/publish.ts';
import { renderSite } from '../render/render-site.ts';
import { renderBodies } from '../pages/bodies.ts';
import { OutsideCacheError } from '../shared/cache-io.ts';
import { checkCacheFolder } from '../shared/cache-folder.ts';
import { Kept } from '../shared/kept.ts';
import { fullPlan, planChanges, staticDir, watchedPaths, type ChangePlan, type SiteLayout } from './changes.ts';
import { publishedVersions, readInputs } from './inputs.ts';
import { followedLinks, libraryLayout } from './watch-links.ts';
import { recordBuiltSite } from './built-here.ts';
import { linkStage } from './links-stage.ts';
import { renderPages } from './render-stage.ts';
import { reachesEverything, RendererLoader, type Renderer } from './renderer.ts';
import { failOn, settleAll, timer } from './stage.ts';
import { plural } from '../shared/plural.ts';
import type { Contents, PublishOutcome, RunResult, SiteBuilderOptions, SiteState, StageContext } from './types.ts';
import { stageIncremental } from './write-changes.ts';
import { renderedLine, tally, writeCounts, writtenLine } from './write-tally.ts';

const builtInRenderer: Renderer = { renderBodies, renderSite, reaches: reachesEverything };

export class SiteBuilder {
  readonly layout: SiteLayout;
  private readonly outDir: string;
  private readonly ctx: StageContext;
  private state: SiteState | undefined;
  private renderer = builtInRenderer;
  /** Files changed since the last successful run (a failed run's files are retried with the next). */
  private readonly pending = new Set<string>();
  private runs = 0;
  /** Watch mode: the Markdown twins of the last run, so that a run re-makes only those of changed routes. */
  private readonly twins: TwinMemo = new Map();
  /** The output folder, checked and locked by the first build until close(). */
  private readonly claim: Kept<OutLock>;
  /** Watch mode: the render code, bundled again after each template edit. */
  private readonly renderCode: RendererLoader;
  /** A run's writing failed: the next one writes the whole site (not only the files that changed). */
  private writeWhole = false;
  /** The last run wrote out/ whole or in part: close() records its manifest as this checkout's (built-here.ts). */
  private wroteSite = false;

  constructor(private readonly options: SiteBuilderOptions) {
    const configFile = options.configFile ?? join(options.root, 'content/site.config.ts');
    this.outDir = options.outDir ?? join(options.root, 'out');
    // Content lives beside the config, so a fixture site is just another config file and its folders.
    this.layout = { configFile, contentDir: dirname(configFile), clientDir: join(options.root, 'client'), templatesDir: join(options.root, 'templates') };
    this.ctx = {
      root: options.root,
      layout: this.layout,
      cacheDir: join(options.root, '.pkidocs-cache'),
      useCache: options.useCache !== false,
      incremental: options.incremental ?? false,
      outDir: this.outDir,
      reporter: options.reporter,
      notice: (line) => options.reporter.info(line),
      bundler: options.incremental ? new ClientBundler(options.root) : undefined,
      bodyMemo: options.incremental ? new WeakMap() : undefined,
    };
    this.renderCode = new RendererLoader(options.root, this.ctx.cacheDir);
    this.claim = new Kept(() => claimOutDir({ outDir: this.outDir, root: options.root, contentDir: this.layout.contentDir, onInfo: (line) => options.reporter.info(line) }));
  }

  /** What a watcher should follow: content, client code, templates, the config and the type definitions. */
  get watchedPaths(): string[] {
    return watchedPaths(libraryLayout(this.layout, this.state, this.ctx.cacheDir));
  }

  /** The links under content/ that a build follows (their targets are watched too); read now, by the build's walk. */
  followedLinks(): FollowedLink[] {
    return followedLinks(this.layout, this.options.root);
  }

  /**
   * Refuses an output folder pkidocs may not replace, takes its lock (held
   * until close()) and tidies what a crashed build left; once per builder
   * (a refused claim is checked again by the next build).
   */
  claimOutput(): Promise<OutLock> {
    return this.claim.get();
  }

  /** Releases the output folder's lock and stops esbuild's kept builds. */
  async close(): Promise<void> {
    await manifestSettled(this.outDir); // written while the lock is held
    if (this.wroteSite) await recordBuiltSite(this.ctx.cacheDir, this.outDir, (message) => this.ctx.notice(message));
    await Promise.all([(await this.claim.take())?.release(), this.ctx.bundler?.dispose(), this.renderCode.dispose()]);
  }

  /** Runs every stage; out/ is replaced through a temporary folder. */
  async build(): Promise<RunResult> {
    await this.claimOutput();
    const templates = planChanges(this.pending, this.layout).templates;
    const result = await this.run({ ...fullPlan(), templates }, undefined);
    this.pending.clear();
    return result;
  }

  /**
   * Re-runs what these changed files (absolute paths) affect and writes the files that changed.
   * With `keep` (a run started before the files were known to be final), nothing is written
   * until it settles: to false, the run drops what it made and throws `Dropped`.
   */
  async update(files: Iterable<string>, keep?: Promise<boolean>): Promise<RunResult> {
    for (const file of files) this.pending.add(file);
    const plan = this.state && planChanges(this.pending, libraryLayout(this.layout, this.state, this.ctx.cacheDir));
    // Nothing to build on, or the content folder itself was replaced: everything is read again.
    if (!plan || plan.full) return this.build();
    const result = await this.run(plan, this.state, keep);
    this.pending.clear();
    return result;
  }

  private async run(plan: ChangePlan, prev: SiteState | undefined, keep?: Promise<boolean>): Promise<RunResult> {
    const started = performance.now();
    // Per run, not per process: the cache folder can be swapped for a link while watch mode runs.
    const refused = checkCacheFolder(this.options.root, this.outDir);
    if (refused) failOn([error('config', 'cache/not-pkidocs-folder', refused.message, { hint: refused.hint })]);
    const fresh = this.runs++ > 0;
    const timings: RunResult['timings'] = [];
    const stage = timer(this.options.reporter, timings, !prev);

    // Fresh render code (after a template edit) loads while the inputs are read.
    const [inputs, renderer] = await settleAll([
      readInputs(this.ctx, plan, prev, stage),
      plan.templates.size && fresh ? stage('templates', () => this.renderCode.load()) : Promise.resolve(this.renderer),
    ] as const);
    const rendered = await stage('render', () => renderPages(this.ctx, renderer, plan, prev, inputs), (r) => renderedLine(r.renderedPaths.size, inputs.site.routes.length));
    const pages = [...rendered.outputs.values()].map((o) => o.page);
    const changed = pages.filter((p) => prev?.rendered.outputs.get(p.path)?.page.html !== p.html);
    const files = new Map<string, Contents>();
    for (const output of rendered.outputs.values()) for (const f of output.files) files.set(f.path, f.contents);
    for (const a of rendered.assets) files.set(a.url.slice(1), a.contents);
    // A file of content/static wins over a generated one of the same name (an author's own robots.txt).
    const statics = new Set(inputs.content.statics.map((s) => s.path));
    const generated = <F extends { path: string }>(list: readonly F[]): F[] => list.filter((f) => !statics.has(f.path));
    const published = await stage('publish', async (): Promise<PublishOutcome> => {
      if (rendered.published) return { files: [], linked: generated(rendered.published.linked), notices: rendered.published.notices };
      const { config, site, api, content } = inputs;
      // An API page's Markdown twin carries its site notes, as the page does.
      const notes = new Map(content.apiNotes.map((n) => [n.item, apiNotesMarkdown(n)]));
      const reuse = rendered.publishInput;
      const out = publishSite({ config, configFile: this.layout.configFile, routes: site.routes, ...publishedVersions(inputs), bodies: reuse?.bodies ?? rendered.bodies, model: api.model, contentDir: this.layout.contentDir, statics: content.statics, notes: (item) => notes.get(item.name), kept: reuse?.kept, keptText: reuse?.keptText, memo: this.ctx.incremental ? this.twins : undefined });
      failOn(out.diagnostics);
      return { files: generated(out.files), linked: generated(reuse?.linked ?? []), notices: out.notices };
    }, (r) => {
      const paths = [...r.files, ...r.linked].map((f) => f.path);
      return `${plural(paths.length, 'file')}: Markdown twins, llms.txt, ${paths.includes('sitemap.xml') ? 'sitemap.xml, ' : ''}${paths.includes('robots.txt') ? 'robots.txt' : ''}${r.linked.length ? ` (${r.linked.length} unchanged, linked)` : ''}`.replace(/, $/, '');
    });
    if (!prev) published.notices.forEach((line) => this.options.reporter.info(line));
    for (const f of published.files) files.set(f.path, f.contents);
    for (const path of statics) files.delete(path);
    const linked = [...generated(rendered.linked ?? []), ...published.linked];
    // Tests only: a rebuild that will be kept holds here, its inputs checked and its output not staged yet.
    if (keep && pausesAt('checked') && (await keep)) await pausePoint('checked', this.outDir);
    // out/ changes only if the links pass. After a first build, the changed files are then rewritten in place
    // (changed static files are copied beside their targets meanwhile); else (or when out/ was deleted or
    // emptied since, or the last run's write failed) the whole site is written to a temporary folder while
    // links are checked, and swapped in for out/.
    const inPlace = prev && !this.writeWhole && (await hasMarker(this.outDir));
    const counts = inPlace ? tally(files, [], prev.files) : tally(files, linked);
    const staged = inPlace
      ? stageIncremental({ outDir: this.outDir, before: prev.files, after: files, staticDir: staticDir(this.layout), statics: plan.statics, staticFiles: inputs.content.statics, onManifestError: (e) => this.ctx.notice(`${this.outDir}'s manifest could not be updated (${e.message}): pkidocs check will report it until the next full build.`) })
      : whenStaged(stageSite(this.outDir, (await this.claimOutput()).token, [...[...files].map(([path, contents]) => ({ path, contents })), ...linked], inputs.content.statics));
    const links = await stage('links', () => linkStage(changed, rendered, prev, inputs.config, inputs.content.statics, this.options.reporter),
      (r) => `${plural(r.linksChecked, 'link')} (every href, repeats included) on ${plural(r.pagesChecked, 'page')}`)
      .catch(async (e: unknown) => {
        await staged.abort();
        throw e;
      });
    // A run ahead of the quiet window waits here for its end; the wait is not the build's time.
    const waitStarted = performance.now();
    if (keep && !(await keep)) {
      await staged.abort();
      throw new Dropped();
    }
    const waited = performance.now() - waitStarted;
    const written = await stage('write', () => staged.commit(),
      (w) => writtenLine(writeCounts(counts, w), w.bytes, this.outDir))
      .catch((e: unknown) => {
        // out/ was put back as it was, or as near as the disk allowed: the next run writes it whole, through a temporary folder.
        this.writeWhole = true;
        this.wroteSite = false;
        throw e;
      });
    this.writeWhole = false;
    this.wroteSite = true;
    // The cache is saved while the previous out/ is removed.
    // out/ holds the new site now: a cache that cannot be saved (a read-only .pkidocs-cache) is a notice, not a failure.
    const saving = Promise.resolve(rendered.save?.(links.index, published)).catch((e: NodeJS.ErrnoException) => {
      if (e instanceof OutsideCacheError) throw e; // a link planted in the cache is no notice's matter
      this.ctx.notice(`The cache in ${this.ctx.cacheDir} could not be saved (${e.code ?? e.message}); the site in ${this.outDir} is complete, and the next build renders what the cache would have spared.`);
    });
    const removing = written.removing?.catch((e: Error) => this.ctx.notice(`The previous site could not be removed after the swap (${e.message}); ${this.outDir} holds the new one.`));
    await Promise.all([saving, removing]);

    this.state = { ...inputs, rendered, links: links.index, files };
    this.renderer = renderer;
    return {
      pages: rendered.renderedPaths.size,
      sitePages: links.pagesChecked,
      links: links.linksChecked,
      bytes: written.bytes,
      unchanged: Boolean(written.unchanged),
      ...writeCounts(counts, written),
      ms: performance.now() - started - waited,
      changedPaths: changed.map((p) => p.path),
      assetsChanged: !prev || plan.statics.size > 0 || !sameUrls(rendered.assets, prev.rendered.assets),
      timings,
    };
  }
}

/** A run told to drop its result (its files changed again before the quiet window ended): nothing was written. */
export class Dropped extends Error {
  constructor() {
    super('The rebuild was dropped: its files changed again before it was done.');
    this.name = 'Dropped';
  }
}

/** A staged site still being written: committing waits for the writing; aborting drops whatever it wrote. */
function whenStaged(staging: Promise<StagedSite>): StagedSite {
  staging.catch(() => {}); // a failure surfaces at commit (or is moot after an abort)
  return {
    commit: async () => (await staging).commit(),
    abort: async () => (await staging.catch(() => undefined))?.abort(),
  };
}

function sameUrls(a: readonly BundleFile[], b: readonly BundleFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.url === b[i]!.url);
}
