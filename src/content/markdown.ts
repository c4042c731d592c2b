// The Markdown pipeline: remark-parse (+GFM) → remark-rehype → raw HTML
// parsed and checked against the allow-list (rehype-safe-html) → heading ids
// and TOC → shiki → HTML. Synchronous once the highlighter is loaded, so the API
// stage can render thousands of doc comments cheaply with the same pipeline.
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import type { TocEntry } from '../shared/page.ts';
import type { MarkupProblem } from '../shared/safe-html.ts';
import rehypeHeadingIds from './plugins/rehype-heading-ids.ts';
import rehypeSafeHtml from './plugins/rehype-safe-html.ts';
import rehypeShiki, { type ShikiOptions } from './plugins/rehype-shiki.ts';

export interface MarkdownOptions extends ShikiOptions {
  /** remark plugins run after parsing (includes, link rewriting, …). */
  remarkPlugins?: PluggableList;
  /** Keep a copy of each tree parsed, for the next pipeline that renders the same text (parsedAhead). */
  keepParsed?: boolean;
}

export interface MarkdownResult {
  html: string;
  toc: TocEntry[];
  /** Text of the first h1, if the document has one. */
  h1: string | undefined;
  /** HTML the allow-list refused and removed, when no page context was there to report it (doc comments). */
  refused: MarkupProblem[];
}

export type RenderMarkdown = (markdown: string, file?: { path?: string; data?: Record<string, unknown> }) => MarkdownResult;

export function createMarkdown(options: MarkdownOptions): RenderMarkdown {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(options.remarkPlugins ?? [])
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeSafeHtml)
    .use(rehypeHeadingIds)
    .use(rehypeShiki, options)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze();

  return (markdown, file = {}) => {
    const vfile = new VFile({ value: markdown, path: file.path, data: file.data ?? {} });
    // processSync, in its three steps: a tree parsed ahead is taken instead of parsing again.
    let tree = parsedAhead.get(markdown);
    if (tree) {
      parsedAhead.delete(markdown);
      aheadChars -= markdown.length;
    } else {
      tree = processor.parse(vfile);
      if (options.keepParsed && aheadChars + markdown.length <= PARSED_AHEAD_LIMIT && !parsedAhead.has(markdown)) {
        parsedAhead.set(markdown, structuredClone(tree)); // this render's plugins change the tree in place
        aheadChars += markdown.length;
      }
    }
    vfile.value = processor.stringify(processor.runSync(tree, vfile), vfile);
    return { html: String(vfile.value), toc: vfile.data.toc ?? [], h1: vfile.data.h1, refused: vfile.data.refusedMarkup ?? [] };
  };
}

/**
 * Trees parsed by a pipeline made with `keepParsed` (the code collector that
 * runs while TypeDoc converts, src/site/pre-tokenize.ts), by source text,
 * until a render takes them: parsing is a third of rendering a Markdown page,
 * and depends on the text alone (every pipeline here parses alike). Taken
 * means removed, and the whole is bounded, as the grammar output run ahead is.
 */
const parsedAhead = new Map<string, Root>();
let aheadChars = 0;
/** Source characters (a tree takes ~20 bytes of memory per character, so ≤ ~40 MB): 10× the real site's Markdown (1.3 MB) fits. */
const PARSED_AHEAD_LIMIT = 2_000_000;
