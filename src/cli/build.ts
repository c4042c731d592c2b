// `pkidocs build`: one full build into the output folder, reported as a
// summary line or as every problem found, with the exit code they call for.
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { build, type BuildOptions } from '../site/build.ts';
import { ExitCode, exitCodeFor } from './exit-codes.ts';
import type { Reporter } from './reporter.ts';

export async function runBuild(reporter: Reporter, options: Omit<BuildOptions, 'reporter'>): Promise<number> {
  try {
    const stats = await build({ ...options, reporter });
    reporter.info(`Built ${stats.pages} pages, checked ${stats.links} links, wrote ${(stats.bytes / 1e6).toFixed(1)} MB in ${(stats.ms / 1000).toFixed(2)} s.`);
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
