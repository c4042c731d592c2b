// Terminal output: the result of a command on stdout (so `pkidocs build >
// build.log` keeps it); on stderr one line per stage with its time, the
// diagnostics with their location, notices, and on a terminal a live status
// line while stages run. Colour only on a TTY without NO_COLOR.
import { formatLocation, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Reporter } from '../site/reporter.ts';
import { liveLine } from './live-line.ts';

export type { Reporter };

/** What the commands report through: the build's Reporter, plus the one result line of the command. */
export interface CliReporter extends Reporter {
  result(line: string): void;
}

/** The longest stage name ('api-versions'), so every stage's time sits in one column; times under 1000 s. */
const NAME_WIDTH = 12;

export function useColor(stream: NodeJS.WriteStream = process.stderr, env = process.env): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

/** A live status line only on a terminal that can redraw a line (not a pipe, a file, or TERM=dumb). */
export function useLiveLine(stream: NodeJS.WriteStream = process.stderr, env = process.env): boolean {
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

export function createReporter(options: { color: boolean; live?: boolean; write?: (s: string) => void; writeResult?: (s: string) => void; quiet?: boolean }): CliReporter {
  const live = options.live && !options.quiet ? liveLine(options.write ?? ((s) => process.stderr.write(s))) : undefined;
  const write = (s: string): void => {
    live?.clear();
    (options.write ?? ((t: string) => process.stderr.write(t)))(s);
  };
  const writeResult = options.writeResult ?? ((s: string) => process.stdout.write(s));
  const paint = (code: number, s: string): string => (options.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  return {
    begin(name) {
      live?.start(name);
    },
    progress(name, detail) {
      live?.progress(name, detail);
    },
    stage(name, ms, detail, ok = true) {
      live?.finish(name);
      if (options.quiet) return;
      const mark = ok ? paint(32, '✓') : paint(31, '✗');
      write(`${mark} ${name.padEnd(NAME_WIDTH)} ${paint(2, `${Math.round(ms)} ms`.padStart(9))}${detail ? `  ${detail}` : ''}\n`);
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
    result(line) {
      live?.clear();
      writeResult(`${line}\n`);
    },
  };
}

/** A reporter that records instead of printing, for tests and the dev server. */
export function recordingReporter(): CliReporter & { lines: string[]; diagnostics: Diagnostic[] } {
  const lines: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const inner = createReporter({ color: false, write: (s) => lines.push(s), writeResult: (s) => lines.push(s) });
  return { ...inner, lines, diagnostics, diagnostic: (d) => { diagnostics.push(d); inner.diagnostic(d); } };
}
