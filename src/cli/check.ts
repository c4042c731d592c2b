// `pkidocs check [--out dir] [--external]`: the release-script check of a
// built site over HTTP (src/check/crawl.ts). Exit 0 when every link
// resolves, 4 on any broken link, 64 when there is no built site to check.
// What it does is said on stderr as it goes (the manifest pass, then the
// crawl); the result line on stdout uses the build's words for pages and
// links, and names the built pages no link reaches (the crawl misses them).
import { access } from 'node:fs/promises';
import { crawlSite, TIMEOUT_MS } from '../check/crawl.ts';
import { error } from '../diagnostics/diagnostic.ts';
import { MANIFEST, readManifest } from '../output/manifest.ts';
import { siteBase } from '../output/site-base.ts';
import { verifyOutput } from '../output/verify.ts';
import { plural } from '../shared/plural.ts';
import { ExitCode } from './exit-codes.ts';
import type { CliReporter } from './reporter.ts';

export interface CheckOptions {
  reporter: CliReporter;
  outDir: string;
  external: boolean;
}

export async function checkCommand({ reporter, outDir, external }: CheckOptions): Promise<number> {
  const started = performance.now();
  const manifest = await readManifest(outDir);
  if (!manifest) {
    const exists = await access(outDir).then(() => true, () => false);
    reporter.diagnostic(error('usage', 'check/no-site', exists
      ? `${outDir} holds no built site: it has no ${MANIFEST}, the list of files a build of pkidocs writes, so neither its files nor its links can be checked.`
      : `${outDir} does not exist, so there is no built site to check.`, { hint: 'Build it first with pkidocs build (a site of an older pkidocs is built again), or pass --out the folder the site was built into.' }));
    return ExitCode.Usage;
  }
  // The files first: a page emptied or a file lost since the build fails the check before any link is crawled.
  reporter.info(`Comparing the ${plural(manifest.size, 'file')} of ${outDir} with the manifest its build wrote…`);
  const changed = (await verifyOutput(outDir)) ?? [];
  if (changed.length) {
    changed.forEach((d) => reporter.diagnostic(d));
    reporter.info(`${outDir} is not the site its build wrote: ${plural(changed.length, 'file')} missing, empty, changed, extra or behind a link. No link was checked.`);
    return ExitCode.BrokenLinks;
  }
  const base = siteBase(outDir)();
  reporter.info(`Crawling ${outDir} over HTTP from its home page${external ? ', other sites included' : ''}…`);
  const crawled = new Set<string>();
  const report = await crawlSite({
    outDir,
    base,
    external,
    onPage: (url) => crawled.add(pageKey(new URL(url).pathname)),
    onRetry: (url, seconds, status) => reporter.info(`${url} ${retryReason(status)}: trying again in ${seconds} s.`),
  });
  report.broken.forEach((d) => reporter.diagnostic(d));
  const time = ((performance.now() - started) / 1000).toFixed(1);
  // The build counts every href of every page, repeats included; the crawl counts each URL once, and only on the pages a link reaches.
  // One page per URL: the not-found page is written both as 404.html and as the route /404.
  const unreached = [...new Set([...manifest.keys()].filter((p) => p.endsWith('.html')).map((p) => pageKey(base + p)))].filter((p) => !crawled.has(p)).sort();
  const shown = unreached.length > 5 ? `${unreached.slice(0, 5).join(', ')} and ${unreached.length - 5} more` : unreached.join(', ');
  const missed = unreached.length ? ` ${plural(unreached.length, 'built page is', 'built pages are')} not linked from any page, so not crawled: ${shown}.` : '';
  reporter.result(`Checked ${plural(report.pages, 'page')} (those a link reaches from the home page) and ${plural(report.checked, 'link')} (distinct URLs, each once${external ? ', other sites included' : ''}) in ${time} s: ${report.broken.length ? `${report.broken.length} broken` : 'none broken'}.${missed}`);
  return report.broken.length ? ExitCode.BrokenLinks : ExitCode.Ok;
}

/** A page's URL path as the static host serves it: "/docs/x/index.html", "/docs/x/" and "/docs/x" are one page. */
function pageKey(path: string): string {
  let bare = decodeURI(path).replace(/(?:\/index)?\.html$/, '');
  while (bare.endsWith('/')) bare = bare.slice(0, -1);
  return bare || '/';
}

/** Why linkinator tries a link again: only a 429 asked to wait; a busy machine makes the local host miss the timeout. */
function retryReason(status: number): string {
  if (status === 429) return 'asked to wait';
  if (status) return `answered ${status}`;
  return `gave no answer within ${TIMEOUT_MS / 1000} s, or dropped the connection`;
}
