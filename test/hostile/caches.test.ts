// Caches and child processes against the real CLI, in a throw-away copy of the
// checkout (bin, src, templates, client, package.json, the tsconfigs and a
// node_modules link) with a small site: no cache holds a path of the machine,
// so a moved checkout builds from its own cache; a damaged CLI bundle, torn or
// wrong-shaped caches are reported, rebuilt and healthy afterwards (and do not
// grow); --no-cache writes good caches; a SIGKILLed build takes its TypeDoc
// child with it and its temp file is swept by the next run; a broken d.ts
// exits 2 with file:line; an old Node gets the requirement and exit 2.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, type CliResult } from '../support/cli.ts';
import { FIXTURE_CONFIG, FIXTURE_HOME } from '../support/fixture-site.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-caches');
const FIRST = join(TMP, 'checkout');
const MOVED = join(TMP, 'moved');
/** Where test/fixtures/hostile/dts-syntax-error's library.entry points. */
const BROKEN_DTS = join(ROOT, 'test/.tmp/hostile-dts-syntax-error');
let checkout = FIRST;
let outs = 0;
/** A folder that does not exist yet, for each build's --out. */
const freshOut = (): string => join(TMP, `out-${++outs}`);

const SITE_CONFIG = FIXTURE_CONFIG;
// A code include: the page cache records the files a page read, and must do so without the machine's paths.
const INSTALLATION = '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n\n```ts include=./snippet.ts\n```\n';
const SNIPPET = 'import { Certificate } from "pkijs";\nconst certificate = new Certificate();\n';
// No JSX: test/.tmp is outside the project's tsconfig.
const HOME = FIXTURE_HOME;

