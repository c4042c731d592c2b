// sitemap.xml (every page by its absolute URL; no lastmod, which would make
// two builds of the same inputs differ) and robots.txt.

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(urls: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `<url><loc>${xml(u)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** `sitemap`: the sitemap's absolute URL, when the site has a `url`. */
export function robotsTxt(sitemap: string | undefined): string {
  return `User-agent: *\nAllow: /\n${sitemap ? `\nSitemap: ${sitemap}\n` : ''}`;
}
