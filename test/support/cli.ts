// Runs the pkidocs CLI as a user would, capturing its exit code and output.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, [resolve(ROOT, 'bin/pkidocs.js'), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
