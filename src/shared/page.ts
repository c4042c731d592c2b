// Page-level records shared by the build and the client: what a page's
// layout needs (serialised into every page and into its navigation chunk).

export type RouteKind =
  | 'home'
  | 'page'
  | 'docs-index'
  | 'doc'
  | 'examples-index'
  | 'api-readme'
  | 'api-globals'
  | 'api-namespace'
  | 'api-removed'
  | 'api-class'
  | 'api-interface'
  | 'api-enum'
  | 'not-found';

export type SidebarId = 'docs' | 'examples';

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface NavLink {
  title: string;
  href: string;
}
