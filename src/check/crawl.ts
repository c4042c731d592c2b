// `pkidocs check`: crawls a built site over real HTTP with linkinator, from
// its home page, following every link and asset as a browser would fetch
// them (and every #fragment), against out/ served as a plain static host
// serves it. Links to other sites are skipped unless `external` is set; then
// they are checked too, with linkinator's retries (429 with Retry-After, and
// network errors and 5xx up to three times) and a bounded concurrency.
import { LinkChecker, LinkState, type LinkResult } from 'linkinator';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { serveStaticHost } from './static-host.ts';

export interface CrawlOptions {
  outDir: string;
  /** The base URL the site was built for (`/PKI.js/`). */
  base: string;
  external: boolean;
  /** Called for each page as the crawl reaches it. */
  onPage?: (url: string) => void;
  /** Called when a link is tried again: status 429 (asked to wait), 5xx, or 0 (no answer in time, or the connection failed). */
  onRetry?: (url: string, seconds: number, status: number) => void;
}

/** How long one request may take before it counts as unanswered (and is tried again). */
export const TIMEOUT_MS = 20_000;

export interface CrawlReport {
  checked: number;
  pages: number;
  broken: Diagnostic[];
}

export async function crawlSite(options: CrawlOptions): Promise<CrawlReport> {
  const host = await serveStaticHost(options.outDir, options.base);
  try {
    const start = `${host.origin}${options.base}`;
    const checker = new LinkChecker();
    let pages = 0;
    checker.on('pagestart', (url) => {
      pages++;
      options.onPage?.(url);
    });
    checker.on('retry', (r) => options.onRetry?.(r.url, r.secondsUntilRetry, r.status));
    const result = await checker.check({
      path: start,
      recurse: true,
      // Relative links resolve against the page's URL as a browser resolves them (linkinator would add a slash to /docs/x).
      cleanUrls: true,
      checkFragments: true,
      concurrency: options.external ? 25 : 50,
      timeout: TIMEOUT_MS,
      retry: true,
      retryErrors: true,
      retryErrorsCount: 3,
      retryErrorsJitter: 1000,
      linksToSkip: async (link) => !options.external && !link.startsWith(`${host.origin}/`),
    });
    // One report per broken URL (the same link is on many pages).
    const seen = new Set<string>();
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN && !seen.has(l.url) && seen.add(l.url)).map((l) => diagnostic(l, host.origin));
    return { checked: result.links.filter((l) => l.state !== LinkState.SKIPPED).length, pages, broken };
  } finally {
    await host.close();
  }
}

function diagnostic(link: LinkResult, origin: string): Diagnostic {
  const show = (url: string | undefined): string => (url?.startsWith(origin) ? url.slice(origin.length) : url ?? '(unknown)');
  const fragment = new URL(link.url).hash;
  const why = link.status && link.status < 400 && fragment ? `points to ${fragment}, which no element of that page has` : link.status ? `answered ${link.status}` : link.failureDetails?.map((d) => (d instanceof Error ? d.message : '')).find(Boolean) ?? 'could not be fetched';
  return error('links', 'check/broken-link', `The link "${show(link.url)}" on ${show(link.parent)} ${why}.`, {
    hint: link.url.startsWith(origin) ? 'Rebuild the site (pkidocs build) and check again; if it stays, the page links to a file the build does not write.' : 'The other site may be down or have moved the page: fix or remove the link.',
  });
}
