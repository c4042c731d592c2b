// The TypeDoc conversion's child process (src/api/convert-process.ts), run
// from the CLI bundle the parent loaded, natively: through tsx's loader hook,
// every one of TypeDoc's modules would pass a loader thread first.
// Usage: node bin/convert.js <bundle folder> <entry.d.ts> <package dir> <cache dir> <result.json> <parent pid>
import { createRequire, register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheCompiler } from './compile-cache.js';
import { externalsRuntime } from './externals.js';

const root = join(import.meta.dirname, '..');
// What the bundle's modules read for their own location (see cli-bundle.js).
// The packages it imports come from the checkout's node_modules (externals.js).
globalThis.__pkidocs = { root, rootUrl: `${pathToFileURL(root).href}/`, ...externalsRuntime() };
// The compiled TypeScript compiler is kept beside the bundle, whose folder changes with the installed packages.
cacheCompiler(process.argv[2]);
// typedoc imports the compiler from ESM (`import ts from "typescript"`, default imports only), and Node
// answers an ESM import of a CommonJS file by running its export lexer over the source first, to find
// named exports: over the 9 MB typescript.js, ~15% of this process's CPU in a profile of a cold build.
// The hooks hand those imports the compiler through require() instead (still through the code cache
// above), resolved as typedoc resolves it. A named import would fail with Node's own link error.
const compiler = createRequire(join(root, 'node_modules/typedoc/package.json')).resolve('typescript');
register('./typescript-hooks.js', import.meta.url, { data: { compilerUrl: pathToFileURL(compiler).href } });
await import(pathToFileURL(join(process.argv[2], 'convert-process.js')).href);
