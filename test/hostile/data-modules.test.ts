// A table's data module is content: it may compute, but it runs in a child
// process under Node's permission model with nothing granted, and is killed
// when it overruns. `node:vm` alone was no boundary: a failed import() hands
// the module an error of the host realm, whose constructor's constructor is
// the host's Function, and `Function('return process')()` gave it the real
// process. Each case builds a small site through the real CLI and checks the
// exit code, the message, that nothing was written or read outside, that the
// previous out/ is untouched and that the lock is released.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { MARKER, MARKER_TEXT } from '../../src/output/out-dir.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-data-modules');
const OUT = join(TMP, 'out');
const SENTINEL = '<p>the previous build</p>';
/** Where an escaped module writes what it took: outside the repository, as an attacker would. */
const LEAK = join(tmpdir(), `pkidocs-data-module-leak-${process.pid}`);
const HOME_DIR = process.env.HOME ?? '/root';

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  rmSync(LEAK, { force: true });
});
beforeEach(() => {
  rmSync(LEAK, { force: true });
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, MARKER), MARKER_TEXT);
  writeFileSync(join(OUT, 'index.html'), SENTINEL);
});

/** The valid fixture site plus a page whose table reads `data.ts`, holding `module`. */
function site(name: string, module: string): string {
  const dir = join(TMP, 'sites', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'pages'), { recursive: true });
  cpSync(join(ROOT, 'test/fixtures/sites/valid/docs'), join(dir, 'docs'), { recursive: true });
  writeFileSync(join(dir, 'pages/index.tsx'), "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Fixture home'); }\n");
  writeFileSync(join(dir, 'docs/table.md'), '---\ntitle: Table\ndescription: A generated table.\n---\n\n```table rows=./data.ts#rows\nLine = line\n```\n');
  writeFileSync(join(dir, 'docs/data.ts'), module);
  const define = relative(dir, join(ROOT, 'src/config/define.ts'));
  const base = relative(dir, join(ROOT, 'test/fixtures/sites/base.config.ts'));
  writeFileSync(join(dir, 'site.config.ts'), `import { defineConfig } from '${define}';\nimport { base } from '${base}';\n\nexport default defineConfig({ ...base });\n`);
  return join(dir, 'site.config.ts');
}

/** The host realm's `process`, reached through the error of a failed import() (the reviewer's escape). */
const ESCAPE = `
const spec = String('no-such-module');
export const rows = [{ line: 'plain' }];
import(spec).catch((e: any) => {
  const proc = e.constructor.constructor('return process')();
  const fs = proc.getBuiltinModule('node:fs');
  TAKE
});
`;

async function build(config: string) {
  const started = performance.now();
  const result = await runCli(['build', '--config', config, '--out', OUT]);
  return { ...result, output: result.stderr + result.stdout, ms: performance.now() - started };
}

function expectPreviousOutAndNoLock(): void {
  expect(readdirSync(OUT).sort()).toEqual([MARKER, 'index.html']);
  expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe(SENTINEL);
  expect(readdirSync(TMP).filter((f) => f.startsWith('out.'))).toEqual([]);
}

describe('data modules run sandboxed', () => {
  it('an escaped module that writes a file fails the build (exit 3) and writes nothing', async () => {
    const config = site('escape-write', ESCAPE.replace('TAKE', `fs.writeFileSync(${JSON.stringify(LEAK)}, 'escaped');`));
    const { code, output } = await build(config);
    expect(existsSync(LEAK)).toBe(false);
    expect(output).toMatch(/docs\/table\.md:6 error The data module \.\/data\.ts cannot be read: it tried to reach outside its sandbox \(Code generation from strings disallowed[^\n]*\[content\/table-data-module\]/);
    expect(code).toBe(ExitCode.Content);
    expectPreviousOutAndNoLock();
  }, 60_000);

  it('an escaped module that reads /etc/passwd and $HOME fails the build (exit 3) and leaks neither', async () => {
    const take = `fs.writeFileSync(${JSON.stringify(LEAK)}, fs.readFileSync('/etc/passwd', 'utf8') + proc.env.HOME);`;
    const config = site('escape-read', ESCAPE.replace('TAKE', take));
    const { code, output } = await build(config);
    expect(existsSync(LEAK)).toBe(false);
    expect(output).toMatch(/The data module \.\/data\.ts cannot be read: it tried to reach outside its sandbox/);
    expect(output).not.toMatch(/root:x:0:0/);
    expect(output).not.toContain(`${HOME_DIR}\n`);
    expect(code).toBe(ExitCode.Content);
    expectPreviousOutAndNoLock();
  }, 60_000);

  it.each([
    ['a promise loop in the module', "export const rows = [{ line: 'x' }];\nPromise.resolve().then(() => { for (;;) {} });\n", /it did not finish within 2000 ms/],
    ['a promise loop in the host realm', "export const rows = [{ line: 'x' }];\nimport(String('nope')).catch(() => { for (;;) {} });\n", /it did not finish within 2000 ms/],
    ['a synchronous loop', 'for (;;) {}\nexport const rows = [];\n', /it did not finish within 2000 ms/],
  ])('%s is stopped in time, fails the build and releases the lock', async (_name, module, message) => {
    const config = site(`hang-${_name.replace(/\W+/g, '-')}`, module);
    const { code, output, ms } = await build(config);
    expect(output).toMatch(message);
    expect(code).toBe(ExitCode.Content);
    // The build as a whole (start-up, TypeDoc from cache, the kill) well within the test's limit.
    expect(ms).toBeLessThan(45_000);
    expect(existsSync(`${OUT}.lock`)).toBe(false);
    expectPreviousOutAndNoLock();
  }, 60_000);

  it('a module that computes its rows still builds, and the table holds them', async () => {
    const config = site('computes', "const names = ['a', 'b'];\nexport const rows = names.map((n, i) => ({ line: `${n}${i}` }));\n");
    const { code, output } = await build(config);
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(ExitCode.Ok);
    const html = readFileSync(join(OUT, 'docs/table/index.html'), 'utf8');
    expect(html).toMatch(/<td>a0<\/td>[^]*<td>b1<\/td>/);
  }, 60_000);
});
