// Terminal output: one line per stage with its time, diagnostics with their
// location, colour only on a TTY without NO_COLOR.
import { formatLocation, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Reporter } from '../site/reporter.ts';

export type { Reporter };

export function useColor(stream: NodeJS.WriteStream = process.stderr, env = process.env): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

export function createReporter(options: { color: boolean; write?: (s: string) => void; quiet?: boolean }): Reporter {
  const write = options.write ?? ((s: string) => process.stderr.write(s));
  const paint = (code: number, s: string): string => (options.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  return {
    stage(name, ms, detail, ok = true) {
      if (options.quiet) return;
      const mark = ok ? paint(32, '✓') : paint(31, '✗');
      write(`${mark} ${name.padEnd(10)} ${paint(2, `${Math.round(ms)} ms`.padStart(8))}${detail ? `  ${detail}` : ''}\n`);
    },
    diagnostic(d) {
      const label = d.severity === 'error' ? paint(31, 'error') : paint(33, 'warning');
      const loc = formatLocation(d);
      write(`${loc ? `${paint(36, loc)} ` : ''}${label} ${d.message} ${paint(2, `[${d.code}]`)}\n`);
      if (d.hint) write(`  ${paint(2, '→')} ${d.hint}\n`);
    },
    info(line) {
      if (!options.quiet) write(`${line}\n`);
    },
  };
}

/** A reporter that records instead of printing, for tests and the dev server. */
export function recordingReporter(): Reporter & { lines: string[]; diagnostics: Diagnostic[] } {
  const lines: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const inner = createReporter({ color: false, write: (s) => lines.push(s) });
  return { ...inner, lines, diagnostics, diagnostic: (d) => { diagnostics.push(d); inner.diagnostic(d); } };
}
