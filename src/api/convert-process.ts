// Runs the TypeDoc conversion in a process of its own: the build goes on with
// content, bundling and highlighting on the other core meanwhile, and
// TypeDoc's ~300 MB of compiler state never adds to the build's own memory.
// Usage: node --import tsx convert-process.ts <entry.d.ts> <result.json>
import { writeFile } from 'node:fs/promises';
import { convertDeclarations } from './typedoc/convert.ts';

const [entry, out] = process.argv.slice(2);
if (!entry || !out) throw new Error('usage: convert-process.ts <entry.d.ts> <result.json>');
const result = await convertDeclarations(entry);
await writeFile(out, JSON.stringify(result));
