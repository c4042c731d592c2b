// Watch mode: the first build, then one incremental rebuild per burst of
// changes. Every result goes to the terminal and to the open pages: a success
// reloads the pages it changed, a failure shows its diagnostics in an overlay
// while out/ keeps the last good site.
import { relative } from 'node:path';
import { Dropped, type SiteBuilder } from '../site/builder.ts';
import type { RunResult } from '../site/types.ts';
import type { Reporter } from '../site/reporter.ts';
import { BuildFailure } from '../diagnostics/diagnostic.ts';
import { toDiagnostics } from './errors.ts';
import type { LiveChannel } from './live.ts';
import { watchSources, type SourceWatcher } from './sources.ts';
import { ChangeQueue, type Keep } from './watcher.ts';
import { plural } from '../shared/plural.ts';

export interface WatchSession {
  /** Stops watching; waits for a rebuild in progress. */
  close(): Promise<void>;
}

export interface WatchOptions {
  builder: SiteBuilder;
  live: LiveChannel;
  reporter: Reporter;
  /** Project folder, to print short paths. */
  root: string;
  /** Quiet time that ends a burst of saves (default QUIET_MS in watcher.ts). */
  quietMs?: number;
}

export async function startWatching(options: WatchOptions): Promise<WatchSession> {
  const { builder, live, reporter, root } = options;
  const rebuild = async (files: string[], keep: Keep): Promise<void> => {
    try {
      const result = await builder.update(files, keep);
      reporter.info(summary(files, result, root));
      live.rebuilt(result.assetsChanged ? [] : result.changedPaths, result.assetsChanged, files);
    } catch (e) {
      // A dropped run, or one that failed on files that changed again meanwhile (a half-written page): the next run tells.
      if (e instanceof Dropped || !(await keep)) return;
      reportFailure(e, options, files);
    } finally {
      follow();
    }
  };
  // The config may name another type definitions file, and a link may have come or gone.
  const follow = (): void => watcher.update(builder.watchedPaths, builder.followedLinks());
  // Each rebuild starts at the first event and is kept only if its files are final when the window ends.
  const queue = new ChangeQueue(rebuild, { quietMs: options.quietMs, ahead: true });
  const watcher: SourceWatcher = await watchSources(builder.watchedPaths, queue, (e) => reporter.info(`The file watcher failed: ${String(e)}`));
  await queue.exclusive(async () => {
    try {
      const result = await builder.build();
      reporter.info(`Built ${plural(result.pages, 'page')}, checked ${plural(result.links, 'link')} (every href on every page, repeats included) in ${(result.ms / 1000).toFixed(2)} s.`);
    } catch (e) {
      reportFailure(e, options);
    }
    follow();
  });
  return {
    close: async () => {
      await queue.close();
      await watcher.close();
    },
  };
}

function reportFailure(e: unknown, { reporter, live, root }: WatchOptions, files: string[] = []): void {
  const diagnostics = toDiagnostics(e, root);
  diagnostics.forEach((d) => reporter.diagnostic(d));
  // A thrown error is a bug somewhere: its stack is worth the space.
  if (!(e instanceof BuildFailure) && e instanceof Error && !('errors' in e)) reporter.info(e.stack ?? e.message);
  reporter.info(`Rebuild failed: ${plural(diagnostics.length, 'problem')}. Still serving the last good site; saving a fix rebuilds it.`);
  live.failed(diagnostics, files);
}

/** `↻ content/docs/a.md → 1 page in 23 ms (content 1 · routes 2 · render 12 · links 3 · write 5)` */
function summary(files: string[], result: RunResult, root: string): string {
  const what = files.length === 1 ? relative(root, files[0]!) : `${files.length} files`;
  const pages = result.assetsChanged ? 'every page' : `${plural(result.changedPaths.length, 'page')} changed`;
  const stages = result.timings.map((t) => `${t.name} ${Math.round(t.ms)}`).join(' · ');
  return `↻ ${what} → ${pages} in ${Math.round(result.ms)} ms (${stages})`;
}
