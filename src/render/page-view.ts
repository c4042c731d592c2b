// Per-page view data: the title, document title and table of contents. The
// sidebar, breadcrumbs and previous/next are derived from the sidebar tree by
// shared/navigation.ts, on the server and again in the browser.
import type { RouteRecord } from '../routes/types.ts';
import type { PageView } from '../shared/view.ts';
import type { PageBody } from './body.ts';

export function pageView(route: RouteRecord, body: PageBody, siteTitle: string): PageView {
  return {
    path: route.path,
    kind: route.kind,
    title: body.title,
    documentTitle: route.kind === 'home' ? siteTitle : `${body.title} | ${siteTitle}`,
    description: body.description,
    sidebar: route.sidebar,
    // Only another version's pages name one: the default version's views stay as they were.
    ...(route.version ? { version: route.version } : {}),
    ...(route.versionLinks ? { versionLinks: route.versionLinks } : {}),
    toc: body.toc,
  };
}
