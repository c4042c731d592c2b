// Site-wide view data from the config: resolves navbar targets (a sidebar
// item points at its sidebar's first page) and marks external links.
import type { DocsVersion, SiteConfig } from '../config/schema.ts';
import { defaultVersion, libraryVersionOf, versionDocsPath } from '../config/versions.ts';
import { apiBaseOf, apiGlobalsPath } from '../routes/api-urls.ts';
import type { SidebarId } from '../shared/page.ts';
import { sanitizeHtmlFragment } from '../shared/safe-html.ts';
import type { FooterColumnView, NavItemView, SiteView } from '../shared/view.ts';
import { htmlWithBase } from './html-urls.ts';

const isExternal = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href);

export function siteView(
  config: SiteConfig,
  sidebarHome: Partial<Record<SidebarId, string>>,
  docsVersion: DocsVersion = defaultVersion(config),
  /** Each version's first page, by name (src/routes/version-links.ts); else its main page. */
  homes: Readonly<Record<string, string>> = {},
  /** The paths of `docsVersion`'s own pages, for a version with a path: footer links follow the version into them. */
  ownPages?: ReadonlySet<string>,
): SiteView {
  // A footer `to` link names a page at today's URLs (/docs/installation): on a page of another version it leads to
  // that version's copy (/docs/4.0/installation) where there is one, as the navbar's docs items do; else as written.
  const follow = (to: string): string => {
    const base = config.docs.path;
    const cut = to.search(/[?#]/);
    const [path, rest] = cut < 0 ? [to, ''] : [to.slice(0, cut), to.slice(cut)];
    if (!ownPages || !docsVersion.path || (path !== base && !path.startsWith(`${base}/`))) return to;
    const moved = versionDocsPath(config, docsVersion) + path.slice(base.length);
    return ownPages.has(moved) ? moved + rest : to;
  };
  // `{version}` in footer text: the release the page's docs version documents, so no template or config repeats it.
  const version = libraryVersionOf(config, docsVersion);
  const items = config.navbar.items.map((item): NavItemView => {
    switch (item.type) {
      case 'docSidebar':
        return { type: 'sidebar', label: item.label, href: sidebarHome[item.sidebarId as SidebarId]!, sidebarId: item.sidebarId as SidebarId, position: item.position };
      case 'link': {
        const href = (item.href ?? item.to)!;
        return { type: 'link', label: item.label, href, external: isExternal(href), icon: item.icon, position: item.position };
      }
      case 'docsVersionDropdown': {
        const names = item.versions ?? config.docs.versions.map((v) => v.name);
        const versions = config.docs.versions.filter((v) => names.includes(v.name));
        return {
          type: 'versions',
          label: versions[0]?.label ?? 'Versions',
          // A page of a version the list leaves out still names its own version, never a listed one.
          ...(names.includes(docsVersion.name) ? {} : { ownLabel: docsVersion.label }),
          // Where each version leads from a page that is no docs page (the home page): its first page. Docs pages carry their own links.
          versions: versions.map((v) => ({ name: v.name, label: v.label, href: homes[v.name] ?? `${versionDocsPath(config, v)}/${config.docs.mainPage}` })),
          position: item.position,
        };
      }
      case 'search':
        // Without JavaScript, search leads to the list of every export of the version being read.
        return { type: 'search', position: item.position, href: apiGlobalsPath(apiBaseOf(versionDocsPath(config, docsVersion))) };
    }
  });
  const columns = config.footer.columns.map((col): FooterColumnView =>
    'items' in col
      ? { title: col.title, items: col.items.map((i) => ({ label: i.label, href: i.to ? follow(i.to) : i.href!, external: !i.to })) }
      : { title: col.title, text: col.text.replaceAll('{version}', version) },
  );
  return {
    title: config.title,
    tagline: config.tagline,
    locale: config.locale,
    direction: config.direction,
    baseUrl: config.baseUrl,
    navbar: { style: config.navbar.style, hideOnScroll: config.navbar.hideOnScroll, logo: config.navbar.logo, items },
    footer: { style: config.footer.style, columns, copyright: config.footer.copyright },
    colorMode: config.colorMode,
    // The announcement is HTML from the config (checked when the config loads; cleaned here all the same): its links get the base URL as content links do.
    announcement: config.announcementBar && { ...config.announcementBar, content: htmlWithBase(sanitizeHtmlFragment(config.announcementBar.content).html, config.baseUrl) },
  };
}
