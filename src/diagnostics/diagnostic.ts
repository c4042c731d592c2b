// Diagnostics are data: every stage returns them instead of printing, so the
// CLI can print them all, tests can assert on them, and the dev server can
// show them in the browser.

export type Severity = 'error' | 'warning';

/** The failure classes the CLI maps to distinct exit codes (`usage`: the command line asked for something refused). */
export type DiagnosticCategory = 'usage' | 'config' | 'content' | 'links' | 'internal';

export interface Diagnostic {
  /** Stable machine-readable code, e.g. `content/bad-front-matter`. */
  code: string;
  category: DiagnosticCategory;
  severity: Severity;
  /** What happened and why. No "Error:" prefix, no location. */
  message: string;
  /** What to do about it. */
  hint?: string;
  file?: string;
  line?: number;
  column?: number;
}

export function error(
  category: DiagnosticCategory,
  code: string,
  message: string,
  extra: Omit<Diagnostic, 'category' | 'code' | 'message' | 'severity'> = {},
): Diagnostic {
  return { category, code, severity: 'error', message, ...extra };
}

/** Thrown by a stage that cannot go on; carries every diagnostic it found. */
export class BuildFailure extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} problem(s) stopped the build`);
    this.name = 'BuildFailure';
    this.diagnostics = diagnostics;
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** `file:line:column`, as editors and terminals understand it. */
export function formatLocation(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  if (!d.file) return '';
  let loc = d.file;
  if (d.line !== undefined) loc += `:${d.line}`;
  if (d.line !== undefined && d.column !== undefined) loc += `:${d.column}`;
  return loc;
}
