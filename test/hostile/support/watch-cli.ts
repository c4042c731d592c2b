// `pkidocs serve --watch` of a fresh checkout, for attacks made while it runs:
// the real CLI, its output collected, and a wait for a line of it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface WatchCli {
  cli: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves once `pattern` shows in the output from offset `from`; throws when the CLI exits or a minute passes. */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function startWatchCli(checkout: string, out: string): WatchCli {
  const cli = spawn(process.execPath, [join(checkout, 'bin/pkidocs.js'), 'serve', '--watch', '--port', '0', '--out', out], { cwd: checkout, env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  cli.stdout.on('data', (c: Buffer) => (output += c.toString()));
  cli.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return {
    cli,
    output: () => output,
    async waitFor(pattern, from = 0) {
      for (const end = Date.now() + 60_000; Date.now() < end && cli.exitCode === null; await sleep(25)) {
        if (pattern.test(output.slice(from))) return;
      }
      throw new Error(`No ${pattern} in the output:\n${output}`);
    },
  };
}
