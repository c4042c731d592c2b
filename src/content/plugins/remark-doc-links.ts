// Rewrites links between Markdown files (`./other.md#part`) and absolute
// links to the production site into route paths. A .md link to a file that
// is not a page is reported here, with its line; other links are left to the
// link check, which sees the rendered HTML. In the package's README, a
// relative link names a file of the package's repository: it is left for
// readme-links.ts, which sees raw HTML links too.
import { dirname, resolve } from 'node:path';
import type { Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { error } from '../../diagnostics/diagnostic.ts';
import { withoutVariationSelectors } from './heading-slug.ts';

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

export default function remarkDocLinks() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.doc;
    if (!ctx) return;
    visit(tree, 'link', (node: Link) => {
      const url = node.url;
      if (ctx.siteOrigin && url.startsWith(`${ctx.siteOrigin}/`)) {
        node.url = ctx.sitePath?.(url.slice(ctx.siteOrigin.length)) ?? url.slice(ctx.siteOrigin.length);
        return;
      }
      // An anchor is slugged as heading ids are (an emoji's variation selector is in neither).
      if (url.startsWith('#')) {
        node.url = withoutVariationSelectors(url);
        return;
      }
      if (url.startsWith('/') && !url.startsWith('//') && ctx.sharedPage && ctx.sitePath) {
        node.url = ctx.sitePath(url);
        return;
      }
      if (EXTERNAL.test(url) || url.startsWith('/') || ctx.readme) return;
      const [target = '', hash] = url.split('#');
      if (!/\.mdx?$/.test(target)) return;
      const abs = resolve(dirname(ctx.source), decodeURIComponent(target));
      const route = ctx.routeOfFile(abs);
      if (!route) {
        ctx.report(error('links', 'links/missing-page', `The link "${url}" points to ${target}, which is not a page of the site.`, {
          file: ctx.source,
          line: (node.position?.start.line ?? 1) + ctx.lineOffset,
          column: node.position?.start.column,
          hint: 'Fix the path (it is relative to this file) or create the page.',
        }));
        return;
      }
      node.url = hash ? `${route}#${withoutVariationSelectors(hash)}` : route;
    });
  };
}
