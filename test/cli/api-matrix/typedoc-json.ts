// TypeDoc's JSON of a declaration file, from TypeDoc's own CLI run as the API
// stage runs it: the same TypeDoc options, and a program of that one entry
// with the same compiler options (in a folder of its own under the system's
// temp folder, so no tsconfig.json of the checkout joins the program).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILER_OPTIONS, TYPEDOC_OPTIONS } from '../../../src/api/options.ts';
import { typedocCliJson } from '../../support/typedoc-cli.ts';

export function typedocJson(entry: string): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'pkidocs-api-matrix-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [entry] }));
  const options = { ...TYPEDOC_OPTIONS, entryPoints: [entry], tsconfig: join(dir, 'tsconfig.json'), json: join(dir, 'api.json'), logLevel: 'Error' };
  writeFileSync(join(dir, 'typedoc.json'), JSON.stringify(options));
  return typedocCliJson(dir, ['--options', join(dir, 'typedoc.json')], entry);
}
