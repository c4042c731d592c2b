// TypeDoc's JSON of a declaration file, from TypeDoc's own CLI run as the API
// stage runs it: the same TypeDoc options, and a program of that one entry
// with the same compiler options (in a folder of its own under the system's
// temp folder, so no tsconfig.json of the checkout joins the program).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COMPILER_OPTIONS, TYPEDOC_OPTIONS } from '../../../src/api/options.ts';

const CLI = resolve(import.meta.dirname, '../../../node_modules/typedoc/bin/typedoc');

export function typedocJson(entry: string): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'pkidocs-api-matrix-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [entry] }));
  const options = { ...TYPEDOC_OPTIONS, entryPoints: [entry], tsconfig: join(dir, 'tsconfig.json'), json: join(dir, 'api.json'), logLevel: 'Error' };
  writeFileSync(join(dir, 'typedoc.json'), JSON.stringify(options));
  return new Promise((done, failed) => {
    execFile(process.execPath, [CLI, '--options', join(dir, 'typedoc.json')], { cwd: dir }, (err, _out, stderr) => {
      try {
        if (err) throw new Error(`typedoc failed on ${entry}:\n${stderr}`);
        done(JSON.parse(readFileSync(join(dir, 'api.json'), 'utf8')));
      } catch (e) {
        failed(e as Error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
