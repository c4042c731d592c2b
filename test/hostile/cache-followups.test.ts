// Two loose ends of the fresh-eyes review (issue #27), through the real CLI
// on a throw-away checkout (support/fresh-checkout.ts):
// - the test hook PKIDOCS_TEST_PAUSE wrote `<out>.paused` with a plain
//   writeFile, outside the write chokepoint: a user's file of that name was
//   overwritten (and the build then waited for it to go);
// - the CLI bundler's refusal of a source outside the checkout came out as an
//   unhandled error with esbuild's stack.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliResult } from '../support/cli.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, cache: CACHE } = freshCheckout();

/** Runs the checkout's CLI with exactly `env` added to a copy of this process's, less `drop`. */
function run(args: string[], env: Record<string, string>, drop: string[] = [], timeout = 150_000): Promise<CliResult> {
  const base: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...env };
  for (const name of drop) delete base[name];
  return new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), ...args], { cwd: CHECKOUT, env: base, timeout, killSignal: 'SIGKILL', maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the pause hook of the tests touches no file of the user', () => {
  const PAUSED = `${OUT}.paused`;
  const TEXT = 'a file of the user\n';

  it('PKIDOCS_TEST_PAUSE outside a test runner: <out>.paused is left as it was and the build does not wait', async () => {
    rmSync(OUT, { recursive: true, force: true });
    writeFileSync(PAUSED, TEXT);
    const r = await run(['build', '--out', OUT], { PKIDOCS_TEST_PAUSE: 'before-swap' }, ['VITEST']);
    expect(readFileSync(PAUSED, 'utf8')).toBe(TEXT);
    expect(r.stderr + r.stdout).toMatch(/Built \d+ pages/);
    expect(r.code).toBe(0);
    rmSync(PAUSED);
  }, 180_000);

  it('PKIDOCS_TEST_PAUSE in a test runner: a file already at <out>.paused is named, never overwritten', async () => {
    rmSync(OUT, { recursive: true, force: true });
    writeFileSync(PAUSED, TEXT);
    const r = await run(['build', '--out', OUT], { PKIDOCS_TEST_PAUSE: 'before-swap', VITEST: 'true' }, [], 120_000);
    expect(readFileSync(PAUSED, 'utf8')).toBe(TEXT);
    expect(r.code).not.toBe(0);
    expect(r.stderr + r.stdout).toContain(PAUSED);
    rmSync(PAUSED);
  }, 180_000);
});

describe('a source of the CLI outside its checkout', () => {
  it('is refused in one line that names it and says what to do, with no stack, exit 2', async () => {
    const outside = join(TMP, 'elsewhere-src');
    mkdirSync(outside, { recursive: true });
    const file = join(CHECKOUT, 'src/cli/exit-codes.ts');
    cpSync(file, join(outside, 'exit-codes.ts'));
    rmSync(file);
    symlinkSync(join(outside, 'exit-codes.ts'), file);
    rmSync(CACHE, { recursive: true, force: true });
    try {
      const r = await run(['--help'], {});
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(join(outside, 'exit-codes.ts'));
      expect(lines[0]).toMatch(/outside the checkout .*: pkidocs bundles only its own files; put the file itself there/);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(file);
      cpSync(join(outside, 'exit-codes.ts'), file);
    }
  }, 180_000);
});
