// Wraps the server-rendered layout into a complete HTML document: head,
// pre-paint head script (colour mode, announcement, base-URL check),
// hydration data and the client script.
import { createElement } from 'react';
import { Layout } from '../../templates/layout/Layout.tsx';
import { withBase } from '../shared/base-url.ts';
import { escapeHtml } from '../shared/escape.ts';
import { DATA_ID, ROOT_ID } from '../shared/reserved-ids.ts';
import { scriptSafeJson } from '../shared/script-json.ts';
import { reactDomServer } from '../shared/lazy-packages.ts';
import { headScript } from '../shared/theme-script.ts';
import type { PageView, SiteData } from '../shared/view.ts';
import { headTags, type SiteMeta } from './head.ts';

export interface Assets {
  script: string;
  style: string;
  /** The shared SiteData JSON (site view + sidebar trees). */
  data: string;
  /** The lazy search chunk and the search index; the search button works when both are set. */
  search?: string;
  searchIndex?: string;
}

/**
 * `html` is the page's content HTML with the base URL already applied
 * (html-urls.ts); asset URLs are route paths and get it here. `pageJson` is
 * JSON.stringify(page), which the caller made already for the page's chunk.
 */
export function renderDocument(data: SiteData, page: PageView, pageJson: string, html: string, assets: Assets, meta: SiteMeta = {}): string {
  const { site } = data;
  const url = (path: string): string => escapeHtml(withBase(site.baseUrl, path));
  const tree = page.sidebar ? data.sidebars[page.sidebar] : undefined;
  const app = reactDomServer().renderToString(createElement(Layout, { site, page, html, tree }));
  const theme = site.colorMode.disableSwitch ? site.colorMode.defaultMode : undefined;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.locale)}" dir="${escapeHtml(site.direction)}"${theme ? ` data-theme="${theme}"` : ''}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.documentTitle)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    ...headTags(page, site.title, site.baseUrl, meta),
    `<meta name="pkidocs:base-url" content="${escapeHtml(site.baseUrl)}">`,
    site.favicon ? `<link rel="icon" href="${url(site.favicon)}" type="image/svg+xml">` : '',
    `<link rel="stylesheet" href="${url(assets.style)}">`,
    `<script>${headScript({ colorMode: site.colorMode, announcementId: site.announcement?.id, baseUrl: site.baseUrl, path: page.path, notFound: page.kind === 'not-found' })}</script>`,
    `<link rel="preload" href="${url(assets.data)}" as="fetch" crossorigin="anonymous">`,
    `<script type="module" src="${url(assets.script)}"></script>`,
    '</head>',
    '<body>',
    `<div id="${ROOT_ID}">${app}</div>`,
    `<script id="${DATA_ID}" type="application/json" data-site="${url(assets.data)}"${searchAttributes(assets, site.baseUrl)}>${scriptSafeJson(pageJson)}</script>`,
    '</body>',
    '</html>',
  ].filter(Boolean).join('\n');
}

/** Where the page's script finds the search chunk and index (fetched on first use only). */
function searchAttributes(assets: Assets, base: string): string {
  return assets.search && assets.searchIndex
    ? ` data-search="${escapeHtml(withBase(base, assets.search))}" data-search-index="${escapeHtml(withBase(base, assets.searchIndex))}"`
    : '';
}
