// The yardstick every build bench compares with: TypeDoc's own CLI
// (node_modules/.bin/typedoc, as a user documenting the d.ts runs it) started
// in an empty temporary folder, so that nothing of this repository (its
// tsconfig, its sources, its tests) is in TypeDoc's program. That folder holds
// a tsconfig.json with the API stage's compiler options (the same `lib`,
// `types: []`) and only the entry as its files, a typedoc.json with the API
// stage's TypeDoc options, and a plugin that prints the program's files, so
// that every run shows what TypeDoc compiled.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COMPILER_OPTIONS, TYPEDOC_OPTIONS } from '../src/api/options.ts';
import { measure, type Measured } from './measure.ts';

const TYPEDOC = resolve(import.meta.dirname, '../node_modules/.bin/typedoc');

const PLUGIN = `// Prints the files of TypeDoc's program (written by the pkidocs bench).
export function load(app) {
  app.converter.on('begin', (context) => {
    const files = context.programs.flatMap((p) => p.getSourceFiles().map((f) => f.fileName));
    console.log(\`yardstick-program: \${JSON.stringify(files)}\`);
  });
}
`;

export interface Yardstick {
  /** TypeDoc's HTML output of the entry into `out`, measured. */
  run(out: string): Promise<Measured & { files: string }>;
  remove(): void;
}

/** An empty folder set up to run TypeDoc on `entry` (an absolute path). */
export function yardstick(entry: string): Yardstick {
  const dir = mkdtempSync(join(tmpdir(), 'pkidocs-yardstick-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [entry] }, null, 2));
  writeFileSync(join(dir, 'typedoc.json'), JSON.stringify({ ...TYPEDOC_OPTIONS, skipErrorChecking: true, logLevel: 'Error' }, null, 2));
  writeFileSync(join(dir, 'count-files.mjs'), PLUGIN);
  return {
    async run(out) {
      const r = await measure(TYPEDOC, ['--plugin', './count-files.mjs', '--skipErrorChecking', '--out', out, entry], { cwd: dir });
      const list = /yardstick-program: (.*)/.exec(r.output)?.[1];
      if (!list) throw new Error(`TypeDoc printed no program file list:\n${r.output}`);
      return { ...r, files: describeFiles(JSON.parse(list) as string[]) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** "55 files: 46 of TypeScript's lib (lib.dom.d.ts among them) and pkijs/build/index.d.ts, …". */
function describeFiles(files: string[]): string {
  const libs = files.filter((f) => /\/typescript\/lib\/lib\.[^/]+\.d\.ts$/.test(f));
  const others = files.filter((f) => !libs.includes(f)).map((f) => f.slice(f.lastIndexOf('node_modules/') + 'node_modules/'.length));
  const dom = libs.some((f) => f.endsWith('/lib.dom.d.ts')) ? ', lib.dom.d.ts among them' : '';
  return `${files.length} files: ${libs.length} of TypeScript's lib${dom}; ${others.join(', ')}`;
}
