// `pkidocs build`: one full build into the output folder, reported as a
// summary line or as every problem found, with the exit code they call for.
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { build, type BuildOptions, type BuildStats } from '../site/build.ts';
import { ExitCode, exitCodeFor } from './exit-codes.ts';
import type { CliReporter } from './reporter.ts';

export async function runBuild(reporter: CliReporter, options: Omit<BuildOptions, 'reporter'>): Promise<number> {
  try {
    const stats = await build({ ...options, reporter });
    reporter.result(summary(stats, options.outDir ?? 'out'));
    return ExitCode.Ok;
  } catch (e) {
    if (e instanceof BuildFailure) {
      e.diagnostics.forEach((d) => reporter.diagnostic(d));
      reporter.info(`Build failed: ${e.diagnostics.length} problem(s) found; ${options.outDir ?? 'out/'} was left as it was.`);
      return exitCodeFor(e.diagnostics);
    }
    reporter.info(`Build failed with an unexpected error; out/ was left as it was.\n${(e as Error).stack ?? String(e)}`);
    return ExitCode.Unexpected;
  }
}

/** The result line: what the site holds, what this run did, and whether out/ was written at all. */
function summary(s: BuildStats, outDir: string): string {
  const size = `${(s.bytes / 1e6).toFixed(1)} MB`;
  const wrote = s.unchanged ? `wrote nothing (${outDir} already held this site, ${size})` : `wrote ${size} to ${outDir}`;
  return `Built ${s.sitePages} pages (${s.pages} rendered, ${s.sitePages - s.pages} reused), checked ${s.links} links (every href on every page, repeats included), ${wrote} in ${(s.ms / 1000).toFixed(2)} s.`;
}
