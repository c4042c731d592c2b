// Sidebar helpers shared by the build and the client: which categories hold
// the current page, and the page-sized view of a large sidebar tree.
import type { SidebarNode } from './view.ts';

/** Categories with more links than this are not inlined into pages that are not in them. */
export const INLINE_LIMIT = 40;
/** Links kept on each side of the current page in a long category. */
export const WINDOW = 10;

export function containsPath(node: SidebarNode, path: string): boolean {
  if (node.type === 'link') return node.href === path;
  return node.href === path || node.items.some((n) => containsPath(n, path));
}

export function countLinks(nodes: readonly SidebarNode[]): number {
  return nodes.reduce((n, node) => n + (node.type === 'link' ? 1 : countLinks(node.items)), 0);
}

/**
 * The tree a page embeds: long categories away from the page are emptied and
 * the long category holding it is cut to a window around it. The client loads
 * the full tree when the reader opens a cut category; without JavaScript the
 * category's own link leads to a page listing everything.
 */
export function pageSidebar(tree: readonly SidebarNode[], path: string): SidebarNode[] {
  return tree.map((node) => {
    if (node.type === 'link') return node;
    const total = countLinks(node.items);
    const here = containsPath(node, path);
    if (total <= INLINE_LIMIT || !node.href) return { ...node, items: pageSidebar(node.items, path) };
    if (!here) return { ...node, items: [], truncated: { total, href: node.href } };
    const idx = node.items.findIndex((n) => containsPath(n, path));
    const start = Math.max(0, idx - WINDOW);
    const items = node.items.slice(start, idx + WINDOW + 1);
    return { ...node, items: pageSidebar(items, path), truncated: { total, href: node.href } };
  });
}
