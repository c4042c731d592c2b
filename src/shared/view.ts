// What the layout templates render: site-wide data (the same on every page)
// and per-page data. Both are plain JSON: they are embedded in each page for
// hydration and carried by the navigation chunks.
import type { RouteKind, SidebarId, TocEntry } from './page.ts';

export type NavItemView =
  | { type: 'link'; label: string; href: string; external: boolean; icon?: 'github'; position: 'left' | 'right' }
  | { type: 'sidebar'; label: string; href: string; sidebarId: SidebarId; position: 'left' | 'right' }
  /** `label`: shown off docs pages; `ownLabel`: on a docs page of a version the list leaves out, that version's label. */
  | { type: 'versions'; label: string; ownLabel?: string; versions: { name: string; label: string; href: string }[]; position: 'left' | 'right' }
  /** `href`: where the button leads without JavaScript (the list of every export). */
  | { type: 'search'; position: 'left' | 'right'; href: string };

export interface FooterColumnView {
  title: string;
  items?: { label: string; href: string; external: boolean }[];
  text?: string;
}

export interface SiteView {
  title: string;
  tagline: string;
  locale: string;
  direction: 'ltr' | 'rtl';
  baseUrl: string;
  navbar: {
    style: 'dark' | 'primary' | 'light';
    hideOnScroll: boolean;
    logo: { alt: string; src: string; width: number };
    items: NavItemView[];
  };
  footer: { style: 'dark' | 'light'; columns: FooterColumnView[]; copyright?: string };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  announcement?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  /** The icon every page's head links, when content/static holds it. */
  favicon?: string;
}

/** The site's icon, a file of content/static. */
export const FAVICON = '/favicon.svg';

/**
 * The same for every page: the site view and the full sidebar trees. Written
 * once as a hashed JSON asset that every page preloads and the browser caches,
 * instead of being repeated in each page.
 */
export interface SiteData {
  site: SiteView;
  sidebars: Record<SidebarId, SidebarNode[]>;
}

export type SidebarNode =
  | { type: 'link'; label: string; href: string }
  | {
      type: 'category';
      label: string;
      href?: string;
      items: SidebarNode[];
      /** Set when `items` is a window of a longer list; the rest load on demand. */
      truncated?: { total: number; href: string };
    };

/**
 * What is particular to one page. Sidebar, breadcrumbs and previous/next are
 * not stored: both sides derive them from the sidebar tree (shared/navigation.ts).
 */
export interface PageView {
  path: string;
  kind: RouteKind;
  /** The page title (last breadcrumb). */
  title: string;
  /** The document title: 'Page | site' (or the site title on the home page). */
  documentTitle: string;
  description?: string;
  sidebar?: SidebarId;
  /** The docs version of a page under a version segment (its own site data); none for the default version. */
  version?: string;
  /** A docs page's counterparts in the other documented versions; none on a one-version site. */
  versionLinks?: VersionLinks;
  toc: TocEntry[];
}

/**
 * A docs page in every documented version: what its dropdown, canonical link and banner point at.
 * Every page and chunk carries it, so each link is named once.
 */
export interface VersionLinks {
  /** The name of the page's own version (its dropdown entry leads to the page itself). */
  current: string;
  /** Where each other version leads, by name: the same page, else its nearest existing parent, else that version's first page. */
  to: Record<string, string>;
  /** On an older version's page: the newest version, and `copy` when `to` leads to this very page there (the canonical one). */
  latest?: { name: string; label: string; copy?: true };
}

/** A navigation chunk: everything the client needs to show another page. */
export interface Chunk {
  page: PageView;
  html: string;
}
