// The Markdown pipeline: remark-parse (+GFM) → remark-rehype → heading ids and
// TOC → shiki → HTML. Synchronous once the highlighter is loaded, so the API
// stage can render thousands of doc comments cheaply with the same pipeline.
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { TocEntry } from '../shared/page.ts';
import rehypeHeadingIds from './plugins/rehype-heading-ids.ts';
import rehypeShiki, { type ShikiOptions } from './plugins/rehype-shiki.ts';

export interface MarkdownOptions extends ShikiOptions {
  /** remark plugins run after parsing (includes, link rewriting, …). */
  remarkPlugins?: PluggableList;
}

export interface MarkdownResult {
  html: string;
  toc: TocEntry[];
  /** Text of the first h1, if the document has one. */
  h1: string | undefined;
}

export type RenderMarkdown = (markdown: string, file?: { path?: string; data?: Record<string, unknown> }) => MarkdownResult;

export function createMarkdown(options: MarkdownOptions): RenderMarkdown {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(options.remarkPlugins ?? [])
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeHeadingIds)
    .use(rehypeShiki, options)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze();

  return (markdown, file = {}) => {
    const vfile = new VFile({ value: markdown, path: file.path, data: file.data ?? {} });
    processor.processSync(vfile);
    return { html: String(vfile.value), toc: vfile.data.toc ?? [], h1: vfile.data.h1 };
  };
}
