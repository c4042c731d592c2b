// `pkidocs build`: one full build into the output folder, reported as a
// summary line or as every problem found, with the exit code they call for.
import { join, relative } from 'node:path';
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { abandonClaims } from '../output/claim.ts';
import { build, type BuildOptions, type BuildStats } from '../site/build.ts';
import { isInside } from '../shared/path-inside.ts';
import { plural } from '../shared/plural.ts';
import { NOTHING, writtenLine } from '../site/write-tally.ts';
import { ExitCode, exitCodeFor } from './exit-codes.ts';
import type { CliReporter } from './reporter.ts';

export async function runBuild(reporter: CliReporter, options: Omit<BuildOptions, 'reporter'>): Promise<number> {
  const stop = onStop(reporter, options.outDir ?? 'out/');
  try {
    const stats = await build({ ...options, reporter });
    reporter.result(summary(stats, options.outDir ?? 'out'));
    return ExitCode.Ok;
  } catch (e) {
    if (e instanceof BuildFailure) {
      e.diagnostics.forEach((d) => reporter.diagnostic(d));
      reporter.info(`Build failed: ${plural(e.diagnostics.length, 'problem')} found; ${options.outDir ?? 'out/'} was left as it was.`);
      return exitCodeFor(e.diagnostics);
    }
    const outDir = options.outDir ?? 'out/';
    const err = e as NodeJS.ErrnoException;
    // A folder the build may not write (a read-only .pkidocs-cache): one line naming it, not a stack.
    if ((err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'EROFS') && err.path) {
      const cache = join(options.root, '.pkidocs-cache');
      const where = isInside(err.path, cache) ? `The cache folder ${cache} cannot be written (${err.code} at ${relative(cache, err.path)}): make it writable, or delete it (it is rebuilt)` : `${err.path} cannot be written (${err.code}): make it writable`;
      reporter.info(`Build failed: ${where}, then build again. The build stopped before replacing ${outDir}, which was left as it was.`);
      return ExitCode.Unexpected;
    }
    reporter.info(`Build failed with an unexpected error; ${outDir} was left as it was.\n${err.stack ?? String(e)}`);
    return ExitCode.Unexpected;
  } finally {
    stop();
  }
}

/** The result line: what the site holds, what this run did, and whether out/ was written at all. */
export function summary(s: BuildStats, outDir: string): string {
  const wrote = writtenLine(s.unchanged ? { written: NOTHING, linked: NOTHING } : s, s.bytes, outDir);
  return `Built ${plural(s.sitePages, 'page')} (${s.pages} rendered, ${s.sitePages - s.pages} reused), checked ${plural(s.links, 'link')} (every href on every page, repeats included), ${wrote}. Done in ${(s.ms / 1000).toFixed(2)} s.`;
}

/**
 * SIGINT (Ctrl-C) and SIGTERM: the build stops writing, removes its
 * temporary site, puts out/ back if the swap was half-way, releases the lock
 * and exits 130 (SIGINT) or 143 (SIGTERM). A second signal exits at once (the
 * lock is still removed at exit). Returns what removes the handlers.
 */
function onStop(reporter: CliReporter, outDir: string): () => void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (stopping) process.exit(code);
    stopping = true;
    reporter.info(`Stopping (${signal}): removing what this build wrote beside ${outDir} and releasing its lock; ${outDir} keeps the last complete site. Press Ctrl-C again to quit at once.`);
    abandonClaims().then(() => process.exit(code), (e: unknown) => {
      reporter.info(`Could not tidy up after stopping: ${String(e)}`);
      process.exit(code);
    });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
