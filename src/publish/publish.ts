// The publish stage (after links, before write): what a static host, a search
// engine and an assistant read besides the pages. A Markdown twin of every
// page at `<route>.md`, llms.txt and llms-full.txt, sitemap.xml and
// robots.txt. Absolute URLs come from the config's `url` (an origin) and
// `baseUrl`; without `url` there is no sitemap (a notice says so) and links
// in the text files are paths under the base.
import { isPageItem, type ApiItem, type ApiModel } from '../api/model.ts';
import type { SiteConfig } from '../config/schema.ts';
import { readPackageReadme } from '../content/package-readme.ts';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageBody } from '../render/body.ts';
import { itemMarksKey, modelMarksKey, type ApiMarks } from '../render/api/marks.ts';
import { apiItemHref } from '../routes/api-urls.ts';
import { versionCopyPath } from '../routes/version-links.ts';
import { marksSection } from './marks-markdown.ts';
import { readmeSiteLinks } from './readme-site-links.ts';
import type { RouteRecord } from '../routes/types.ts';
import { absoluteUrl, withBase } from '../shared/base-url.ts';
import { twinUrl } from '../shared/paths.ts';
import { apiItemMarkdown, apiMarkdownContext, globalsMarkdown } from './api-markdown.ts';
import { docTwin, htmlTwin } from './doc-twin.ts';
import { generatedTables } from './html-tables.ts';
import { llmsFullTxt, llmsTxt, type LlmsEntry } from './llms.ts';
import { llmsProse, llmsSections, llmsVersionsLine } from './llms-sections.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/**
 * What publish reads of a page's body: its title and description (llms.txt),
 * and its HTML only where `needsHtml` says so, so a build from the page cache
 * can publish without loading every body.
 */
export type PublishBody = Pick<PageBody, 'title' | 'description'> & { html?: string };

