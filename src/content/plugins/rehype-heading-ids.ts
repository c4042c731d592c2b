// Gives every heading a stable, GitHub-style id (unless it has one) and
// records the h2/h3 headings as the page's table of contents. Ids the layout
// owns (src/shared/reserved-ids.ts, all under the `__pkidocs` prefix) are
// never issued: a heading that slugs into the prefix gets a leading underscore.
import GithubSlugger from 'github-slugger';
import { toString } from 'hast-util-to-string';
import type { Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { TocEntry } from '../../shared/page.ts';
import { withoutVariationSelectors } from './heading-slug.ts';
import { freeId } from '../../shared/reserved-ids.ts';
import { MAX_PAGE_SECTIONS } from '../../shared/search-words.ts';

export default function rehypeHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];
    let title: string | undefined;
    visit(tree, 'element', (node) => {
      const m = /^h([1-6])$/.exec(node.tagName);
      if (!m) return;
      const depth = Number(m[1]);
      const text = toString(node).trim();
      if (depth === 1) {
        title ??= text;
        return;
      }
      const existing = node.properties.id;
      const id = freeId((t) => slugger.slug(t), typeof existing === 'string' ? existing : slugger.slug(withoutVariationSelectors(text)));
      node.properties.id = id;
      if (depth !== 2 && depth !== 3) return;
      toc.push({ depth, id, text });
      const ctx = file.data.doc;
      if (toc.length === MAX_PAGE_SECTIONS + 1 && ctx) {
        ctx.report({
          code: 'content/too-many-sections',
          category: 'content',
          severity: 'warning',
          message: `The page has more than ${MAX_PAGE_SECTIONS} h2/h3 headings: from "${text}" on, search finds its sections only as part of the ${MAX_PAGE_SECTIONS}th, to keep each keystroke fast.`,
          hint: 'Split the page into several pages, or make the minor headings h4.',
          file: ctx.source,
          line: (node.position?.start.line ?? 1) + ctx.lineOffset,
          column: node.position?.start.column,
        });
      }
    });
    file.data.toc = toc;
    file.data.h1 = title;
  };
}


declare module 'vfile' {
  interface DataMap {
    toc: TocEntry[];
    h1: string | undefined;
  }
}
