// The records the orchestrator keeps between runs: each stage's last result,
// so that an update re-runs only what changed files touch.
import type { LoadApiResult } from '../api/index.ts';
import type { Bundle, BundleFile, ClientBundler } from '../bundle/bundle.ts';
import type { LibraryInfo } from '../config/library.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { ApiNoteFile } from '../content/api-notes.ts';
import type { DocSource } from '../content/docs.ts';
import type { loadHighlighter } from '../content/highlight.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import type { PageModule } from '../content/page-modules.ts';
import type { LinkIndex } from '../links/link-index.ts';
import type { StaticFile } from '../output/copy-static.ts';
import type { LinkedFile, OutputFile } from '../output/write.ts';
import type { PageLinks } from '../links/collect.ts';
import type { ApiRenderContext } from '../render/api/index.ts';
import type { VersionRender } from '../pages/bodies.ts';
import type { PublishBody } from '../publish/publish.ts';
import type { PageBody } from '../render/body.ts';
import type { BodyMemo } from '../render/render-site.ts';
import type { SiteRoutes } from '../routes/build-routes.ts';
import type { SiteLayout } from './changes.ts';
import type { RouteOutput } from './incremental.ts';
import type { Reporter } from './reporter.ts';

export interface BuildOptions {
  root: string;
  configFile?: string;
  outDir?: string;
  useCache?: boolean;
  reporter: Reporter;
}

export interface BuildStats {
  /** Pages rendered by this run (a warm build reuses the others from the cache). */
  pages: number;
  /** Pages of the whole site, rendered or reused. */
  sitePages: number;
  /** Every `<a href>` of every page, repeats included (the layout's links are on each page). */
  links: number;
  /** Bytes of the whole site. */
  bytes: number;
  /** out/ already held exactly this site, so nothing was written. */
  unchanged: boolean;
  /** Files this run wrote (in watch mode: rewrote, as they changed). */
  written: Tally;
  /** Files the previous out/ held unchanged, linked instead of written. */
  linked: Tally;
  ms: number;
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

export type Highlighter = Awaited<ReturnType<typeof loadHighlighter>>;
export type Contents = OutputFile['contents'];

/** A count of files and their bytes (src/site/write-tally.ts). */
export interface Tally {
  files: number;
  bytes: number;
}

export interface Content {
  /** Every docs version's pages: the files, their `{{version}}` filled in, and the pages each version shares (versioned-docs.ts). */
  docs: DocSource[];
  /** The Markdown files as read, which watch mode updates. */
  files: DocSource[];
  pageModules: PageModule[];
  /** Loads the highlighter once (shiki's grammars and WASM, ~100 ms): a build from the page cache may need none. */
  highlighter: () => Promise<Highlighter>;
  /** content/static, checked (no link out of the repository, no loop, regular files only). */
  statics: StaticFile[];
  /** content/api-notes: site notes merged into API pages. */
  apiNotes: ApiNoteFile[];
}

export interface Rendered {
  /** Kept for watch-mode updates; a build from the page cache may have needed none. */
  markdown?: RenderMarkdown;
  apiCtx?: ApiRenderContext;
  versionCtx?: Map<string, VersionRender>;
  bodies: Map<string, PageBody>;
  dependencies: Map<string, string[]>;
  /** Each route's page and files, in route order. */
  outputs: Map<string, RouteOutput>;
  assets: BundleFile[];
  /** The URL of each docs version's data file, by version name ('' for the default one): a change re-renders that version's documents. */
  dataUrls: Record<string, string>;
  /** The search index of each docs version (src/search): the default version's first. */
  searchFiles: BundleFile[];
  /** Routes whose document was rendered by this run (others are reused, or only got new asset URLs). */
  renderedPaths: Set<string>;
  /** Page-cache builds: files of unchanged pages, linked from the previous out/, and those pages' ids and links. */
  linked?: LinkedFile[];
  collected?: Map<string, PageLinks>;
  /** Page-cache builds: the publish stage's files, linked from the previous out/ (nothing they depend on changed). */
  published?: { linked: LinkedFile[]; notices: string[] };
  /**
   * Page-cache builds where publish runs: what it reads of each body (the HTML only where it needs
   * it), and the API twins the previous out/ holds unchanged (linked, not made again).
   */
  publishInput?: { bodies: ReadonlyMap<string, PublishBody>; kept: ReadonlySet<string>; linked: LinkedFile[]; keptText?: ReadonlyMap<string, string> };
  /** Page-cache builds: stores the cache once out/ is written. */
  save?: (index: LinkIndex, published: PublishOutcome) => Promise<void>;
}

/** The publish stage's files as written to out/ (a static file of the same name wins), and its notices. */
export interface PublishOutcome {
  files: OutputFile[];
  linked: LinkedFile[];
  notices: string[];
}

/** A docs version under its own segment, with its own library and API model. */
export interface VersionApi {
  name: string;
  /** `/docs/4.0`. */
  docsPath: string;
  library: LibraryInfo;
  api: LoadApiResult;
}

export interface SiteState {
  config: SiteConfig;
  library: LibraryInfo;
  content: Content;
  api: LoadApiResult;
  /** The API model of every other docs version, in config order. */
  versionApis: VersionApi[];
  bundle: Bundle;
  site: SiteRoutes;
  rendered: Rendered;
  links?: LinkIndex;
  /** Everything written to out/ except static files, by path. */
  files: Map<string, Contents>;
}

/** The stages before render: what the render stage works from. */
export type Inputs = Pick<SiteState, 'config' | 'library' | 'content' | 'api' | 'versionApis' | 'bundle' | 'site'>;

/** What every stage of one builder shares: where things are, how to report, whether to read caches. */
export interface StageContext {
  root: string;
  layout: SiteLayout;
  cacheDir: string;
  useCache: boolean;
  incremental: boolean;
  /** The output folder (the page cache links unchanged files from it). */
  outDir: string;
  reporter: Reporter;
  /** One line about a cache file that was bad and is being rebuilt. */
  notice: (line: string) => void;
  /** Watch mode: bundles the client again, esbuild keeping what did not change. */
  bundler?: ClientBundler;
  /** Watch mode: what rendering made of each body, kept across runs (render/render-site.ts). */
  bodyMemo?: BodyMemo;
}
