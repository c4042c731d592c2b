// Imports a TypeScript module of the site (the config, a React page module)
// without a TypeScript loader hook: registering tsx's hook starts a loader
// thread (~110 ms) on every run and slows every later import. esbuild bundles
// the module with its local imports (packages stay imports, so React is the
// one copy the CLI uses) into .pkidocs-cache/modules/, named by a hash of the
// code: a changed module (watch mode) is a new file, an unchanged one is the
// module Node already holds. Syntax errors come back as esbuild words them,
// with file, line and column.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The module at `file`, compiled into `cacheDir`/modules. */
export async function importSiteModule(file: string, cacheDir: string): Promise<Record<string, unknown>> {
  if (!existsSync(file)) throw Object.assign(new Error(`Cannot find module ${file}`), { code: 'ERR_MODULE_NOT_FOUND' });
  const dir = join(cacheDir, 'modules');
  const result = await esbuild.build({
    entryPoints: [file],
    // Not written by esbuild (the name comes from the code's hash), but the source map's paths are relative to it.
    outdir: dir,
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    // Stack traces of a page module that throws point at its own lines.
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [ownLocation],
  }).catch((e: unknown) => {
    throw new Error(describe(e as esbuild.BuildFailure, file), { cause: e });
  });
  const code = result.outputFiles[0]!.text;
  // One file per source path and code; older code of the same path is removed.
  const prefix = `${basename(file).replace(/\W/g, '_')}-${sha(file)}-`;
  const target = join(dir, `${prefix}${sha(code)}.mjs`);
  if (!existsSync(target)) {
    await mkdir(dir, { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, code);
    await rename(tmp, target);
    for (const name of await readdir(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.mjs') && join(dir, name) !== target) await rm(join(dir, name), { force: true });
    }
  }
  return (await import(pathToFileURL(target).href)) as Record<string, unknown>;
}

/** A module keeps its own import.meta.url and dirname: the source file's, not the compiled copy's. */
const ownLocation: esbuild.Plugin = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (text.includes('import.meta.')) {
        text = text
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      }
      const ext = /\.([cm]?)([jt]sx?)$/.exec(args.path)![2] as 'js' | 'jsx' | 'ts' | 'tsx';
      return { contents: text, loader: ext };
    });
  },
};

/** esbuild's first error as one line: where, then what. */
function describe(failure: esbuild.BuildFailure, file: string): string {
  const first = failure.errors?.[0];
  if (!first) return String(failure.message ?? failure);
  const at = first.location ? `${relative(process.cwd(), first.location.file) || first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
  const more = failure.errors.length > 1 ? ` (and ${failure.errors.length - 1} more)` : '';
  return `${at}${first.text}${more}${first.location ? '' : ` (in ${file})`}`;
}
