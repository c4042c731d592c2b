// The TypeDoc child's code cache of the TypeScript compiler (bin/compile-cache.js),
// on a stand-in compiler at the path it recognises: the module runs as Node
// would run it, the first run saves V8's code, later runs start from it, and a
// damaged cache or another compiler's source never reaches V8 as its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
let dir: string;
let compiler: string;
let cacheDir: string;

/** A CommonJS module that reports how it was run: `this`, the module wrapper's arguments, a built-in and a relative require. */
const source = (version: string): string => `'use strict';
const path = require('node:path');
exports.report = {
  version: ${JSON.stringify(version)},
  thisIsExports: this === module.exports,
  dirname: __dirname,
  filename: __filename,
  helper: require('./helper.js'),
  resolved: require.resolve('./helper.js'),
  joined: path.join('a', 'b'),
};
${Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`).join('\n')}
exports.sum = [${Array.from({ length: 200 }, (_, i) => `f${i}(2)`).join(', ')}].reduce((a, b) => a + b, 0);
`;

/** Runs the stand-in compiler in a fresh Node with the cache in `cacheDir`; returns its report and the cache files. */
function run(): { report: Record<string, unknown>; sum: number; files: string[] } {
  const script = `import { cacheCompiler } from ${JSON.stringify(pathToFileURL(join(ROOT, 'bin/compile-cache.js')).href)};
import { createRequire } from 'node:module';
cacheCompiler(${JSON.stringify(cacheDir)});
const m = createRequire(import.meta.url)(${JSON.stringify(compiler)});
process.stdout.write(JSON.stringify({ report: m.report, sum: m.sum }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return { ...(JSON.parse(r.stdout) as { report: Record<string, unknown>; sum: number }), files: readdirSync(cacheDir).sort() };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pkidocs-compile-cache-'));
  const lib = join(dir, 'node_modules/typescript/lib');
  mkdirSync(lib, { recursive: true });
  compiler = join(lib, 'typescript.js');
  writeFileSync(compiler, source('1'));
  writeFileSync(join(lib, 'helper.js'), 'module.exports = "helped";');
  cacheDir = join(dir, 'cache');
  mkdirSync(cacheDir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compiler code cache', () => {
  it('runs the module as Node does, and saves its compiled code on the first run', () => {
    const { report, sum, files } = run();
    expect(report).toEqual({
      version: '1',
      thisIsExports: true,
      dirname: join(dir, 'node_modules/typescript/lib'),
      filename: compiler,
      helper: 'helped',
      resolved: join(dir, 'node_modules/typescript/lib/helper.js'),
      joined: join('a', 'b'),
    });
    expect(sum).toBe(Array.from({ length: 200 }, (_, i) => 2 * i + i).reduce((a, b) => a + b, 0));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^typescript-[0-9a-f]{20}\.v8cache$/);
    // V8 keeps the script's name in the cache: it holds no path of the machine.
    expect(readFileSync(join(cacheDir, files[0]!), 'latin1').includes(dir)).toBe(false);
  });

  it('starts later runs from the saved code without writing it again', () => {
    const [file] = readdirSync(cacheDir);
    const before = statSync(join(cacheDir, file!)).mtimeMs;
    const saved = readFileSync(join(cacheDir, file!));
    const { report } = run();
    expect(report.version).toBe('1');
    expect(statSync(join(cacheDir, file!)).mtimeMs).toBe(before);
    expect(readFileSync(join(cacheDir, file!)).equals(saved)).toBe(true);
  });

  it('never gives V8 a damaged cache (it would crash on it): the module runs, and the cache is written again', () => {
    const [file] = readdirSync(cacheDir);
    const path = join(cacheDir, file!);
    const good = readFileSync(path);
    const damaged = Buffer.from(good);
    damaged.fill(0x5a, 64, 4096);
    writeFileSync(path, damaged);
    expect(run().report.version).toBe('1');
    expect(readFileSync(path).equals(damaged)).toBe(false);
    expect(readFileSync(path).length).toBeGreaterThan(1000);
  });

  it('never gives one source the code of another of the same length: the cache is named by the source', () => {
    const [old] = readdirSync(cacheDir);
    const edited = source('2');
    expect(edited.length).toBe(source('1').length);
    writeFileSync(compiler, edited);
    const { report, files } = run();
    expect(report.version).toBe('2');
    // The new source's cache replaces the old one.
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(old);
    expect(run().report.version).toBe('2');
  });

  it('leaves any other file to Node', () => {
    const other = join(dir, 'node_modules/typescript/lib/other.js');
    writeFileSync(other, 'exports.ok = this === module.exports;');
    const script = `import { cacheCompiler } from ${JSON.stringify(pathToFileURL(join(ROOT, 'bin/compile-cache.js')).href)};
import { createRequire } from 'node:module';
cacheCompiler(${JSON.stringify(join(dir, 'other-cache'))});
process.stdout.write(String(createRequire(import.meta.url)(${JSON.stringify(other)}).ok));`;
    mkdirSync(join(dir, 'other-cache'));
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stdout).toBe('true');
    expect(readdirSync(join(dir, 'other-cache'))).toEqual([]);
  });
});
