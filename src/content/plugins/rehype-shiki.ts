// Replaces every fenced code block with shiki's highlighted HTML at build
// time, so pages ship no highlighter. Fence meta `title="..."` adds a caption.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { ShikiTransformer } from 'shiki';
import { visit } from 'unist-util-visit';
import { highlight, resolveLang, type loadHighlighter } from '../highlight.ts';

export interface ShikiOptions {
  highlighter: Awaited<ReturnType<typeof loadHighlighter>>;
  /** Extra transformers (e.g. linking API identifiers), chosen per language. */
  transformers?: (lang: string) => ShikiTransformer[];
  /** Identifies what the transformers depend on, so their output can be cached. */
  transformersTag?: string;
}

export default function rehypeShiki(options: ShikiOptions) {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const cls = (code.properties.className as string[] | undefined) ?? [];
      const lang = resolveLang(cls.find((c) => c.startsWith('language-'))?.slice('language-'.length));
      const transformers = options.transformers?.(lang) ?? [];
      const html = highlight(options.highlighter, toString(code), lang, transformers, transformers.length ? options.transformersTag : '');
      parent.children[index] = { type: 'raw', value: `<div class="code-block" data-lang="${lang}">${html}</div>` };
    });
  };
}
