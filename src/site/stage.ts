// How the orchestrator runs a stage: timed and reported, parallel stages
// settled before a failure is reported, errors turned into a BuildFailure.
import { BuildFailure, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Reporter } from './reporter.ts';
import type { RunResult } from './types.ts';

export type Stage = ReturnType<typeof timer>;

/**
 * Runs a stage and records its time. Full builds print each stage with a
 * summary and mark failures; incremental runs only record (the dev server
 * prints one line per rebuild).
 */
export function timer(reporter: Reporter, timings: RunResult['timings'], print: boolean) {
  return async <T>(name: string, fn: () => Promise<T>, summary?: (r: T) => string): Promise<T> => {
    const t = performance.now();
    if (print) reporter.begin?.(name);
    try {
      const result = await fn();
      timings.push({ name, ms: performance.now() - t });
      if (print) reporter.stage(name, performance.now() - t, summary?.(result));
      return result;
    } catch (e) {
      if (print) reporter.stage(name, performance.now() - t, undefined, false);
      throw e;
    }
  };
}

/**
 * Like Promise.all, but waits for every parallel stage to finish before
 * failing, so their output is not printed after the failure report.
 */
export async function settleAll<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export function fail(diagnostics: Diagnostic[]): never {
  throw new BuildFailure(diagnostics);
}

/** Fails on the errors; with a reporter, prints the warnings first (they stop nothing, but must be seen). */
export function failOn(diagnostics: Diagnostic[], reporter?: Pick<Reporter, 'diagnostic'>): void {
  if (reporter) for (const d of diagnostics) if (d.severity === 'warning') reporter.diagnostic(d);
  if (hasErrors(diagnostics)) fail(diagnostics.filter((d) => d.severity === 'error'));
}
