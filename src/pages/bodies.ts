// Produces the body of every route: Markdown pages (content stage, which
// reads code includes), API pages (render/api), page modules, section cards
// and the not-found page. Kept apart from build.ts so watch mode can re-run
// it for a subset of routes.
import { dirname } from 'node:path';
import type { ApiRenderContext } from '../render/api/index.ts';
import { renderApiGlobalsPage, renderApiItemPage, renderApiRemovedPage } from '../render/api/index.ts';
import type { SiteConfig } from '../config/schema.ts';
import { isPageItem } from '../api/model.ts';
import type { ApiNoteFile } from '../content/api-notes.ts';
import type { DocSource } from '../content/docs.ts';
import type { PageModule } from '../content/page-modules.ts';
import { readPackageReadme } from '../content/package-readme.ts';
import { packageRepositoryLink } from '../content/package-repository.ts';
import { renderDoc, type DocRenderContext } from '../content/render-docs.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageBody } from '../render/body.ts';
import { renderItemNotes } from './api-notes.ts';
import { notFoundBody, pageModuleBody, withCards } from './simple-bodies.ts';
import { API_GLOBALS_PATH } from '../routes/api-urls.ts';
import { docPath, sectionPages } from '../routes/docs.ts';
import type { RouteRecord } from '../routes/types.ts';

export interface BodyInputs {
  config: SiteConfig;
  docs: readonly DocSource[];
  pageModules: readonly PageModule[];
  docCtx: DocRenderContext;
  apiCtx: ApiRenderContext;
  /** The API render context and Markdown pipeline of each other docs version, by name (routes with `version`). */
  versionCtx?: ReadonlyMap<string, VersionRender>;
  /** Site notes on API pages, already checked against the model (checkApiNotes). */
  apiNotes: readonly ApiNoteFile[];
}

/** What renders a page of another docs version: code links to that version's API. */
export interface VersionRender {
  markdown: RenderMarkdown;
  apiCtx: ApiRenderContext;
  /** A site path (`/docs/installation`) to this version's copy of the page, where it has one. */
  sitePath: (path: string) => string;
}

/**
 * How a page of another docs version renders: code links to its API, and a link to a Markdown file
 * leads to this version's rendering of it where there is one. A shared page was written with the
 * default version's site links (`/docs/api/…`): they lead to this version's copies too.
 */
function versionDocContext(base: DocRenderContext, own: VersionRender, shared: boolean): DocRenderContext {
  const routeOfFile = (file: string): string | undefined => {
    const route = base.routeOfFile(file);
    return route === undefined ? undefined : own.sitePath(route);
  };
  return { ...base, markdown: own.markdown, sitePath: own.sitePath, routeOfFile, ...(shared ? { sharedPage: true } : {}) };
}

export interface Bodies {
  bodies: Map<string, PageBody>;
  /** Extra files each page read (includes), by route path. */
  dependencies: Map<string, string[]>;
  diagnostics: Diagnostic[];
}