/** A ```table fence: the twin shows the table as rendered. */
const TABLE_FENCE = /^[^\S\n\r\u2028\u2029]*(`{3,}|~{3,})table\b/m; // \s but line ends: a fence after blank lines starts a line of its own

/** Routes whose twin is made from the rendered HTML: page modules, and docs with generated tables. */
export function needsHtml(route: RouteRecord): boolean {
  const m = route.model;
  return m.type === 'page-module' || m.type === 'api-removed' || (m.type === 'doc' && TABLE_FENCE.test(m.doc.body));
}

/** Routes whose twin is made from the API model alone (and the config and site notes). */
export function isApiTwin(route: RouteRecord): boolean {
  const m = route.model;
  return (m.type === 'api-item' && isPageItem(m.item)) || m.type === 'api-globals';
}

export interface PublishInput {
  config: SiteConfig;
  configFile: string;
  routes: readonly RouteRecord[];
  bodies: ReadonlyMap<string, PublishBody>;
  model: ApiModel;
  /** The model of each other docs version and its API base, by version name (routes with `version`). */
  versions?: ReadonlyMap<string, { model: ApiModel; base: string; sitePath?: (path: string) => string }>;
  /** The version marks of each version's API pages, by version name (the default one's too), as the HTML pages carry them. */
  marks?: ReadonlyMap<string, ApiMarks>;
  contentDir: string;
  /** Files of content/static, by path relative to it. */
  statics: readonly { path: string }[];
  /** Site notes of an API item, in Markdown (added to its twin). */
  notes?: (item: ApiItem) => string | undefined;
  /** The twins of the last run, kept between runs by watch mode: an unchanged route keeps its twin. */
  memo?: TwinMemo;
  /**
   * API routes (`isApiTwin`) and docs pages whose twin the output folder
   * already holds as it would be made: not made again, still listed in
   * llms.txt.
   */
  kept?: ReadonlySet<string>;
  /** The text of kept docs pages' twins, for llms-full.txt. */
  keptText?: ReadonlyMap<string, string>;
}

/** A route's twin with everything it was made from (compared by identity: the records of an unchanged route are the same objects). */
export type TwinMemo = Map<string, { from: readonly unknown[]; markdown: string | undefined }>;

export interface PublishResult {
  files: { path: string; contents: string }[];
  diagnostics: Diagnostic[];
  /** Lines for the build's output (what was left out and why). */
  notices: string[];
}

export function publishSite(input: PublishInput): PublishResult {
  const { config, routes, bodies, model } = input;
  const base = config.baseUrl;
  const origin = config.url;
  const diagnostics = imageProblems(input);
  // A page's URL as the text files give it: absolute with an origin, else a path under the base.
  const url = (path: string): string => (origin ? absoluteUrl(origin, base, path) : withBase(base, path));
  const defaultName = config.docs.versions.find((v) => !v.path)?.name;
  const marksOf = (name: string | undefined): ApiMarks | undefined => (name === undefined ? undefined : input.marks?.get(name));
  const main = { cx: apiMarkdownContext(model, url, undefined, marksOf(defaultName)), apiPath: (item: ApiItem): string => apiItemHref(item.kind, item.name) };
  // A page a version shares with the default one links into that version, as its HTML page does.
  const copyPaths = new Map<string, (path: string) => string>();
  const sharedLinks = (route: RouteRecord): { sitePath: (path: string) => string; origin?: string } | undefined => {
    if (route.model.type !== 'doc' || route.model.doc.sharedFrom === undefined || !route.version) return undefined;
    let sitePath = copyPaths.get(route.version);
    if (!sitePath) copyPaths.set(route.version, sitePath = versionCopyPath(config, routes, route.version));
    return { sitePath, ...(origin ? { origin } : {}) };
  };
  const byVersion = new Map([...input.versions ?? []].map(([name, v]) => [name, { cx: apiMarkdownContext(v.model, url, v.base, marksOf(name)), apiPath: (item: ApiItem): string => apiItemHref(item.kind, item.name, v.base) }]));
  const versionOf = (route: RouteRecord) => (route.version === undefined ? undefined : input.versions?.get(route.version));
  /** Route → its twin (undefined: kept, not made again). */
  const twins = new Map<string, string | undefined>();
  const memo = input.memo;
  const link = (href: string): string => (href.startsWith('/') ? url(href) : href);
  for (const route of routes) {
    if (input.kept?.has(route.path) && (isApiTwin(route) || input.keptText?.has(route.path))) {
      twins.set(route.path, undefined);
      continue;
    }
    const body = bodies.get(route.path);
    const m = route.model;
    const { cx, apiPath } = (route.version && byVersion.get(route.version)) || main;
    // Site notes hold for the default version: other versions' twins go without them, as their pages do.
    const notes = m.type === 'api-item' && !route.version ? input.notes?.(m.item) : undefined;
    // The marks read the other versions' models too: their text is part of what the twin is made from.
    const marks = m.type === 'api-item' ? itemMarksKey(cx.marks, m.item) : m.type === 'api-globals' ? modelMarksKey(cx.marks, cx.model) : '';
    // A shared page's twin links to the version's pages that exist: the routes are part of what it is made from.
    const from = [config, cx.model, input.contentDir, m.type === 'doc' ? m.doc : m.type === 'api-item' ? m.item : m.type === 'api-readme' ? m.file : m.type, body, notes, marks, m.type === 'doc' && m.doc.sharedFrom !== undefined ? routes : undefined];
    const memoed = memo?.get(route.path);
    if (memoed && memoed.from.length === from.length && memoed.from.every((x, i) => x === from[i])) {
      if (memoed.markdown !== undefined) twins.set(route.path, memoed.markdown);
      continue;
    }
    const html = needsHtml(route) ? htmlOf(route, body) : undefined;
    let markdown: string | undefined;
    if (m.type === 'doc') markdown = docTwin(m.doc, input.contentDir, config.limits.maxPageBytes, html === undefined ? [] : generatedTables(html, link), sharedLinks(route));
    else if (m.type === 'api-item' && isPageItem(m.item)) markdown = apiItemMarkdown(m.item, cx, notes);
    else if (m.type === 'api-globals') markdown = globalsMarkdown(cx, apiPath, m.namespace);
    else if (m.type === 'api-readme') markdown = readmeTwin(m.file, body, config, (text) => readmeSiteLinks(text, origin, versionOf(route)?.sitePath ?? ((p) => p), url));
    else if ((m.type === 'page-module' || m.type === 'api-removed') && body) markdown = htmlTwin(body.title, body.description, html!, link);
    if (markdown !== undefined) twins.set(route.path, markdown);
    memo?.set(route.path, { from, markdown });
  }
  // Routes that are gone leave the memo.
  if (memo) {
    const live = new Set(routes.map((r) => r.path));
    for (const path of memo.keys()) if (!live.has(path)) memo.delete(path);
  }
  const files = [...twins].flatMap(([path, contents]) => (contents === undefined ? [] : [{ path: twinUrl(path).slice(1), contents }]));

  const entry = (r: RouteRecord): LlmsEntry => ({ title: bodies.get(r.path)?.title ?? r.path, url: url(twinUrl(r.path)), description: bodies.get(r.path)?.description });
  const withTwin = routes.filter((r) => twins.has(r.path));
  const home = routes.find((r) => r.kind === 'home');
  const summary = config.tagline === config.title ? `Documentation of ${model.packageName} ${model.version}: installation, worked examples and the API reference.` : config.tagline;
  // Every version mark of the API pages, so that llms-full.txt tells what changed between versions as the pages do.
  const marked = marksSection([[defaultName, main.cx] as const, ...[...byVersion].map(([name, v]) => [name, v.cx] as const)].map(([name, cx]) => ({
    title: titled(cx.model, config.docs.versions.find((v) => v.name === name)?.label), model: cx.model, base: cx.base, marks: cx.marks,
  })), url);
  const marksNote = marked ? ', and ends with every version mark of the API pages (a twin gives a page\'s marks in "Version note:" lines)' : '';
  files.push({
    path: 'llms.txt',
    contents: llmsTxt({
      title: config.title,
      summary,
      details: `Every page of this site has a Markdown twin at its URL plus \`.md\`${home ? ` (the home page: ${url('/index.md')})` : ''}; ${url('/llms-full.txt')} holds all docs and examples pages in one file${marksNote}. ${llmsVersionsLine(config, model.packageName, model.version, url)}`,
      sections: llmsSections(config, withTwin, entry),
    }),
  });
  const prose = llmsProse(config, withTwin);
  const pages: { url?: string; markdown: string }[] = prose.map((r) => ({ url: url(r.path), markdown: twins.get(r.path) ?? input.keptText!.get(r.path)! }));
  if (marked) pages.push({ markdown: marked });
  files.push({ path: 'llms-full.txt', contents: llmsFullTxt(config.title, summary, pages) });

  const notices: string[] = [];
  if (origin) {
    files.push({ path: 'sitemap.xml', contents: sitemapXml(routes.filter((r) => r.kind !== 'not-found').map((r) => url(r.path))) });
  } else {
    notices.push('The site config has no url: sitemap.xml, canonical links and og:url are left out (set url to the production origin, such as https://pkijs.org).');
  }
  files.push({ path: 'robots.txt', contents: robotsTxt(origin ? url('/sitemap.xml') : undefined) });
  return { files, diagnostics, notices };
}

