// A throw-away checkout for warm-build tests (cache-matrix, cache-twins): the
// tool's own files copied, every package but pkijs a link to the
// repository's (each test writes its own small pkijs), and the CLI run in it.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type CliResult } from './cli.ts';

export function run(root: string, args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, [join(root, 'bin/pkidocs.js'), ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A checkout with no pkijs yet; every other package is a link to the repository's. */
export function makeCheckout(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== 'pkijs') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
}
