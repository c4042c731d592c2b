// A release's README links the site by its absolute URL
// ("https://pkijs.org/docs/installation"). Its page turns each such Markdown
// link into the page of its own version where there is one
// (src/content/plugins/remark-doc-links.ts, with the version's sitePath): its
// twin must lead to the same pages, so the same links are rewritten here, in
// the README's text, and no other.
import { rewriteLinks } from './markdown-links.ts';

/**
 * `text` with every Markdown link to `origin` led where the page leads it:
 * `sitePath` of its path, as `url` gives a site path in a twin.
 */
export function readmeSiteLinks(text: string, origin: string | undefined, sitePath: (path: string) => string, url: (path: string) => string): string {
  if (!origin || !text.includes(`${origin}/`)) return text;
  return rewriteLinks(text, (link) => (link.startsWith(`${origin}/`) ? url(sitePath(link.slice(origin.length))) : undefined));
}
