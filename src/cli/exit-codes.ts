// Distinct exit codes, so CI scripts can tell what kind of failure stopped a build.
import type { Diagnostic, DiagnosticCategory } from '../diagnostics/diagnostic.ts';

export const ExitCode = {
  Ok: 0,
  Unexpected: 1,
  Config: 2,
  Content: 3,
  BrokenLinks: 4,
  Usage: 64,
} as const;

const BY_CATEGORY: Record<DiagnosticCategory, number> = {
  usage: ExitCode.Usage,
  config: ExitCode.Config,
  content: ExitCode.Content,
  links: ExitCode.BrokenLinks,
  internal: ExitCode.Unexpected,
};

const PRIORITY: DiagnosticCategory[] = ['usage', 'config', 'content', 'links', 'internal'];

export function exitCodeFor(diagnostics: readonly Diagnostic[]): number {
  const found = PRIORITY.find((c) => diagnostics.some((d) => d.category === c && d.severity === 'error'));
  return found ? BY_CATEGORY[found] : ExitCode.Unexpected;
}
