// Runs the TypeDoc conversion in a process of its own: the build goes on with
// content, bundling and highlighting on the other core meanwhile, and
// TypeDoc's ~300 MB of compiler state never adds to the build's own memory.
// Usage: node --import tsx convert-process.ts <entry.d.ts> <result.json>
import { writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { convertDeclarations } from './typedoc/convert.ts';

const [entry, out] = process.argv.slice(2);
if (!entry || !out) throw new Error('usage: convert-process.ts <entry.d.ts> <result.json>');
dieWithParent();
const result = await convertDeclarations(entry);
await writeFile(out, JSON.stringify(result));

/**
 * Ends this process when the build that started it is gone: a SIGKILLed parent
 * runs no handler, and the conversion blocks this thread's event loop for
 * seconds at a time, so a worker thread watches for the re-parenting instead.
 */
function dieWithParent(): void {
  const watch = `const parent = ${process.ppid};
setInterval(() => { if (process.ppid !== parent) process.kill(${process.pid}, 'SIGKILL'); }, 100);`;
  new Worker(watch, { eval: true }).unref();
}
