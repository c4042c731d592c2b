// The cache folder is input like content: a FIFO planted at a cache file is
// reported and replaced, never waited on (it hung the build), and a compiled
// module edited in .pkidocs-cache/modules/ is compiled again instead of run.
// Builds run in a throw-away copy of the checkout with a small site, each
// under a hard time limit, so a hang fails the test instead of the run.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type CliResult } from '../support/cli.ts';
import { FIXTURE_CONFIG, FIXTURE_HOME } from '../support/fixture-site.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-cache-inputs');
const CHECKOUT = join(TMP, 'checkout');
const CACHE = join(CHECKOUT, '.pkidocs-cache');
const RAN = join(tmpdir(), `pkidocs-edited-module-ran-${process.pid}`);
const SITE_CONFIG = FIXTURE_CONFIG;
const INSTALLATION = '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n\n```ts\nconst n = 1;\n```\n';
const HOME = FIXTURE_HOME;
let outs = 0;

/** A build of the checkout, SIGKILLed after `limitMs`: a hang shows as `killed`. */
function build(limitMs = 90_000): Promise<CliResult & { killed: boolean; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build', '--out', join(TMP, `out-${++outs}`)], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' }, timeout: limitMs, killSignal: 'SIGKILL', maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      const killed = (err as { killed?: boolean } | null)?.killed === true;
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, killed, output: stderr + stdout });
    });
  });
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(CHECKOUT, { recursive: true });
  for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(CHECKOUT, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(CHECKOUT, 'node_modules'));
  mkdirSync(join(CHECKOUT, 'content/docs'), { recursive: true });
  mkdirSync(join(CHECKOUT, 'content/pages'), { recursive: true });
  writeFileSync(join(CHECKOUT, 'content/site.config.ts'), SITE_CONFIG);
  writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), INSTALLATION);
  writeFileSync(join(CHECKOUT, 'content/pages/index.tsx'), HOME);
  const first = await build(240_000);
  expect(first.output).toMatch(/Built \d+ pages/);
}, 300_000);
afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  rmSync(RAN, { force: true });
});

describe('cache files are read as content is', () => {
  it.each(['highlight.jsonl', 'pages.json'])('a FIFO at .pkidocs-cache/%s is reported and replaced, not waited on', async (name) => {
    rmSync(join(CACHE, name), { force: true });
    execFileSync('mkfifo', [join(CACHE, name)]);
    const result = await build();
    expect(result.killed, 'the build hung on the FIFO').toBe(false);
    expect(result.output).toMatch(new RegExp(`${name.replace('.', '\\.')} is not usable \\(it is a named pipe \\(FIFO\\)\\)`));
    expect(result.output).toMatch(/Built \d+ pages/);
    expect(result.code).toBe(0);
    expect(lstatSync(join(CACHE, name)).isFile()).toBe(true);
  }, 120_000);

  it('an edited compiled module in .pkidocs-cache/modules/ is compiled again, not run', async () => {
    const modules = join(CACHE, 'modules');
    const config = readdirSync(modules).find((f) => f.startsWith('site_config_ts-') && f.endsWith('.mjs'));
    expect(config).toBeDefined();
    const file = join(modules, config!);
    writeFileSync(file, `import { writeFileSync as __w } from 'node:fs';\n__w(${JSON.stringify(RAN)}, 'ran');\n${readFileSync(file, 'utf8')}`);
    const result = await build();
    expect(existsSync(RAN), 'the edited module ran').toBe(false);
    expect(result.output).toMatch(/Built \d+ pages/);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(RAN);
  }, 120_000);
});
