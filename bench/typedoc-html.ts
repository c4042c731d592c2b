// TypeDoc's own HTML output of the pkijs type definitions, with the options
// the API stage uses: the yardstick `npm run bench` compares builds against.
import { Application } from 'typedoc';
import { COMPILER_OPTIONS, TYPEDOC_OPTIONS } from '../src/api/options.ts';

const [entry, out] = process.argv.slice(2);
if (!entry || !out) throw new Error('usage: typedoc-html.ts <entry.d.ts> <out dir>');
const app = await Application.bootstrapWithPlugins({ ...TYPEDOC_OPTIONS, entryPoints: [entry], compilerOptions: COMPILER_OPTIONS, logLevel: 'Error' });
const project = await app.convert();
if (!project) throw new Error('TypeDoc could not convert the entry');
await app.generateDocs(project, out);
