// A release's README links the site by its absolute URL
// ("https://pkijs.org/docs/installation"). Its page turns each such Markdown
// link into the page of its own version where there is one
// (src/content/plugins/remark-doc-links.ts, with the version's sitePath): its
// twin must lead to the same pages, so the same links are rewritten here, in
// the README's text, and no other.
import type { Link, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/**
 * `text` with every Markdown link to `origin` led where the page leads it:
 * `sitePath` of its path, as `url` gives a site path in a twin.
 */
export function readmeSiteLinks(text: string, origin: string | undefined, sitePath: (path: string) => string, url: (path: string) => string): string {
  if (!origin || !text.includes(`${origin}/`)) return text;
  const tree = unified().use(remarkParse).use(remarkGfm).parse(text) as Root;
  const edits: { at: number; length: number; to: string }[] = [];
  visit(tree, 'link', (node: Link) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (!node.url.startsWith(`${origin}/`) || start === undefined || end === undefined) return;
    // The destination is the link's last copy of its URL; one written with escapes or entities is left as it is.
    const at = text.lastIndexOf(node.url, end - node.url.length);
    if (at < start) return;
    edits.push({ at, length: node.url.length, to: url(sitePath(node.url.slice(origin.length))) });
  });
  let out = text;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.to + out.slice(e.at + e.length);
  return out;
}