function run(args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, [...nodeArgs, join(checkout, 'bin/pkidocs.js'), ...args], { cwd: checkout, env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const build = (...args: string[]): Promise<CliResult> => run(['build', '--out', freshOut(), ...args]);

const cacheDir = (): string => join(checkout, '.pkidocs-cache');
/** Every file under the checkout's cache, relative to it. */
const cacheFiles = (): string[] => readdirSync(cacheDir(), { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(cacheDir(), f)).isFile()).sort();
const cacheFile = (pattern: RegExp): string => {
  const found = cacheFiles().filter((f) => pattern.test(f));
  expect(found, `one cache file matching ${pattern}`).toHaveLength(1);
  return join(cacheDir(), found[0]!);
};
const bundleDir = (): string => join(cacheDir(), readdirSync(cacheDir()).find((f) => /^cli-[0-9a-f]{16}$/.test(f))!);

/** The three data caches pass the checks a reader would make. */
function expectHealthyCaches(): void {
  const lines = readFileSync(cacheFile(/^highlight\.jsonl$/), 'utf8').split('\n');
  expect(lines.pop()).toBe('');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const entry = JSON.parse(line) as unknown;
    // [key, html, seal]: the seal is an HMAC (src/shared/cache-seal.ts).
    expect(Array.isArray(entry) && entry.length === 3 && entry.every((v) => typeof v === 'string') && /^[0-9a-f]{64}$/.test(entry[2] as string)).toBe(true);
  }
  const bodies = JSON.parse(readFileSync(cacheFile(/^api-bodies-.*\.json$/), 'utf8')) as [string, { title: string; html: string }][];
  expect(bodies.length).toBeGreaterThan(100);
  for (const [path, body] of bodies) expect([typeof path, typeof body.title, typeof body.html]).toEqual(['string', 'string', 'string']);
  const api = readFileSync(cacheFile(/^api-[0-9a-f]{16}\.json$/), 'utf8');
  const header = JSON.parse(api.slice(0, api.indexOf('\n'))) as { format: number; converterVersion: number; seal: string };
  expect(header.format).toBe(2);
  expect(header.seal).toMatch(/^[0-9a-f]{64}$/);
  const payload = JSON.parse(api.slice(api.indexOf('\n') + 1)) as { model: { items: { name: string }[] } };
  expect(payload.model.items.some((i) => i.name === 'Certificate')).toBe(true);
}

/** No file of the checkout's cache names any of `paths`. */
function expectNoMachinePath(paths: string[]): void {
  const files = cacheFiles();
  expect(files.length).toBeGreaterThan(4);
  for (const f of files) {
    const text = readFileSync(join(cacheDir(), f), 'latin1');
    for (const path of paths) expect(text.includes(path), `${f} holds ${path}`).toBe(false);
  }
}

function spoilCaches(): void {
  writeFileSync(cacheFile(/^highlight\.jsonl$/), `${readFileSync(cacheFile(/^highlight\.jsonl$/), 'utf8')}["torn-key","<pre class=`);
  writeFileSync(cacheFile(/^api-bodies-.*\.json$/), '[["/docs/api/classes/Certificate", {"title": 1, "toc": "none"}]]');
  writeFileSync(cacheFile(/^api-[0-9a-f]{16}\.json$/), '{"converterVersion": 4, "model": {"items": [{}]}, "diagnostics": []}');
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

/** Whether a process runs (a zombie waiting for its reaper does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    if (existsSync('/proc/self/stat')) return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(FIRST, { recursive: true });
  for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(FIRST, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(FIRST, 'node_modules'));
  mkdirSync(join(FIRST, 'content/docs'), { recursive: true });
  mkdirSync(join(FIRST, 'content/pages'), { recursive: true });
  writeFileSync(join(FIRST, 'content/site.config.ts'), SITE_CONFIG);
  writeFileSync(join(FIRST, 'content/docs/installation.md'), INSTALLATION);
  writeFileSync(join(FIRST, 'content/docs/snippet.ts'), SNIPPET);
  writeFileSync(join(FIRST, 'content/pages/index.tsx'), HOME);
  const first = await build();
  expect(first.stdout).toMatch(/Built \d+ pages/);
  expect(first.code).toBe(0);
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  rmSync(BROKEN_DTS, { recursive: true, force: true });
});

describe('caches of a checkout', () => {
  it('hold no path of the machine, so a moved checkout builds from its own cache', async () => {
    // As the first build wrote them (a warm build rewrites some from what it read back).
    expectNoMachinePath([FIRST, ROOT]);
    const bundleFiles = readdirSync(bundleDir()).sort();
    renameSync(FIRST, MOVED);
    checkout = MOVED;
    const moved = await build();
    expect(moved.stdout).toMatch(/Built \d+ pages/);
    expect(moved.code).toBe(0);
    expect(moved.stderr).toMatch(/exports \(cached\)/); // the API model cache was reused
    expect(readdirSync(bundleDir()).sort()).toEqual(bundleFiles); // and so was the CLI bundle
    expect(moved.stderr).not.toMatch(/rebuilding|not usable|unreadable/);
    expectNoMachinePath([FIRST, MOVED, ROOT]);
  });

  it('rebuild a truncated CLI bundle chunk once, for --version and build alike', async () => {
    const dir = bundleDir();
    const chunks = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f));
    const biggest = chunks.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    const whole = readFileSync(biggest);
    writeFileSync(biggest, whole.subarray(0, whole.length >> 1));
    // Left by an older pkidocs (no manifest, absolute paths) and by a run killed while writing: swept by the rebuild.
    const legacy = join(cacheDir(), 'cli-0123456789abcdef');
    const torn = join(cacheDir(), `cli-0123456789abcdef.${await deadPid()}.tmp`);
    for (const dir of [legacy, torn]) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'main.js'), `const ROOT = ${JSON.stringify(checkout)};\n`);
    }
    const version = await run(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(version.stderr).toMatch(/the cached CLI bundle \.pkidocs-cache[/\\]cli-[0-9a-f]{16} is damaged .*; rebuilding it\./);
    expect(readFileSync(biggest)).toEqual(whole);
    expect([existsSync(legacy), existsSync(torn)]).toEqual([false, false]);
    const again = await run(['--version']);
    expect(again.stderr).toBe('');

    writeFileSync(biggest, whole.subarray(0, whole.length >> 1));
    const built = await build();
    expect(built.code).toBe(0);
    expect(built.stderr.match(/rebuilding it/g)).toHaveLength(1);
  });

  it('rebuild a bundle that passes its manifest but fails to load', async () => {
    const main = join(bundleDir(), 'main.js');
    const manifestFile = join(bundleDir(), 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: Record<string, string> };
    writeFileSync(main, 'export const main = ;\n');
    const { createHash } = await import('node:crypto');
    manifest.files['main.js'] = createHash('sha256').update(readFileSync(main)).digest('hex');
    // Sealed with the checkout's own key, as a bundle this checkout wrote is (an unsealed one is never loaded).
    const { sealBytes } = (await import(pathToFileURL(join(checkout, 'bin/cache-seal.js')).href)) as { sealBytes: (root: string, name: string, data: string) => Buffer };
    // The seal covers the key of the sources (the folder's name) with the files.
    const key = basename(bundleDir()).slice('cli-'.length);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, key, seal: sealBytes(checkout, 'manifest.json', JSON.stringify({ key, files: manifest.files })).toString('hex') }));
    const version = await run(['--version']);
    expect(version.code).toBe(0);
    expect(version.stderr).toMatch(/failed to load \(.*\); rebuilding it\./);
    expect((await run(['--version'])).stderr).toBe('');
  });

  it('repair a torn highlight line and wrong-shaped body and API caches, and do not grow', async () => {
    spoilCaches();
    const repaired = await build();
    expect(repaired.code).toBe(0);
    expect(repaired.stderr).toMatch(/The highlight cache .*highlight\.jsonl held 1 unreadable line\(s\).*; rewriting it without them\./);
    expect(repaired.stderr).toMatch(/The API page cache .*api-bodies-.*\.json is not usable \(wrong shape\)/);
    expect(repaired.stderr).toMatch(/The API model cache .*api-[0-9a-f]{16}\.json is not usable/);
    expectHealthyCaches();
    // The output manifest describes the folder written last (each build here writes a new one): one file, its size follows the files' stats.
    const sizes = (): (string | number)[][] => cacheFiles().map((f) => [f, f === 'out-manifest.json' ? 0 : statSync(join(cacheDir(), f)).size]);
    const before = sizes();
    const again = await build();
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/not usable|unreadable|rebuilding/);
    expect(again.stderr).toMatch(/exports \(cached\)/);
    expect(sizes()).toEqual(before);
  });

  it('write good caches over bad ones with --no-cache', async () => {
    spoilCaches();
    const fresh = await build('--no-cache');
    expect(fresh.code).toBe(0);
    expect(fresh.stderr).not.toMatch(/not usable|unreadable/); // nothing was read
    expectHealthyCaches();
    const cached = await build();
    expect(cached.stderr).toMatch(/exports \(cached\)/);
    expect(cached.stderr).not.toMatch(/not usable|unreadable/);
  });
});

describe('a build killed while TypeDoc runs', () => {
  it('takes the TypeDoc child with it, and the next run sweeps its temp file', async () => {
    const parent = spawn(process.execPath, [join(checkout, 'bin/pkidocs.js'), 'build', '--no-cache', '--out', freshOut()], {
      cwd: checkout,
      env: { ...process.env, NO_COLOR: '1', PKIDOCS_TEST_REPORT_CHILD: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise((done) => parent.on('exit', done));
    const childPid = await new Promise<number>((done, fail) => {
      let err = '';
      parent.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /pkidocs-test: TypeDoc child (\d+)/.exec(err);
        if (m) done(Number(m[1]));
      });
      parent.on('exit', () => fail(new Error(`the build ended before it started TypeDoc:\n${err}`)));
    });
    // Let the child get into the conversion (its event loop blocked by the compiler).
    await new Promise((r) => setTimeout(r, 1500));
    expect(running(childPid)).toBe(true);
    parent.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    while (running(childPid) && Date.now() - killedAt < 5000) await new Promise((r) => setTimeout(r, 50));
    expect(running(childPid), 'the TypeDoc child outlived its build by 5 s').toBe(false);

    // What a child that finished just after its parent died leaves behind (the result, or its temp file
    // when it died writing), in the cache folder: never in os.tmpdir(), where any user may plant a link.
    const leftover = join(checkout, '.pkidocs-cache', `convert-${parent.pid}-${killedAt}.json`);
    writeFileSync(leftover, '{}');
    writeFileSync(`${leftover}.${childPid}-1.tmp`, '{');
    const next = await build();
    expect(next.code).toBe(0);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(`${leftover}.${childPid}-1.tmp`)).toBe(false);
  });
});

describe('input the API stage and bin refuse', () => {
  it('reports syntax errors in the declaration file with file:line:col and exit 2', async () => {
    const fixture = join(ROOT, 'test/fixtures/hostile/dts-syntax-error');
    const expected = JSON.parse(readFileSync(join(fixture, 'case.json'), 'utf8')) as { exit: number; message: string };
    // The real pkijs declarations with garbage appended, where the fixture's library.entry points.
    const dts = readFileSync(join(ROOT, 'node_modules/pkijs/build/index.d.ts'), 'utf8');
    mkdirSync(BROKEN_DTS, { recursive: true });
    writeFileSync(join(BROKEN_DTS, 'index.d.ts'), `${dts.endsWith('\n') ? dts : `${dts}\n`}}}} garbage appended (\n`);
    writeFileSync(join(BROKEN_DTS, 'package.json'), readFileSync(join(ROOT, 'node_modules/pkijs/package.json')));
    const result = await runCli(['build', '--config', join(fixture, 'site.config.ts'), '--out', freshOut()]);
    expect(result.code).toBe(expected.exit);
    expect(result.stderr).toMatch(new RegExp(expected.message));
    const line = dts.split('\n').length + (dts.endsWith('\n') ? 0 : 1);
    expect(result.stderr).toContain(`test/.tmp/hostile-dts-syntax-error/index.d.ts:${line}:1 error The declaration file has a syntax error, so the API reference would be incomplete: Declaration or statement expected. (TS1128) [api/dts-syntax]`);
    expect(result.stderr).toMatch(/→ Reinstall the library/);
    expect(result.stderr).toMatch(/Build failed: \d+ problem/);
  });

  it('prints the Node.js requirement and exits 2 on an older Node, before loading anything', async () => {
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const fake = (version: string): string => {
      const file = join(TMP, `node-${version}.mjs`);
      writeFileSync(file, `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });\n`);
      return file;
    };
    for (const old of ['18.20.4', '20.18.3', '16.0.0']) {
      const result = await run(['--version'], {}, ['--import', fake(old)]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`pkidocs needs Node.js 20.19 or newer (package.json "engines": "${engines}"), but this is Node.js ${old}.`);
      expect(result.stderr).toMatch(/\n→ Install Node.js/);
    }
    for (const recent of ['20.19.0', '22.1.0']) {
      const result = await run(['--version'], {}, ['--import', fake(recent)]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    }
  });
});
