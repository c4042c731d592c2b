// Per-page view data: document title, the page-sized sidebar, breadcrumbs,
// previous/next and the table of contents.
import type { Sidebars } from '../routes/sidebars.ts';
import { breadcrumbs, HOME_CRUMB, prevNext, readingOrder } from '../routes/navigation.ts';
import type { RouteRecord } from '../routes/types.ts';
import type { NavLink, SidebarId } from '../shared/page.ts';
import { pageSidebar } from '../shared/sidebar.ts';
import type { PageView } from '../shared/view.ts';
import type { PageBody } from './body.ts';

export interface NavContext {
  siteTitle: string;
  sidebars: Sidebars;
  /** Reading order of each sidebar, computed once per build. */
  orders: Record<SidebarId, NavLink[]>;
}

export function navContext(siteTitle: string, sidebars: Sidebars): NavContext {
  return { siteTitle, sidebars, orders: { docs: readingOrder(sidebars.docs), examples: readingOrder(sidebars.examples) } };
}

export function pageView(route: RouteRecord, body: PageBody, ctx: NavContext): PageView {
  const documentTitle = route.kind === 'home' ? ctx.siteTitle : `${body.title} | ${ctx.siteTitle}`;
  const base = { path: route.path, kind: route.kind, documentTitle, description: body.description, toc: body.toc };
  if (!route.sidebar) {
    const crumbs = route.kind === 'home' || route.kind === 'not-found' ? [] : [HOME_CRUMB, { label: body.title }];
    return { ...base, breadcrumbs: crumbs };
  }
  const tree = ctx.sidebars[route.sidebar];
  return {
    ...base,
    sidebar: { id: route.sidebar, items: pageSidebar(tree, route.path) },
    breadcrumbs: breadcrumbs(tree, route.path, body.title),
    ...prevNext(ctx.orders[route.sidebar], route.path),
  };
}