export async function renderBodies(routes: readonly RouteRecord[], input: BodyInputs): Promise<Bodies> {
  const out: Bodies = { bodies: new Map(), dependencies: new Map(), diagnostics: [] };
  for (const route of routes) {
    const m = route.model;
    const own = route.version ? input.versionCtx?.get(route.version) : undefined;
    if (route.version && !own) throw new Error(`No API model for the docs version ${route.version} of ${route.path}`);
    const apiCtx = own?.apiCtx ?? input.apiCtx;
    const docCtx = own ? versionDocContext(input.docCtx, own, m.type === 'doc' && m.doc.sharedFrom !== undefined) : input.docCtx;
    let body: PageBody;
    switch (m.type) {
      case 'doc': {
        // A page of another version links code to that version's API.
        const { page, diagnostics } = renderDoc(m.doc, docCtx);
        out.diagnostics.push(...diagnostics);
        out.dependencies.set(route.path, page.dependencies);
        body = route.kind === 'examples-index' ? withCards(page, sectionCards(m.doc, input)) : page;
        break;
      }
      case 'api-readme': {
        const name = input.config.library.package;
        const version = apiCtx.model.version;
        const readme = readPackageReadme(m.file, name, input.config.limits.maxPageBytes);
        // A README that cannot be read fails the build; a missing one is a sentence saying so.
        if (readme.problem) out.diagnostics.push(readme.problem);
        const source = readmeBody(readme.text ?? '');
        // The README has no front matter: its meta description says what the API section holds.
        const description = `The API reference of ${name} ${version}: its README, then every class, interface, enumeration, type alias, function and variable.`;
        const { page, diagnostics } = renderDoc({ file: m.file, body: `# ${name}\n\n${source}`, lineOffset: -2, data: { title: name, description } }, docCtx, 'strip', { link: packageRepositoryLink(dirname(m.file)) });
        out.diagnostics.push(...diagnostics);
        body = page;
        break;
      }
      case 'api-item': {
        // The site notes were written for, and checked against, the default version.
        const { notes, diagnostics } = isPageItem(m.item) && !route.version ? renderItemNotes(m.item, input.apiNotes, input.docCtx) : { diagnostics: [] };
        out.diagnostics.push(...diagnostics);
        body = renderApiItemPage(m.item, apiCtx, notes);
        out.diagnostics.push(...refusedInComments(input, apiCtx, m.item.name));
        break;
      }
      case 'api-globals':
        body = renderApiGlobalsPage(apiCtx, m.namespace);
        out.diagnostics.push(...refusedInComments(input, apiCtx, m.namespace ? `the namespace ${m.namespace}` : 'the list of all exports'));
        break;
      case 'api-removed':
        body = renderApiRemovedPage(apiCtx);
        break;
      case 'page-module': {
        const mod = input.pageModules.find((p) => p.file === m.file)!;
        try {
          body = pageModuleBody(mod.component, { siteTitle: input.config.title, tagline: input.config.tagline }, mod.description);
        } catch (e) {
          out.diagnostics.push(error('content', 'content/page-module-render', `The page component at ${route.path} threw while rendering: ${(e as Error).message}`, {
            file: m.file, hint: 'Fix the component; it must render without browser APIs, on the server.',
          }));
          continue;
        }
        break;
      }
      case 'not-found':
        body = notFoundBody([
          { label: 'The home page', href: '/' },
          { label: 'The documentation', href: `${input.config.docs.path}/${input.config.docs.mainPage}` },
          { label: 'Every API export', href: API_GLOBALS_PATH },
        ]);
        break;
    }
    out.bodies.set(route.path, body);
  }
  return out;
}

/** Warnings for the HTML the allow-list removed from the doc comments rendered for the page about `what`. */
function refusedInComments(input: BodyInputs, apiCtx: ApiRenderContext, what: string): Diagnostic[] {
  const name = input.config.library.package;
  const version = apiCtx.model.version;
  return apiCtx.docs.takeRefused().map((p) => ({
    ...error('content', 'content/unsafe-html', `A doc comment of ${name} ${version} shown on the page of ${what} contains ${p.what}. It was removed from the page: pages may hold only the HTML of the allow-list.`),
    severity: 'warning' as const,
  }));
}

function sectionCards(index: DocSource, input: BodyInputs) {
  return sectionPages(input.docs, index.id)
    .sort((a, b) => (a.data.sidebar_position ?? Infinity) - (b.data.sidebar_position ?? Infinity))
    .map((d) => ({ title: d.data.title, description: d.data.description, href: docPath(input.config.docs.path, d.id) }));
}

/**
 * The package README without its own title (the page has one) and without
 * badge images: they are fetched from third-party servers on every visit and
 * show as broken images offline.
 */
export function readmeBody(source: string): string {
  // What is cut leaves its line breaks, so a warning names the README's own line.
  const blank = (cut: string): string => cut.replace(/[^\n]/g, '');
  return source
    .replace(/^\s*<h1[^>]*>[\s\S]*?<\/h1>\s*/i, blank)
    .replace(/^\[?!\[[^\]]*\]\(https?:[^)]*\)(?:\]\([^)]*\))?[^\S\n]*$/gm, blank)
    .replace(/<div[^>]*>\s*<\/div>\s*/g, blank);
}
