// Sidebar helpers shared by the build and the client: which categories hold
// the current page, and the page-sized view of a large sidebar tree.
import type { SidebarNode } from './view.ts';

/** Categories with more direct items than this are cut down in the pages that embed them. */
export const INLINE_LIMIT = 40;
/** Links kept on each side of the current page in a long category. */
export const WINDOW = 10;

export function containsPath(node: SidebarNode, path: string): boolean {
  if (node.type === 'link') return node.href === path;
  return node.href === path || node.items.some((n) => containsPath(n, path));
}

/**
 * The tree a page embeds: a category with more than INLINE_LIMIT direct items
 * is emptied when the page is not in it, and cut to a window around the page
 * when it is; other categories keep their items, recursively. The client loads
 * the full tree when the reader opens a cut category; without JavaScript the
 * category's own link leads to a page listing everything.
 */
export function pageSidebar(tree: readonly SidebarNode[], path: string): SidebarNode[] {
  return tree.map((node) => {
    if (node.type === 'link') return node;
    const total = node.items.length;
    if (total <= INLINE_LIMIT || !node.href) return { ...node, items: pageSidebar(node.items, path) };
    const idx = node.items.findIndex((n) => containsPath(n, path));
    const items = idx < 0 ? [] : node.items.slice(Math.max(0, idx - WINDOW), idx + WINDOW + 1);
    return { ...node, items: pageSidebar(items, path), truncated: { total, href: node.href } };
  });
}
