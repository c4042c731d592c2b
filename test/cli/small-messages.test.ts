// Usage messages a newcomer meets first: they echo what was typed and say
// what is true of it.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/small-messages');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('usage messages', () => {
  it('serve --port abc echoes what was typed, not NaN', async () => {
    const { code, stderr } = await runCli(['serve', '--port', 'abc']);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain('The port "abc" is not a port number.');
    expect(stderr).not.toContain('NaN');
  });

  it('build --out <a file> says the file would be deleted, not "everything in it"', async () => {
    mkdirSync(TMP, { recursive: true });
    const file = join(TMP, 'notes.txt');
    writeFileSync(file, 'mine');
    const { code, stderr } = await runCli(['build', '--config', join(ROOT, 'test/fixtures/sites/valid/site.config.ts'), '--out', file]);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain('it is a file, not a folder. pkidocs replaces the output folder as a whole, so the file would be deleted.');
    expect(stderr).not.toContain('everything in it');
  });

  it('serve with no site in out/ says it builds first, before the stage lines', async () => {
    const out = join(TMP, 'never-built');
    const child = spawn(process.execPath, [join(ROOT, 'bin/pkidocs.js'), 'serve', '--config', join(ROOT, 'test/fixtures/sites/valid/site.config.ts'), '--out', out, '--port', '0'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stdout.resume();
    await new Promise<void>((done, failed) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('Serving ')) done();
      });
      child.on('exit', (code) => failed(new Error(`serve exited ${code}:\n${stderr}`)));
    });
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    await exited;
    const notice = stderr.indexOf(`${out} holds no built site yet: building it first, then serving it.`);
    expect(notice).toBeGreaterThanOrEqual(0);
    expect(notice).toBeLessThan(stderr.indexOf('✓ config'));
  }, 300_000);
});
