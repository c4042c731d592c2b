// The Markdown renderer of the site's pages: includes, .md link rewriting, and
// API identifiers in TypeScript code linked to their pages.
import type { loadHighlighter } from './highlight.ts';
import { createMarkdown, type RenderMarkdown } from './markdown.ts';
import remarkDocLinks from './plugins/remark-doc-links.ts';
import remarkInclude from './plugins/remark-include.ts';
import remarkTabs from './plugins/remark-tabs.ts';
import { apiLinksTransformer } from './plugins/shiki-api-links.ts';

const CODE_LANGS = new Set(['ts', 'tsx', 'js', 'jsx']);

export function createDocMarkdown(
  highlighter: Awaited<ReturnType<typeof loadHighlighter>>,
  /** URL of the API page of a library identifier (from routes/). */
  apiHref: (name: string) => string | undefined,
): RenderMarkdown {
  const linker = apiLinksTransformer(apiHref);
  return createMarkdown({
    highlighter,
    remarkPlugins: [remarkInclude, remarkTabs, remarkDocLinks],
    transformers: (lang) => (CODE_LANGS.has(lang) ? [linker] : []),
  });
}
