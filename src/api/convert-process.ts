// Runs the TypeDoc conversion in a process of its own: the build goes on with
// content, bundling and highlighting on the other core meanwhile, and
// TypeDoc's ~300 MB of compiler state never adds to the build's own memory.
// Usage: node --import tsx convert-process.ts <entry.d.ts> <package dir> <cache dir> <result.json> <parent pid>
// (or, bundled, through bin/convert.js: the same five arguments come last).
// The result is written through the cache folder's chokepoint (src/shared/cache-io.ts).
import { Worker } from 'node:worker_threads';
import { writeAtomic } from '../shared/cache-io.ts';

const [entry, packageDir, cacheDir, out, parent] = process.argv.slice(-5);
if (!entry || !packageDir || !cacheDir || !out || !parent) throw new Error('usage: convert-process.ts <entry.d.ts> <package dir> <cache dir> <result.json> <parent pid>');
dieWithParent(Number(parent));
// Loaded after the watch has started: loading typedoc alone takes a second.
const { convertDeclarations } = await import('./typedoc/convert.ts');
const result = await convertDeclarations(entry, packageDir);
await writeAtomic(cacheDir, out, JSON.stringify(result));

/**
 * Ends this process when the build that started it is gone: a SIGKILLed parent
 * runs no handler, and the conversion blocks this thread's event loop for
 * seconds at a time, so a worker thread watches for the re-parenting instead.
 * The parent's pid comes from the parent: it may be dead before this runs.
 */
function dieWithParent(pid: number): void {
  const watch = `const check = () => { if (process.ppid !== ${pid}) process.kill(${process.pid}, 'SIGKILL'); };
check();
setInterval(check, 100);`;
  new Worker(watch, { eval: true }).unref();
}
