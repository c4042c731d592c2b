// The TypeDoc conversion's child process (src/api/convert-process.ts), run
// from the CLI bundle the parent loaded, natively: through tsx's loader hook,
// every one of TypeDoc's modules would pass a loader thread first.
// Usage: node bin/convert.js <bundle folder> <entry.d.ts> <result.json> <parent pid>
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheCompiler } from './compile-cache.js';

const root = join(import.meta.dirname, '..');
// What the bundle's modules read for their own location (see cli-bundle.js).
globalThis.__pkidocs = { root, rootUrl: `${pathToFileURL(root).href}/` };
// The compiled TypeScript compiler is kept beside the bundle, whose folder changes with the installed packages.
cacheCompiler(process.argv[2]);
await import(pathToFileURL(join(process.argv[2], 'convert-process.js')).href);
