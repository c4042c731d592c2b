// Data modules: a TypeScript file in the content folder whose exports a page
// renders (the tables of the guides). The file is bundled with esbuild (it may
// import other files of the content folder, and JSON), then evaluated in an
// empty `vm` context: no require, process, fs or any other Node.js global, no
// eval, a time limit. Only plain JSON data leaves the context (it is
// serialised inside it), so no object of the build ever reaches the module
// and none of the module's objects reaches the build.
import { buildSync, type Message } from 'esbuild';
import { relative, resolve } from 'node:path';
import { createContext, Script } from 'node:vm';
import { isInside } from './read-file.ts';

export type DataValue = string | number | boolean | null | DataValue[] | { [key: string]: DataValue };

export interface DataModule {
  /** The module's exports, as plain JSON data. */
  exports: Record<string, DataValue>;
  /** Every file the bundle read (the module and what it imports), absolute. */
  inputs: string[];
}

export type DataModuleResult = { module: DataModule; problem?: undefined } | { module?: undefined; problem: string };

const TIME_LIMIT_MS = 2000;

/** Bundles and evaluates `file`; a problem is a sentence saying what went wrong and what to do. */
export function loadDataModule(file: string, contentDir: string): DataModuleResult {
  const root = resolve(contentDir);
  let code: string;
  let inputs: string[];
  try {
    const out = buildSync({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      format: 'cjs',
      platform: 'neutral',
      target: 'es2022',
      // Packages stay `require(…)` calls, which fail in the empty context with a clear message.
      packages: 'external',
      logLevel: 'silent',
      absWorkingDir: root,
    });
    code = out.outputFiles[0]!.text;
    inputs = Object.keys(out.metafile.inputs).map((p) => resolve(root, p));
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors ?? [];
    const first = errors[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
    return { problem: `it does not compile: ${where}${first?.text ?? (e as Error).message}` };
  }
  const outside = inputs.find((p) => !isInside(p, root));
  if (outside) return { problem: `it imports ${relative(root, outside)}, which is outside the content folder; a data module may import only files of the content folder` };
  const context = createContext(Object.create(null) as object, { codeGeneration: { strings: false, wasm: false } });
  const wrapped = `(function () { var module = { exports: {} }; var exports = module.exports;\n${code}\nreturn JSON.stringify(module.exports, function (k, v) {
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') throw new TypeError('the export ' + (k || 'itself') + ' is a ' + typeof v + ', not plain data');
    if (typeof v === 'number' && !isFinite(v)) throw new TypeError('the export ' + k + ' is ' + v + ', not plain data');
    if (v === undefined && k) throw new TypeError('the value of ' + k + ' is undefined, not plain data');
    return v;
  }); })()`;
  let json: unknown;
  try {
    json = new Script(wrapped, { filename: file }).runInContext(context, { timeout: TIME_LIMIT_MS });
  } catch (e) {
    const message = e instanceof Error || (typeof e === 'object' && e !== null && 'message' in e) ? String((e as Error).message) : String(e);
    if (/Script execution timed out/.test(message)) return { problem: `it did not finish within ${TIME_LIMIT_MS} ms` };
    if (/^(require|process|module|Buffer|globalThis\.process|fetch|setTimeout) is not defined/.test(message) || /is not defined$/.test(message)) {
      return { problem: `it failed while running: ${message}. Data modules run without Node.js (no require, process, fs, imports of packages): they only compute and export plain data` };
    }
    return { problem: `it failed while running: ${message}` };
  }
  if (typeof json !== 'string') return { problem: 'it exports nothing' };
  return { module: { exports: JSON.parse(json) as Record<string, DataValue>, inputs } };
}
