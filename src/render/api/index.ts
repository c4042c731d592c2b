// Page bodies of the API reference: one per class, interface and enumeration,
// plus the globals page. React renders the page structure; doc comments and
// type expressions arrive as HTML strings built (and cached) by this folder.
import { createElement } from 'react';
import { type ApiItem, isPageItem } from '../../api/model.ts';
import { apiGlobalsPath, apiNamespaceHref } from '../../routes/api-urls.ts';
import { reactDomServer } from '../../shared/lazy-packages.ts';
import type { TocEntry } from '../../shared/page.ts';
import { ApiGlobalsPage } from '../../../templates/api/GlobalsPage.tsx';
import { ApiItemPage } from '../../../templates/api/ItemPage.tsx';
import type { ApiGlobalsPageProps, ApiItemPageProps, SectionView } from '../../../templates/api/props.ts';
import type { PageBody } from '../body.ts';
import type { ApiRenderContext } from './context.ts';
import { itemDescription } from './describe.ts';
import { globalsPageProps } from './globals-page.ts';
import { type ItemNotes, itemPageProps } from './item-page.ts';

export { createApiRenderContext, type ApiRenderContext } from './context.ts';
export { renderApiRemovedPage } from './removed-page.ts';

// renderToStaticMarkup, not renderToString: the body is placed into the layout
// as an HTML string and never hydrated on its own, so hydration markers would
// only add bytes.

export type { ItemNotes };

export function renderApiItemPage(item: ApiItem, ctx: ApiRenderContext, notes?: ItemNotes): PageBody {
  if (!isPageItem(item)) {
    throw new TypeError(`${item.name} is a ${item.kind}: it is documented on the globals page, not on a page of its own.`);
  }
  const props = itemPageProps(item, ctx, notes);
  return {
    title: item.name,
    description: itemDescription(item, ctx.model.packageName),
    html: reactDomServer().renderToStaticMarkup(createElement(ApiItemPage, props)),
    toc: itemToc(props),
  };
}

/** The globals page, or with `namespace` (a qualified name) the page of that namespace, laid out alike. */
export function renderApiGlobalsPage(ctx: ApiRenderContext, namespace?: string): PageBody {
  const props = globalsPageProps(ctx, namespace);
  const { packageName, version } = ctx.model;
  return {
    title: props.title,
    description: namespace ? `The exports of the namespace ${namespace} of ${packageName} ${version}, grouped by kind.` : `Every export of ${props.title} ${version}, grouped by kind.`,
    html: samePageLinks(reactDomServer().renderToStaticMarkup(createElement(ApiGlobalsPage, props)), namespace ? apiNamespaceHref(namespace, ctx.base) : apiGlobalsPath(ctx.base)),
    toc: globalsToc(props),
  };
}

/** Links from the page to its own anchors need no path (~400 of them on the globals page, 17 bytes each). */
function samePageLinks(html: string, path: string): string {
  return html.replaceAll(`href="${path}#`, 'href="#');
}

function itemToc(props: ApiItemPageProps): TocEntry[] {
  const toc: TocEntry[] = [];
  if (props.examples) toc.push({ depth: 2, id: props.examples.id, text: 'Examples' });
  if (props.hierarchy) toc.push({ depth: 2, id: props.hierarchy.id, text: 'Hierarchy' });
  if (props.usedBy) toc.push({ depth: 2, id: props.usedBy.id, text: 'Used by' });
  for (const section of props.sections) toc.push(...sectionToc(section));
  return toc;
}

/**
 * Only the h2 sections: ~260 h3 entries would add ~20 KB to the page through
 * the layout's TOC column and be too long to scan; the page itself is the index.
 */
function globalsToc(props: ApiGlobalsPageProps): TocEntry[] {
  return [...props.indexes, ...props.sections].map((s): TocEntry => ({ depth: 2, id: s.id, text: s.title }));
}

function sectionToc(section: SectionView): TocEntry[] {
  return [
    { depth: 2, id: section.id, text: section.title },
    ...section.members.map((m): TocEntry => ({ depth: 3, id: m.id, text: m.heading })),
  ];
}
