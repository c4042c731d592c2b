// Stage 4: every route's body → a full HTML document and a navigation chunk,
// plus the one site-data asset all pages share. Pure: takes data, returns
// strings; the output stage writes them.
import type { RouteRecord } from '../routes/types.ts';
import { chunkFile, pageFile } from '../shared/paths.ts';
import type { Chunk, SiteData } from '../shared/view.ts';
import type { PageBody } from './body.ts';
import { renderDocument, type Assets } from './document.ts';
import type { SiteMeta } from './head.ts';
import { htmlWithBase } from './html-urls.ts';
import { pageView } from './page-view.ts';

export interface RenderedPage {
  path: string;
  source: string;
  html: string;
  /** The content HTML as the page holds it (with the base URL). */
  body: string;
}

export interface RenderedSite {
  pages: RenderedPage[];
  files: { path: string; contents: string }[];
}

/**
 * What renderSite makes of a body alone: its content with the base URL, and
 * the page's navigation chunk. Watch mode keeps it across runs, and across
 * reloads of this code: a template edit renders every layout again, but
 * changes no body and no chunk, and a kept chunk is the very string the last
 * run wrote, so the write stage sees at once that it is unchanged.
 */
export type BodyMemo = WeakMap<PageBody, { base: string; content: string; pageJson: string; chunk: string }>;

export function renderSite(
  routes: readonly RouteRecord[],
  bodies: ReadonlyMap<string, PageBody>,
  data: SiteData,
  assets: Assets,
  meta: SiteMeta = {},
  memo?: BodyMemo,
): RenderedSite {
  const pages: RenderedPage[] = [];
  const files: RenderedSite['files'] = [];
  const base = data.site.baseUrl;
  for (const route of routes) {
    const body = bodies.get(route.path);
    if (!body) throw new Error(`No body was rendered for ${route.path}`);
    const page = pageView(route, body, data.site.title);
    const pageJson = JSON.stringify(page);
    let made = memo?.get(body);
    if (made?.base !== base || made.pageJson !== pageJson) {
      const content = made?.base === base ? made.content : htmlWithBase(body.html, base);
      // JSON.stringify({ page, html: content }), from the page's JSON made above.
      made = { base, content, pageJson, chunk: chunkJson(pageJson, content) };
      memo?.set(body, made);
    }
    const { content, chunk } = made;
    const html = renderDocument(data, page, pageJson, content, assets, meta);
    pages.push({ path: route.path, source: route.source, html, body: content });
    files.push({ path: pageFile(route.path), contents: html });
    if (route.kind === 'not-found') files.push({ path: '404.html', contents: html });
    files.push({ path: chunkFile(route.path), contents: chunk });
  }
  return { pages, files };
}

/** JSON.stringify({ page, html }) of a Chunk, from the page's JSON made already. */
function chunkJson(pageJson: string, html: Chunk['html']): string {
  return `{"page":${pageJson},"html":${JSON.stringify(html)}}`;
}
