// The TypeDoc child's module hooks (bin/typescript-hooks.js, registered by
// bin/convert.js): an ESM import of the TypeScript compiler gets the object
// require() made, and Node never lexes the compiler's 9 MB for named exports
// (without the hooks, the namespace holds every name the lexer found).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const compiler = createRequire(join(ROOT, 'node_modules/typedoc/package.json')).resolve('typescript');

/** Imports the compiler and another CommonJS module from ESM in a fresh Node, with or without the hooks. */
function run(hooks: boolean): { keys: number; same: boolean; version: string; other: string[] } {
  const url = pathToFileURL(compiler).href;
  const script = `import { createRequire, register } from 'node:module';
${hooks ? `register(${JSON.stringify(pathToFileURL(join(ROOT, 'bin/typescript-hooks.js')).href)}, { data: { compilerUrl: ${JSON.stringify(url)} } });` : ''}
const ns = await import(${JSON.stringify(url)});
const other = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'node_modules/fastest-levenshtein/mod.js')).href)});
const same = ns.default === createRequire(${JSON.stringify(url)})(${JSON.stringify(compiler)});
process.stdout.write(JSON.stringify({ keys: Object.keys(ns).length, same, version: ns.default.version, other: Object.keys(other).sort() }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { keys: number; same: boolean; version: string; other: string[] };
}

describe('the TypeDoc child hooks', () => {
  it('hand an ESM import of the compiler the required module, with no lexed names', () => {
    const withHooks = run(true);
    expect(withHooks).toMatchObject({ keys: 1, same: true, version: (createRequire(compiler)(compiler) as { version: string }).version });
    // Every other module loads as it did.
    expect(withHooks.other).toEqual(run(false).other);
  });

  it('(without them, Node lexes the compiler and the namespace holds its names)', () => {
    expect(run(false).keys).toBeGreaterThan(100);
  });
});
