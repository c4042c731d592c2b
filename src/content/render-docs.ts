// Stage 1b: renders Markdown pages to HTML once their route paths are known
// (links between .md files are rewritten to those paths).
import { DEFAULT_MAX_PAGE_BYTES } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { DocSource } from './docs.ts';
import { escapeHtml } from '../shared/escape.ts';
import type { TocEntry } from '../shared/page.ts';
import type { RenderMarkdown } from './markdown.ts';
import type { DocContext } from './plugins/context.ts';

/** A page body (src/render/body.ts's PageBody) and the files it read. */
export interface RenderedDoc {
  title: string;
  description?: string;
  /** The content HTML, h1 included. */
  html: string;
  toc: TocEntry[];
  /** Files the page read besides its own (code includes), for watch mode. */
  dependencies: string[];
}

export interface DocRenderContext {
  markdown: RenderMarkdown;
  routeOfFile: (absPath: string) => string | undefined;
  siteOrigin?: string;
  /** A page of another docs version: a site link (`/docs/installation`) to that version's copy, where it has one. */
  sitePath?: (path: string) => string;
  /** A page a docs version shares with the default one: its site links (`/docs/…`) go through `sitePath` too. */
  sharedPage?: boolean;
  /** The content folder: code includes must resolve inside it. */
  contentDir: string;
  /** limits.maxPageBytes, also the limit of an included file. */
  maxPageBytes?: number;
}

/** What the Markdown plugins of one file (a page, a site note) read and report to. */
export function docContext(source: string, lineOffset: number, ctx: DocRenderContext, diagnostics: Diagnostic[], markup: DocContext['markup'] = 'refuse'): DocContext {
  return {
    markup,
    source,
    lineOffset,
    routeOfFile: ctx.routeOfFile,
    siteOrigin: ctx.siteOrigin,
    ...(ctx.sitePath ? { sitePath: ctx.sitePath } : {}),
    ...(ctx.sharedPage ? { sharedPage: true } : {}),
    contentDir: ctx.contentDir,
    maxIncludeBytes: ctx.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES,
    dependencies: new Set(),
    report: (d) => diagnostics.push(d),
  };
}

export function renderDoc(
  doc: Pick<DocSource, 'file' | 'body' | 'lineOffset'> & { data: { title: string; description?: string } },
  ctx: DocRenderContext,
  /** `strip` for text the package brings (its README): HTML off the allow-list is removed with a warning. */
  markup: DocContext['markup'] = 'refuse',
  /** For the package's README: where its relative links point (context.ts). */
  readme?: DocContext['readme'],
): { page: RenderedDoc; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const docCtx = { ...docContext(doc.file, doc.lineOffset, ctx, diagnostics, markup), ...(readme ? { readme } : {}) };
  const { html, toc, h1 } = ctx.markdown(doc.body, { path: doc.file, data: { doc: docCtx } });
  const heading = h1 ? '' : `<h1>${escapeHtml(doc.data.title)}</h1>\n`;
  return {
    page: {
      title: doc.data.title,
      description: doc.data.description,
      html: heading + html,
      toc,
      dependencies: [...docCtx.dependencies],
    },
    diagnostics,
  };
}
