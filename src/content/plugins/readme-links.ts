// The package README's relative links (`CONTRIBUTING.md`, `docs/x.md#y`,
// `[guide]: .github/contributing.md`) name files of the package's repository
// that npm does not ship: each becomes the repository's URL of the file. When
// the package names no repository, the link is shown as its text, with a
// warning naming the README's line: the README is the package's, not the site
// author's, so it cannot fail the build.
import type { Definition, Link, LinkReference, Nodes, Parents, Root } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import type { RepositoryLink } from '../package-repository.ts';
import type { DocContext } from './context.ts';

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i;

export function rewriteReadmeLinks(tree: Root, ctx: DocContext, link: RepositoryLink | undefined): void {
  const unlinked = new Set<string>();
  const resolve = (node: Link | Definition): boolean => {
    if (!node.url || ABSOLUTE.test(node.url)) return true;
    const url = link?.(node.url);
    if (url) {
      node.url = url;
      return true;
    }
    ctx.report(warning(node, ctx, link ? 'climbs above the root of the package\'s repository' : 'names a file of the package, and the package.json names no repository to link it to'));
    return false;
  };
  visit(tree, 'definition', (node: Definition) => {
    if (!resolve(node)) unlinked.add(node.identifier);
  });
  visit(tree, (node: Nodes, index, parent: Parents | undefined) => {
    if (node.type !== 'link' && node.type !== 'linkReference') return;
    const keep = node.type === 'link' ? resolve(node) : !unlinked.has((node as LinkReference).identifier);
    if (keep || !parent || index === undefined) return;
    // Shown as its text: a link to nowhere would fail the link check.
    (parent.children as Nodes[]).splice(index, 1, ...node.children);
    return [SKIP, index];
  });
}

function warning(node: Link | Definition, ctx: DocContext, why: string): Diagnostic {
  return {
    code: 'links/readme-relative-link',
    category: 'links',
    severity: 'warning',
    message: `The README's link "${node.url}" ${why}, so it is shown as plain text.`,
    hint: 'Add a "repository" to the package\'s package.json (the README\'s relative links then open its files there), or make the link absolute.',
    file: ctx.source,
    line: (node.position?.start.line ?? 1) + ctx.lineOffset,
    column: node.position?.start.column,
  };
}
