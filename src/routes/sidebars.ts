// The two sidebars: 'docs' (top-level pages, the guides, then the API tree) and
// 'examples' (one category per example section).
import type { ApiModel } from '../api/model.ts';
import type { DocSource } from '../content/docs.ts';
import type { SidebarId } from '../shared/page.ts';
import type { SidebarNode } from '../shared/view.ts';
import { API_BASE, NAMESPACES_SECTION_ID, apiBaseOf, apiGlobalsPath, apiItemHref, apiNamespaceHref } from './api-urls.ts';
import { EXAMPLES_DIR, GUIDES_DIR, docPath, isSectionIndex, sectionOf } from './docs.ts';
import { apiReadmePath } from './api.ts';

export type Sidebars = Record<SidebarId, SidebarNode[]>;

const byPosition = (a: DocSource, b: DocSource): number =>
  (a.data.sidebar_position ?? Infinity) - (b.data.sidebar_position ?? Infinity) || a.data.title.localeCompare(b.data.title);

const label = (d: DocSource): string => d.data.sidebar_label ?? d.data.title;

export function buildSidebars(docsBase: string, docs: readonly DocSource[], model: ApiModel, apiBase: string = API_BASE): Sidebars {
  const topLevel = docs.filter((d) => !d.id.includes('/') && d.id !== 'index').sort(byPosition);
  const docsSidebar: SidebarNode[] = [
    ...topLevel.map((d): SidebarNode => ({ type: 'link', label: label(d), href: docPath(docsBase, d.id) })),
    ...guidesCategory(docsBase, docs),
    apiCategory(model, apiBase),
  ];
  return { docs: docsSidebar, examples: exampleCategories(docsBase, docs) };
}

/** The pages of docs/guides/ by sidebar_position, as one category (none without guides). */
function guidesCategory(docsBase: string, docs: readonly DocSource[]): SidebarNode[] {
  const guides = docs.filter((d) => d.id.startsWith(`${GUIDES_DIR}/`) && d.id.split('/').length === 2).sort(byPosition);
  if (!guides.length) return [];
  return [{ type: 'category', label: 'Guides', items: guides.map((d): SidebarNode => ({ type: 'link', label: label(d), href: docPath(docsBase, d.id) })) }];
}

/**
 * The sidebars of another docs version (pages under `docsPath`, /docs/4.0), laid out as the default
 * version's from its own pages (ids relative to its folder: those written for it and those it
 * shares), with its API reference.
 */
export function versionSidebars(model: ApiModel, docsPath: string, docs: readonly DocSource[] = []): Sidebars {
  return buildSidebars(docsPath, docs, model, apiBaseOf(docsPath));
}

function apiCategory(model: ApiModel, base: string = API_BASE): SidebarNode {
  const readme = apiReadmePath(model.packageName, base);
  const globals = apiGlobalsPath(base);
  // A kind the package does not export gets no category: it would be empty, and its anchor would miss.
  const group = (kind: 'enum' | 'class' | 'interface', title: string, anchor: string): SidebarNode[] => {
    const items = model.items.filter((i) => i.kind === kind);
    if (!items.length) return [];
    const links = items.map((i): SidebarNode => ({ type: 'link', label: i.name, href: apiItemHref(i.kind, i.name, base) }));
    return [{ type: 'category', label: title, href: `${globals}#${anchor}`, items: links }];
  };
  // Nested namespaces too, each by its qualified name: a page of its own, like a class.
  const namespaces = (model.namespaces ?? []).map((n): SidebarNode => ({ type: 'link', label: n.name, href: apiNamespaceHref(n.name, base) }));
  return {
    type: 'category',
    label: 'API',
    href: readme,
    items: [
      { type: 'link', label: 'Readme', href: readme },
      { type: 'link', label: 'Exports', href: globals },
      ...(namespaces.length ? [{ type: 'category', label: 'Namespaces', href: `${globals}#${NAMESPACES_SECTION_ID}`, items: namespaces } satisfies SidebarNode] : []),
      ...group('enum', 'Enumerations', 'enumerations'),
      ...group('class', 'Classes', 'classes'),
      ...group('interface', 'Interfaces', 'interfaces'),
    ],
  };
}

/** One category per example section, then the pages directly in examples/ (the shared helpers). */
function exampleCategories(docsBase: string, docs: readonly DocSource[]): SidebarNode[] {
  const indexes = docs.filter((d) => isSectionIndex(d.id)).sort(byPosition);
  const loose = docs.filter((d) => d.id.startsWith(`${EXAMPLES_DIR}/`) && d.id.split('/').length === 2).sort(byPosition);
  const link = (d: DocSource): SidebarNode => ({ type: 'link', label: label(d), href: docPath(docsBase, d.id) });
  const categories = indexes.map((index): SidebarNode => {
    const section = sectionOf(index.id);
    const pages = docs.filter((d) => sectionOf(d.id) === section && !isSectionIndex(d.id)).sort(byPosition);
    return {
      type: 'category',
      label: label(index),
      href: docPath(docsBase, index.id),
      items: pages.map(link),
    };
  });
  return [...categories, ...loose.map(link)];
}
