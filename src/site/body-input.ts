// What the render code needs to turn routes into page bodies: the same for a
// plain render and for the page-cache render of a full CLI build.
import { hashedAsset } from '../bundle/bundle.ts';
import { apiNotesDigest } from '../content/api-notes.ts';
import { createDocMarkdown } from '../content/doc-markdown.ts';
import { loadedHighlighter } from '../content/highlight.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import { checkApiNotes } from '../pages/api-notes.ts';
import { createApiRenderContext, type ApiRenderContext } from '../render/api/index.ts';
import { apiFacts, apiHrefs } from '../routes/api.ts';
import { siteView } from '../render/site-view.ts';
import type { RouteRecord } from '../routes/types.ts';
import { FAVICON, type SiteData } from '../shared/view.ts';
import type { Renderer } from './renderer.ts';
import { failOn } from './stage.ts';
import type { Inputs, StageContext } from './types.ts';

export type BodyInput = Parameters<Renderer['renderBodies']>[1];

export function bodyInput(ctx: StageContext, { config, content, site }: Inputs, markdown: RenderMarkdown, apiCtx: ApiRenderContext): BodyInput {
  const routeOfFile = new Map(site.routes.flatMap((r) => (r.model.type === 'doc' ? [[r.model.doc.file, r.path] as const] : [])));
  return {
    config,
    docs: content.docs,
    pageModules: content.pageModules,
    docCtx: { markdown, routeOfFile: (f) => routeOfFile.get(f), siteOrigin: config.url, contentDir: ctx.layout.contentDir, maxPageBytes: config.limits.maxPageBytes },
    apiCtx,
    apiNotes: content.apiNotes,
  };
}

/** Routes whose body comes from the API renderer alone (and so can be cached by the API model). */
export const isApiBody = (r: RouteRecord): boolean => r.model.type === 'api-item' || r.model.type === 'api-globals';

/**
 * The key of the API bodies: the model's, and the site notes' digest (after
 * checking that every note names a real item and member), or undefined when
 * the model has no key.
 */
export function apiBodyKey({ api, content }: Inputs): string | undefined {
  failOn(checkApiNotes(content.apiNotes, api.model));
  return api.key && `${api.key}-${apiNotesDigest(content.apiNotes)}`;
}

/** The data every page embeds (site view and sidebars) and its hashed asset. */
export function siteData({ config, site, content }: Inputs): { data: SiteData; dataFile: ReturnType<typeof hashedAsset> } {
  // Every page's head links the icon only when the site has one: a link to a missing file fails the link check.
  const favicon = content.statics.some((f) => f.path === FAVICON.slice(1)) ? { favicon: FAVICON } : {};
  const data: SiteData = { site: { ...siteView(config, site.sidebarHome), ...favicon }, sidebars: site.sidebars };
  return { data, dataFile: hashedAsset('data', JSON.stringify(data)) };
}

/**
 * Renders bodies without shiki (most of a one-page build) while the highlight
 * cache holds every code block met; on a miss (HighlighterNeeded) it loads
 * shiki and renders those routes again. Keeps its Markdown pipeline and API
 * render context between calls.
 */
export function lazyBodies(ctx: StageContext, input: Inputs, renderer: Renderer) {
  const { api, content } = input;
  let markdown: RenderMarkdown | undefined;
  let apiCtx: ApiRenderContext | undefined;
  const render = (routes: readonly RouteRecord[]) => {
    markdown ??= createDocMarkdown(loadedHighlighter(), apiHrefs(api.model), apiFacts(api.model));
    apiCtx ??= createApiRenderContext(api.model, markdown);
    return renderer.renderBodies(routes, bodyInput(ctx, input, markdown, apiCtx));
  };
  return {
    render: (routes: readonly RouteRecord[]) => render(routes).catch(async (e: unknown) => {
      if ((e as Error).name !== 'HighlighterNeeded') throw e;
      await content.highlighter();
      markdown = apiCtx = undefined;
      return render(routes);
    }),
    markdown: () => markdown,
    apiCtx: () => apiCtx,
  };
}
