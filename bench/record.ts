// What a bench prints beside its figures, and `--record`: the bench's report
// appended to docs/benchmarks.md with the date, the commit, the machine and
// the command, so that the figures live in one place and say when and where
// they were taken.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const FILE = resolve(ROOT, 'docs/benchmarks.md');
/** The settings the benches read from the environment, quoted in the command when set. */
const SETTINGS = ['RUNS', 'SIZES', 'EDITS', 'TEMPLATE_EDITS'];

/** The 1, 5 and 15 minute load averages: on a shared machine, the context of every figure. */
export const loadAverage = (): string => loadavg().map((l) => l.toFixed(2)).join(' / ');

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

/** The command as it was typed, near enough to run again. */
function command(): string {
  const env = SETTINGS.filter((k) => process.env[k]).map((k) => `${k}=${process.env[k]} `).join('');
  const script = process.env.npm_lifecycle_event ?? `node ${process.argv[1]}`;
  const args = process.argv.slice(2);
  return `${env}npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''}`;
}

/**
 * Appends the bench's report (Markdown) to docs/benchmarks.md when `--record`
 * was given. `loadAtStart` is the load average when the bench began.
 */
export function record(title: string, report: string, loadAtStart: string): void {
  if (!process.argv.includes('--record')) return;
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' with uncommitted changes' : '';
  const cpu = cpus();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(FILE, [
    '',
    `## ${title}, ${when} UTC`,
    '',
    `Commit ${git('rev-parse', '--short', 'HEAD')}${dirty}; ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; ` +
      `load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${loadAverage()} at the end; \`${command()}\`.`,
    '',
    report.trim(),
    '',
  ].join('\n'));
  console.log(`\nRecorded in ${FILE}.`);
}
