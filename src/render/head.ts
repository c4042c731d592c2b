// What a page tells search engines, link previews and assistants: the
// canonical URL, OpenGraph and Twitter tags, the social image, and the
// Markdown twin. Absolute URLs need the production origin (`url` in the
// config); without it the page gets no canonical link and no og:url.
import { absoluteUrl, withBase } from '../shared/base-url.ts';
import { escapeHtml } from '../shared/escape.ts';
import { twinUrl } from '../shared/paths.ts';
import type { PageView } from '../shared/view.ts';

/** Config facts the head needs that the client does not (so they stay out of the site data). */
export interface SiteMeta {
  /** Production origin, `https://pkijs.org`. */
  origin?: string;
  /** The social image: a path in static/ (`img/social.png`) or an absolute URL. */
  image?: string;
}

const meta = (attr: 'name' | 'property', key: string, value: string): string => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/** The social image's absolute URL, when it has one. */
export function imageUrl(site: SiteMeta, base: string): string | undefined {
  if (!site.image) return undefined;
  if (/^https?:\/\//.test(site.image)) return site.image;
  return site.origin ? absoluteUrl(site.origin, base, `/${site.image.replace(/^\/+/, '')}`) : undefined;
}

/** The page search engines should index: the newest version's copy of an older version's page, else the page. */
function canonicalPath(page: PageView): string {
  const links = page.versionLinks;
  return links?.latest?.copy ? links.to[links.latest.name]! : page.path;
}

export function headTags(page: PageView, siteTitle: string, base: string, site: SiteMeta): string[] {
  if (page.kind === 'not-found') return [meta('name', 'robots', 'noindex')];
  const url = site.origin ? absoluteUrl(site.origin, base, page.path) : undefined;
  // An older version's page names the newest version's copy as the one to index, where it exists.
  const canonical = site.origin ? absoluteUrl(site.origin, base, canonicalPath(page)) : undefined;
  const image = imageUrl(site, base);
  return [
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    `<link rel="alternate" type="text/markdown" href="${escapeHtml(withBase(base, twinUrl(page.path)))}" title="This page in Markdown">`,
    meta('property', 'og:title', page.title),
    page.description ? meta('property', 'og:description', page.description) : '',
    url ? meta('property', 'og:url', url) : '',
    meta('property', 'og:type', page.kind === 'home' ? 'website' : 'article'),
    meta('property', 'og:site_name', siteTitle),
    image ? meta('property', 'og:image', image) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ].filter(Boolean);
}
