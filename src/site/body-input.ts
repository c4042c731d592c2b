// What the render code needs to turn routes into page bodies: the same for a
// plain render and for the page-cache render of a full CLI build.
import type { RenderMarkdown } from '../content/markdown.ts';
import type { ApiRenderContext } from '../render/api/index.ts';
import type { Renderer } from './renderer.ts';
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
