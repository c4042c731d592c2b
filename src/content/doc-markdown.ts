// The Markdown renderer of the site's pages: generated tables, includes, .md link rewriting, and
// API identifiers in TypeScript code linked to their pages; HTML that would
// run code is refused.
import type { loadHighlighter } from './highlight.ts';
import { HighlightCache } from './highlight-cache.ts';
import { createMarkdown, type RenderMarkdown } from './markdown.ts';
import remarkDocLinks from './plugins/remark-doc-links.ts';
import remarkInclude from './plugins/remark-include.ts';
import remarkSafeHtml from './plugins/remark-safe-html.ts';
import remarkTable, { type ApiFacts } from './plugins/remark-table.ts';
import remarkTabs from './plugins/remark-tabs.ts';
import { apiLinksTransformer } from './plugins/shiki-api-links.ts';

const CODE_LANGS = new Set(['ts', 'tsx', 'js', 'jsx']);

export function createDocMarkdown(
  highlighter: Awaited<ReturnType<typeof loadHighlighter>>,
  /** URLs of the API pages of library identifiers, by name (from routes/). */
  apiHrefs: ReadonlyMap<string, string>,
  /** Enumerations of the API model, for generated tables (from routes/). */
  facts?: ApiFacts,
): RenderMarkdown {
  const linker = apiLinksTransformer((name) => apiHrefs.get(name));
  const tag = HighlightCache.key(...[...apiHrefs].flat());
  return createMarkdown({
    highlighter,
    remarkPlugins: [[remarkTable, facts], remarkSafeHtml, remarkInclude, remarkTabs, remarkDocLinks],
    transformers: (lang) => (CODE_LANGS.has(lang) ? [linker] : []),
    transformersTag: tag,
  });
}
