// The Markdown renderer of the site's pages: generated tables, includes, .md link rewriting, and
// API identifiers in TypeScript code linked to their pages; HTML off the
// allow-list is refused (markdown.ts's rehype-safe-html).
import type { loadHighlighter } from './highlight.ts';
import type { PluggableList } from 'unified';
import { createMarkdown, type RenderMarkdown } from './markdown.ts';
import remarkDocLinks from './plugins/remark-doc-links.ts';
import remarkInclude from './plugins/remark-include.ts';
import remarkTable, { type ApiFacts } from './plugins/remark-table.ts';
import remarkTabs from './plugins/remark-tabs.ts';
import { apiLinker } from './plugins/shiki-api-links.ts';

const CODE_LANGS = new Set(['ts', 'tsx', 'js', 'jsx']);

export function createDocMarkdown(
  /** Undefined: render from the highlight cache alone, throwing HighlighterNeeded on a miss. */
  highlighter: Awaited<ReturnType<typeof loadHighlighter>> | undefined,
  /** URLs of the API pages of library identifiers, by name (from routes/). */
  apiHrefs: ReadonlyMap<string, string>,
  /** Enumerations of the API model, for generated tables (from routes/). */
  facts?: ApiFacts,
): RenderMarkdown {
  const linker = apiLinker(apiHrefs);
  return createMarkdown({ highlighter, remarkPlugins: plugins(facts), linker: (lang) => (CODE_LANGS.has(lang) ? linker : undefined) });
}

/**
 * The same pipeline without the API model, handing each code block (includes
 * and tabs too) to `collect` instead of highlighting it: to run the grammar
 * while TypeDoc converts. What it renders is thrown away, and its diagnostics
 * (links to API pages it cannot know yet) are the real render's to report.
 */
export function createCodeCollector(highlighter: Awaited<ReturnType<typeof loadHighlighter>>, collect: (code: string, lang: string) => void): RenderMarkdown {
  return createMarkdown({ highlighter, remarkPlugins: plugins(undefined), collect, keepParsed: true });
}

const plugins = (facts: ApiFacts | undefined): PluggableList => [[remarkTable, facts], remarkInclude, remarkTabs, remarkDocLinks];
