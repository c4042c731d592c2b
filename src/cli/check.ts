// `pkidocs check [--out dir] [--external]`: the release-script check of a
// built site over HTTP (src/check/crawl.ts). Exit 0 when every link
// resolves, 4 on any broken link, 64 when there is no built site to check.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlSite } from '../check/crawl.ts';
import { error } from '../diagnostics/diagnostic.ts';
import { siteBase } from '../output/site-base.ts';
import { verifyOutput } from '../output/verify.ts';
import { ExitCode } from './exit-codes.ts';
import type { CliReporter } from './reporter.ts';

export interface CheckOptions {
  reporter: CliReporter;
  outDir: string;
  external: boolean;
}

export async function checkCommand({ reporter, outDir, external }: CheckOptions): Promise<number> {
  const built = await access(join(outDir, '404.html')).then(() => true, () => false);
  if (!built) {
    reporter.diagnostic(error('usage', 'check/no-site', `${outDir} holds no built site (it has no 404.html).`, { hint: 'Build it first with pkidocs build, or pass --out with the folder the site was built into.' }));
    return ExitCode.Usage;
  }
  // The files first: a page emptied or a file lost since the build fails the check before any link is crawled.
  const changed = await verifyOutput(outDir);
  if (!changed) {
    reporter.diagnostic(error('usage', 'check/no-manifest', `${outDir} holds no .pkidocs-manifest.json, the list of files its build wrote, so its files cannot be checked.`, { hint: 'Build it again with this version of pkidocs (pkidocs build), then check it.' }));
    return ExitCode.Usage;
  }
  if (changed.length) {
    changed.forEach((d) => reporter.diagnostic(d));
    reporter.info(`${outDir} is not the site its build wrote: ${changed.length} file(s) missing, empty, changed or extra. No link was checked.`);
    return ExitCode.BrokenLinks;
  }
  const started = performance.now();
  const report = await crawlSite({
    outDir,
    base: siteBase(outDir)(),
    external,
    onRetry: (url, seconds) => reporter.info(`${url} asked to wait: trying again in ${seconds} s.`),
  });
  report.broken.forEach((d) => reporter.diagnostic(d));
  const time = ((performance.now() - started) / 1000).toFixed(1);
  // linkinator counts each URL once, however many pages link to it, and only the pages it reaches from the home page.
  reporter.result(`Crawled ${report.pages} pages from the home page and checked the ${report.checked} distinct URLs they link to${external ? ', other sites included' : ''} in ${time} s: ${report.broken.length ? `${report.broken.length} broken` : 'none broken'}.`);
  return report.broken.length ? ExitCode.BrokenLinks : ExitCode.Ok;
}
