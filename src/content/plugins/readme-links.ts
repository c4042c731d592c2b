// The package README's relative links and images (`CONTRIBUTING.md`,
// `docs/x.md#y`, `<img src="docs/logo.png">`, Markdown or raw HTML) name files
// of the package's repository that npm does not ship: each becomes the
// repository's URL of the file. When the package names no repository, a link
// is shown as its text and an image as its alt text, with a warning naming the
// README's line: the README is the package's, so it cannot fail the build.
import type { Element, ElementContent, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import type { RepositoryLink } from '../package-repository.ts';
import type { DocContext } from './context.ts';

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i;

/** Rewrites the tree's relative `a href` and `img src` (after raw HTML is parsed, before it is checked). */
export function rewriteReadmeUrls(tree: Root, ctx: DocContext, link: RepositoryLink | undefined): void {
  visit(tree, 'element', (node: Element, index, parent) => {
    const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
    const url = attr && node.properties[attr];
    if (!attr || typeof url !== 'string' || !url || ABSOLUTE.test(url)) return;
    const absolute = link?.(url, attr === 'src');
    if (absolute) {
      node.properties[attr] = absolute;
      return;
    }
    ctx.report(warning(url, node, ctx, link ? "climbs above the root of the package's repository" : 'names a file of the package, and the package.json names no repository to link it to'));
    if (!parent || index === undefined) return;
    // Shown as text: a link or image to nowhere would fail the link check or show broken.
    const alt = node.properties.alt;
    const text: ElementContent[] = attr === 'href' ? node.children : typeof alt === 'string' && alt ? [{ type: 'text', value: alt }] : [];
    parent.children.splice(index, 1, ...text);
    return [SKIP, index];
  });
}

function warning(url: string, node: Element, ctx: DocContext, why: string): Diagnostic {
  return {
    code: 'links/readme-relative-link',
    category: 'links',
    severity: 'warning',
    message: `The README's ${node.tagName === 'img' ? 'image' : 'link'} "${url}" ${why}, so it is shown as ${node.tagName === 'img' ? 'its alt text' : 'plain text'}.`,
    hint: 'Add a "repository" to the package\'s package.json (the README\'s relative links then open its files there), or make the link absolute.',
    file: ctx.source,
    line: (node.position?.start.line ?? 1) + ctx.lineOffset,
    column: node.position?.start.column,
  };
}
