// TypeDoc's JSON output from its own CLI, run in a throw-away folder: the
// caller writes the folder's tsconfig.json (and options), this runs the CLI
// there, reads `api.json` and removes the folder whatever happened.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CLI = resolve(import.meta.dirname, '../../node_modules/typedoc/bin/typedoc');

/** The JSON TypeDoc's CLI writes to `dir`/api.json when run in `dir` with `args` (for `entry`, named in errors). */
export function typedocCliJson(dir: string, args: readonly string[], entry: string): Promise<unknown> {
  return new Promise((done, failed) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir }, (err, _out, stderr) => {
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
