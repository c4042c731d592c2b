// The command line itself: help, version, usage errors and colour.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { createReporter, useColor } from '../../src/cli/reporter.ts';
import { ROOT, runCli } from '../support/cli.ts';

describe('pkidocs CLI', () => {
  it('prints its version', async () => {
    const { code, stdout } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  });

  it('lists its commands and the build options in --help', async () => {
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/build \[options\]/);
    expect(top.stdout).toMatch(/serve \[options\]/);
    const build = await runCli(['build', '--help']);
    for (const flag of ['--out <dir>', '--config <file>', '--no-cache']) expect(build.stdout).toContain(flag);
  });

  it('exits with the usage code on an unknown command or option', async () => {
    expect((await runCli(['deploy'])).code).toBe(ExitCode.Usage);
    const bad = await runCli(['build', '--fast']);
    expect(bad.code).toBe(ExitCode.Usage);
    expect(bad.stderr).toMatch(/unknown option '--fast'/);
  });
});

describe('the working folder', () => {
  it('builds a site whose content folder is outside the type-checked tree, run from another folder', async () => {
    // test/.tmp is excluded from tsconfig.json; the page module's JSX must still compile (src/shared/site-module.ts).
    const site = join(ROOT, 'test/.tmp/cli-elsewhere/sites/valid'); // as deep as test/fixtures/sites/valid
    const out = join(ROOT, 'test/.tmp/cli-elsewhere/out');
    rmSync(join(ROOT, 'test/.tmp/cli-elsewhere'), { recursive: true, force: true });
    cpSync(join(ROOT, 'test/fixtures/sites/valid'), site, { recursive: true });
    writeFileSync(join(site, 'site.config.ts'), "export { default } from '../../../../fixtures/sites/valid/site.config.ts';\n");
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'bin/pkidocs.js'), 'build',
      '--config', join(site, 'site.config.ts'), '--out', out], { cwd: tmpdir(), env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout).toMatch(/Built \d+ pages/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<h1>Fixture home</h1>');
    expect(existsSync(join(tmpdir(), 'out'))).toBe(false);
    rmSync(join(ROOT, 'test/.tmp/cli-elsewhere'), { recursive: true, force: true });
  });
});

describe('terminal output', () => {
  const tty = { isTTY: true } as NodeJS.WriteStream;
  it('uses colour only on a terminal without NO_COLOR', () => {
    expect(useColor(tty, {})).toBe(true);
    expect(useColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(useColor({ isTTY: false } as NodeJS.WriteStream, {})).toBe(false);
  });

  it('prints a diagnostic as location, severity, message and code, with the hint below', () => {
    const lines: string[] = [];
    const r = createReporter({ color: false, write: (s) => lines.push(s) });
    r.diagnostic({ code: 'links/missing-page', category: 'links', severity: 'error', message: 'The link is broken.', hint: 'Fix it.', file: 'docs/a.md', line: 3, column: 7 });
    r.stage('links', 12.4, '3 links');
    expect(lines.join('')).toBe('docs/a.md:3:7 error The link is broken. [links/missing-page]\n  → Fix it.\n✓ links            12 ms  3 links\n');
  });
});
