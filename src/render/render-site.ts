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

export function renderSite(
  routes: readonly RouteRecord[],
  bodies: ReadonlyMap<string, PageBody>,
  data: SiteData,
  assets: Assets,
  meta: SiteMeta = {},
): RenderedSite {
  const pages: RenderedPage[] = [];
  const files: RenderedSite['files'] = [];
  for (const route of routes) {
    const body = bodies.get(route.path);
    if (!body) throw new Error(`No body was rendered for ${route.path}`);
    const page = pageView(route, body, data.site.title);
    const content = htmlWithBase(body.html, data.site.baseUrl);
    const html = renderDocument(data, page, content, assets, meta);
    pages.push({ path: route.path, source: route.source, html, body: content });
    files.push({ path: pageFile(route.path), contents: html });
    if (route.kind === 'not-found') files.push({ path: '404.html', contents: html });
    const chunk: Chunk = { page, html: content };
    files.push({ path: chunkFile(route.path), contents: JSON.stringify(chunk) });
  }
  return { pages, files };
}
