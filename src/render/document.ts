// Wraps the server-rendered layout into a complete HTML document: head,
// pre-paint head script (colour mode, announcement, base-URL check),
// hydration data and the client script.
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { Layout } from '../../templates/layout/Layout.tsx';
import { escapeHtml } from '../shared/escape.ts';
import { DATA_ID, ROOT_ID } from '../shared/reserved-ids.ts';
import { headScript } from '../shared/theme-script.ts';
import type { PageView, SiteData } from '../shared/view.ts';

export interface Assets {
  script: string;
  style: string;
  /** The shared SiteData JSON (site view + sidebar trees). */
  data: string;
  /** The lazy search chunk and the search index; the search button works when both are set. */
  search?: string;
  searchIndex?: string;
}

/** JSON that is safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function renderDocument(data: SiteData, page: PageView, html: string, assets: Assets): string {
  const { site } = data;
  const tree = page.sidebar ? data.sidebars[page.sidebar] : undefined;
  const app = renderToString(createElement(Layout, { site, page, html, tree }));
  const theme = site.colorMode.disableSwitch ? site.colorMode.defaultMode : undefined;
  return [
    '<!doctype html>',
    `<html lang="${site.locale}" dir="${site.direction}"${theme ? ` data-theme="${theme}"` : ''}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.documentTitle)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    `<meta name="pkidocs:base-url" content="${escapeHtml(site.baseUrl)}">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${assets.style}">`,
    `<script>${headScript({ colorMode: site.colorMode, announcementId: site.announcement?.id, baseUrl: site.baseUrl, path: page.path })}</script>`,
    `<link rel="preload" href="${assets.data}" as="fetch" crossorigin="anonymous">`,
    `<script type="module" src="${assets.script}"></script>`,
    '</head>',
    '<body>',
    `<div id="${ROOT_ID}">${app}</div>`,
    `<script id="${DATA_ID}" type="application/json" data-site="${assets.data}"${searchAttributes(assets)}>${scriptJson(page)}</script>`,
    '</body>',
    '</html>',
  ].filter(Boolean).join('\n');
}

/** Where the page's script finds the search chunk and index (fetched on first use only). */
function searchAttributes(assets: Assets): string {
  return assets.search && assets.searchIndex ? ` data-search="${escapeHtml(assets.search)}" data-search-index="${escapeHtml(assets.searchIndex)}"` : '';
}