/** `pkijs 4.0.0 (4.0)`; `pkijs 3.3.2` where the label is the version. */
const titled = (model: ApiModel, label: string | undefined): string => `${model.packageName} ${model.version}${label && label !== model.version ? ` (${label})` : ''}`;

/** A body's HTML where the twin is made from it; missing, it is the caller's bug (a twin made without it would be wrong). */
function htmlOf(route: RouteRecord, body: PublishBody | undefined): string | undefined {
  if (body && body.html === undefined) throw new Error(`publish needs the HTML of ${route.path}, but its body came without it`);
  return body?.html;
}

function readmeTwin(file: string, body: PublishBody | undefined, config: SiteConfig, siteLinks: (text: string) => string): string {
  // The page's stage refused a README that cannot be read; its twin never gets further than that.
  const text = siteLinks(readPackageReadme(file, config.library.package, config.limits.maxPageBytes).text ?? '');
  return /^#\s/m.test(text.split('\n', 1)[0] ?? '') ? `${text.trim()}\n` : `# ${body?.title ?? 'README'}\n\n${text.trim()}\n`;
}

/** The social image must be an absolute URL or a file of content/static. */
function imageProblems(input: PublishInput): Diagnostic[] {
  const image = input.config.image;
  if (!image || /^https?:\/\//.test(image)) return [];
  const path = image.replace(/^\/+/, '');
  if (input.statics.some((f) => f.path === path)) return [];
  return [error('config', 'config/missing-image', `The social image "${image}" (image in the site config) is not a file of the static folder.`, {
    file: input.configFile,
    hint: 'Put the image in content/static/ and give its path relative to that folder (such as img/social.png), or give an absolute https URL.',
  })];
}
