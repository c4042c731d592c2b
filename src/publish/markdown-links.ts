// Rewrites the destinations of a Markdown text's links in place, leaving every
// other byte as written: the twins' site links must lead where their pages'
// links lead (remark-doc-links.ts rewrote those while rendering).
import type { Definition, Link, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

const PARSER = unified().use(remarkParse).use(remarkGfm);

/**
 * `text` with each link's URL replaced by `to(url)` (undefined: kept), and with
 * `definitions`, each reference definition's too. A destination written with
 * escapes or entities is not found as its URL and is left as it is.
 */
export function rewriteLinks(text: string, to: (url: string) => string | undefined, definitions = false): string {
  const tree = PARSER.parse(text) as Root;
  const edits: { at: number; length: number; to: string }[] = [];
  visit(tree, (node) => node.type === 'link' || (definitions && node.type === 'definition'), (node) => {
    const { url, position } = node as Link | Definition;
    const start = position?.start.offset;
    const end = position?.end.offset;
    const next = to(url);
    if (start === undefined || end === undefined || next === undefined || next === url) return;
    // The destination is the node's last copy of its URL.
    const at = text.lastIndexOf(url, end - url.length);
    if (at >= start) edits.push({ at, length: url.length, to: next });
  });
  let out = text;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.to + out.slice(e.at + e.length);
  return out;
}
