// Breadcrumbs, previous/next links and the page-sized sidebar, all derived
// from the full sidebar tree. Shared so that the server and the hydrating
// client compute exactly the same layout from the same inputs.
import type { Crumb, NavLink } from './page.ts';
import type { PageView, SidebarNode } from './view.ts';
import { containsPath, pageSidebar } from './sidebar.ts';

export const HOME_CRUMB: Crumb = { label: 'Home', href: '/' };

/** Home › the categories holding the page › the page itself (not linked). */
export function breadcrumbs(tree: readonly SidebarNode[], path: string, title: string): Crumb[] {
  const crumbs: Crumb[] = [HOME_CRUMB];
  let level: readonly SidebarNode[] = tree;
  for (;;) {
    const cat = level.find((n) => n.type === 'category' && containsPath(n, path));
    if (!cat || cat.type !== 'category' || cat.href === path) break;
    crumbs.push({ label: cat.label, href: cat.href && !cat.href.includes('#') ? cat.href : undefined });
    level = cat.items;
  }
  crumbs.push({ label: title });
  return crumbs;
}

/** Pages of a sidebar in reading order: a category's own page, then its items. */
export function readingOrder(tree: readonly SidebarNode[]): NavLink[] {
  const out: NavLink[] = [];
  const seen = new Set<string>();
  const add = (title: string, href: string | undefined): void => {
    if (!href || href.includes('#') || seen.has(href)) return;
    seen.add(href);
    out.push({ title, href });
  };
  const walk = (nodes: readonly SidebarNode[]): void => {
    for (const n of nodes) {
      add(n.label, n.href);
      if (n.type === 'category') walk(n.items);
    }
  };
  walk(tree);
  return out;
}

/**
 * Each sidebar's reading order, by page path, made once per tree: every page
 * of a build shares its sidebar's tree, and walking it again for each of
 * 400 pages was a tenth of the layout's rendering time.
 */
const orders = new WeakMap<readonly SidebarNode[], { order: NavLink[]; at: Map<string, number> }>();

function neighbours(tree: readonly SidebarNode[], path: string): { prev?: NavLink; next?: NavLink } {
  let known = orders.get(tree);
  if (!known) {
    const order = readingOrder(tree);
    known = { order, at: new Map(order.map((l, i) => [l.href, i])) };
    orders.set(tree, known);
  }
  const i = known.at.get(path);
  return i === undefined ? {} : { prev: known.order[i - 1], next: known.order[i + 1] };
}

export interface PageNavigation {
  /** The cut-down sidebar the page shows (undefined: no sidebar). */
  sidebar?: SidebarNode[];
  breadcrumbs: Crumb[];
  prev?: NavLink;
  next?: NavLink;
}

/** Everything the layout shows around a page's content, from its sidebar tree. */
export function pageNavigation(page: Pick<PageView, 'path' | 'kind' | 'title'>, tree: readonly SidebarNode[] | undefined): PageNavigation {
  if (!tree) {
    const bare = page.kind === 'home' || page.kind === 'page' || page.kind === 'not-found';
    return { breadcrumbs: bare ? [] : [HOME_CRUMB, { label: page.title }] };
  }
  return {
    sidebar: pageSidebar(tree, page.path),
    breadcrumbs: breadcrumbs(tree, page.path, page.title),
    ...neighbours(tree, page.path),
  };
}
