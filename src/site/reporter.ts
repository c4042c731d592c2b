// What a build tells whoever runs it: one line per stage with its time, each
// diagnostic, and plain lines (notices, summaries). The CLI prints them
// (src/cli/reporter.ts); tests and the dev server record them.
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

export interface Reporter {
  /** A stage of a full build started (a terminal shows it running until its `stage` line). */
  begin?(name: string): void;
  stage(name: string, ms: number, detail?: string, ok?: boolean): void;
  /** How far a running stage is ("12/408 pages"): called as it goes, even while the event loop is busy. */
  progress?(name: string, detail: string): void;
  diagnostic(d: Diagnostic): void;
  info(line: string): void;
}
