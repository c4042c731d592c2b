// Replaces every fenced code block with shiki's highlighted HTML at build
// time, so pages ship no highlighter. Fence meta `title="..."` adds a caption.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { highlight, resolveLang, type HighlightLinker, type loadHighlighter } from '../highlight.ts';

export interface ShikiOptions {
  /** Undefined while not loaded: highlight() then renders from the highlight cache alone (see loadedHighlighter). */
  highlighter: Awaited<ReturnType<typeof loadHighlighter>> | undefined;
  /** A change after the grammar (linking API identifiers), chosen per language. */
  linker?: (lang: string) => HighlightLinker | undefined;
  /** Instead of highlighting, hand each block's code to this (to run the grammar ahead of the real render). */
  collect?: (code: string, lang: string) => void;
}

export default function rehypeShiki(options: ShikiOptions) {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const cls = (code.properties.className as string[] | undefined) ?? [];
      const lang = resolveLang(cls.find((c) => c.startsWith('language-'))?.slice('language-'.length));
      if (options.collect) return void options.collect(toString(code), lang);
      const html = highlight(options.highlighter, toString(code), lang, options.linker?.(lang));
      parent.children[index] = { type: 'raw', value: `<div class="code-block" data-lang="${lang}">${html}</div>` };
    });
  };
}
