// Imports a TypeScript module of the site (the config, a React page module)
// without a TypeScript loader hook: registering tsx's hook starts a loader
// thread (~110 ms) on every run and slows every later import. esbuild bundles
// the module with its local imports (packages stay imports, so React is the
// one copy the CLI uses) into .pkidocs-cache/modules/, named by a hash of the
// code: a changed module (watch mode) is a new file, an unchanged one is the
// module Node already holds. Its inputs (module-inputs.ts: the files esbuild
// read and the resolutions of their imports) are kept beside it by digest, so
// an unchanged module is imported without starting esbuild, and a page
// module's cached render is keyed on them (SiteModule.inputs). The cache folder is
// content (a restored CI cache may be planted), so a compiled file is imported
// only when the list's seal (src/shared/cache-seal.ts: a key the folder does
// not hold) matches it: the compiled file's name and code, the source it was
// compiled for and the list of inputs with their digests. No sealed module can
// stand for another source or another input set (the digests are hashes of
// public files: an older sealed module listed with today's digests was run),
// and an unsealed list is never read for digests. Otherwise it is compiled
// again, never run.
// Being sealed, a compiled module is used by --no-cache too.
// Syntax errors come back as esbuild words them, with file, line and column.
//
// Like every cache of the checkout, these files hold no path of the machine:
// sources are named relative to the cache folder, and a module's
// import.meta.url and dirname are computed from the compiled file's own URL.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import * as z from 'zod';
import { externalsFromCheckout, externalsRuntime, type ExternalsRuntime } from '../../bin/externals.js';
import { cacheFolder, loadChecked, readCacheFile, removeCacheFile, writeAtomic } from './cache-io.ts';
import { seal, sealed } from './cache-seal.ts';
import { esbuild as loadEsbuild } from './lazy-packages.ts';
import { digestOf, digestText, moduleInputs } from './module-inputs.ts';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The module at `file`, compiled into `cacheDir`/modules. */
export async function importSiteModule(file: string, cacheDir: string): Promise<Record<string, unknown>> {
  return (await loadSiteModule(file, cacheDir)).exports;
}

export interface SiteModule {
  exports: Record<string, unknown>;
  /** A hash of the inputs it was compiled from, each with its digest: equal inputs, equal module. */
  inputs: string;
}

/** The module at `file` with the key of its inputs. */
export async function loadSiteModule(file: string, cacheDir: string): Promise<SiteModule> {
  if (!existsSync(file)) throw Object.assign(new Error(`Cannot find module ${file}`), { code: 'ERR_MODULE_NOT_FOUND' });
  // The real folder (a link planted at modules/ is removed, never walked into): Node gives an
  // imported module its real path as import.meta.url. Its files are written and deleted inside it only.
  const dir = await cacheFolder(cacheDir, join(cacheDir, 'modules'));
  const rel = (p: string): string => relative(dir, p).split(sep).join('/');
  // One compiled file per source, with the list of the sources it was compiled from.
  const prefix = `${basename(file).replace(/\W/g, '_')}-${sha(rel(file))}-`;
  const sourcesFile = join(dir, `${prefix}sources.json`);
  const made = (await compiledBefore(sourcesFile, dir, rel(file))) ?? (await compile(file, dir, prefix, sourcesFile, rel(file)));
  installPackageLoader();
  return { exports: (await import(pathToFileURL(made.target).href)) as Record<string, unknown>, inputs: digestText(JSON.stringify(made.files)) };
}

/** What a compiled module's seal covers besides its name: the source it was compiled for, its inputs with their digests, its code. */
const sealedText = (source: string, files: [string, string][], code: string): string => JSON.stringify([source, files, digestText(code)]);

/** The seal of the compiled module `out` of `source` (relative to the folder), made from `files`, under the checkout's key. */
const sealOf = (source: string, out: string, files: [string, string][], code: string): string => seal(`modules/${out}`, sealedText(source, files, code));

/**
 * Whether the list's seal covers it whole with the compiled code at `file`:
 * one planted or edited in the cache folder, or listed for another source or
 * other inputs, is compiled again instead of imported. Read as content is
 * read (readCacheFile: no link followed, no FIFO waited on).
 */
function holdsSealed(file: string, source: string, sources: Sources): boolean {
  const read = readCacheFile(file);
  return read.text !== undefined && sealed(`modules/${basename(file)}`, sealedText(source, sources.files, read.text), sources.seal);
}

const sourcesSchema = z.object({
  /** The compiled file's name (a name, not a path). */
  out: z.string().refine((name) => basename(name) === name),
  /** Its inputs (module-inputs.ts): each id relative to the folder, with its digest when it was compiled. */
  files: z.array(z.tuple([z.string(), z.string()])),
  /** The seal of the compiled file's name and code, its source and these inputs (sealOf). */
  seal: z.string(),
});
type Sources = z.infer<typeof sourcesSchema>;

/** What was compiled, when every input still holds what it held (esbuild is then not started at all). */
async function compiledBefore(sourcesFile: string, dir: string, source: string): Promise<Compiled | undefined> {
  // A bad list is no notice's worth: the module is compiled again, which rewrites it.
  const sources = await loadChecked(sourcesFile, sourcesSchema, 'compiled-module source list', undefined, undefined, false);
  if (!sources) return undefined;
  const target = join(dir, sources.out);
  // Before any input is digested: only a list this checkout wrote names files to read.
  if (!holdsSealed(target, source, sources)) return undefined;
  for (const [path, digest] of sources.files) {
    if ((await digestOf(resolve(dir, path))) !== digest) return undefined;
  }
  return { target, files: sources.files };
}

/** The compiled file, and its inputs with their digests. */
type Compiled = { target: string; files: [string, string][] };

/**
 * Compiled code runs from the cache folder, whose real path (and every folder
 * above it) is not the checkout's: its packages are loaded through
 * globalThis.__pkidocs from the checkout's node_modules (bin/externals.js),
 * never by a bare import Node would resolve from the cache folder up. The
 * launcher (bin/cli-bundle.js) sets the loader; unbundled (tests), it is set here.
 */
export function installPackageLoader(): void {
  const host = ((globalThis as { __pkidocs?: Partial<ExternalsRuntime> }).__pkidocs ??= {});
  if (!host.loadExternal) Object.assign(host, externalsRuntime());
}

/**
 * The esbuild plugins every build of NODE_MODULE_BUILD starts with: packages
 * from the checkout. The loader is installed first: bundling a lazy import()
 * of a package already loads it through the loader, to learn its names.
 */
export function packagesFromCheckout(): esbuild.Plugin {
  installPackageLoader();
  return externalsFromCheckout('all') as esbuild.Plugin;
}

/**
 * How TypeScript that runs in this process is bundled (site modules here,
 * watch mode's reloaded render code in src/site/renderer.ts): packages are
 * loaded from the checkout (packagesFromCheckout), so React is the one copy
 * the CLI uses; inline source maps keep
 * stack traces on the source lines. The maps hold no copy of the sources:
 * stack traces need only the mappings, and Node keeps every module it
 * imported, with its text and its map, for the life of the process (a
 * template edit in watch mode loads the render code again: ~0.87 MB kept per
 * load with the sources, ~0.27 MB without). The compiler options are given
 * whole (tsconfigRaw), so no tsconfig.json on disk is consulted: one planted
 * in content/ could map `react` ("paths") to a static file, which would then
 * run as the page's code, and no module's key holds it. They are the options
 * of the checkout's tsconfig.json that change what esbuild emits.
 */
export const NODE_MODULE_BUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  tsconfigRaw: { compilerOptions: { jsx: 'react-jsx', target: 'ES2022', verbatimModuleSyntax: true } },
  sourcemap: 'inline',
  sourcesContent: false,
  logLevel: 'silent',
} as const satisfies esbuild.BuildOptions;

async function compile(file: string, dir: string, prefix: string, sourcesFile: string, source: string): Promise<Compiled> {
  const compiled = new Map<string, string>();
  const result = await loadEsbuild().build({
    ...NODE_MODULE_BUILD,
    entryPoints: [file],
    // The comments naming each source are relative to the working folder: the cache folder, not the cwd
    // (from another folder they held the checkout's path).
    absWorkingDir: dir,
    // Not written by esbuild (the name comes from the code's hash), but the source map's paths are relative to it.
    outdir: dir,
    write: false,
    metafile: true,
    plugins: [packagesFromCheckout(), ownLocation(dir, (path, text) => compiled.set(path, digestText(text)))],
  }).catch((e: unknown) => {
    throw new Error(describe(e as esbuild.BuildFailure, file), { cause: e });
  });
  const code = result.outputFiles[0]!.text;
  const out = `${prefix}${sha(code)}.mjs`;
  // One already there is rewritten unless it holds exactly this code (an edited module is replaced, not run).
  if (readCacheFile(join(dir, out)).text !== code) await writeAtomic(dir, join(dir, out), code);
  // Inputs the plugin did not load (JSON, text) and import resolutions are digested now.
  const made = moduleInputs(result.metafile, dir, file);
  const files: [string, string][] = [];
  for (const id of [...made.files, ...made.resolutions]) files.push([relative(dir, id).split(sep).join('/'), compiled.get(id) ?? (await digestOf(id)) ?? '']);
  await writeAtomic(dir, sourcesFile, JSON.stringify({ out, files, seal: sealOf(source, out, files, code) } satisfies Sources));
  await sweep(dir, prefix, out);
  return { target: join(dir, out), files };
}

/** A day: a compiled module older than that is compiled again if it is still needed. */
const STALE_MS = 24 * 3600 * 1000;

/**
 * Removes this source's older compiled files, and every file of the folder
 * older than a day: the modules of sources since moved or deleted (a fixture, a
 * renamed page) and of older pkidocs versions would otherwise stay for ever.
 */
async function sweep(dir: string, prefix: string, out: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (name === out || name === `${prefix}sources.json`) continue;
    const path = join(dir, name);
    const mine = name.startsWith(prefix) && name.endsWith('.mjs');
    // lstat: a link is judged (and removed) as itself, never by what it leads to.
    if (mine || now - ((await lstat(path).catch(() => undefined))?.mtimeMs ?? now) > STALE_MS) await removeCacheFile(dir, path);
  }
}

/**
 * A module keeps its own import.meta.url, filename and dirname: the source
 * file's, found from the URL of the bundle written into `dir` by the relative
 * path between them (never an absolute one: the bundle holds no machine path).
 */
export function ownLocation(dir: string, onLoad?: (path: string, text: string) => void): esbuild.Plugin {
  const urlOf = (path: string): string => {
    const rel = relative(dir, path).split(sep).map(encodeURIComponent).join('/');
    return `new URL(${JSON.stringify(rel)}, import.meta.url)`;
  };
  return {
    name: 'own-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        onLoad?.(args.path, text);
        if (text.includes('import.meta.')) {
          const url = urlOf(args.path);
          const as = { dirname: `__pkidocsDir(__pkidocsPath(${url}))`, filename: `__pkidocsPath(${url})`, url: `${url}.href` };
          // One pass: the replacements themselves hold import.meta.url.
          text = text.replace(/import\.meta\.(dirname|filename|url)\b/g, (_, key: keyof typeof as) => as[key]);
          // On the first line, so that the source map's line numbers still match.
          text = `import { fileURLToPath as __pkidocsPath } from 'node:url'; import { dirname as __pkidocsDir } from 'node:path'; ${text}`;
        }
        const ext = /\.([cm]?)([jt]sx?)$/.exec(args.path)![2] as 'js' | 'jsx' | 'ts' | 'tsx';
        return { contents: text, loader: ext };
      });
    },
  };
}

/** esbuild's first error as one line: where, then what. */
function describe(failure: esbuild.BuildFailure, file: string): string {
  const first = failure.errors?.[0];
  if (!first) return String(failure.message ?? failure);
  const at = first.location ? `${relative(process.cwd(), first.location.file) || first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
  const more = failure.errors.length > 1 ? ` (and ${failure.errors.length - 1} more)` : '';
  return `${at}${first.text}${more}${first.location ? '' : ` (in ${file})`}`;
}
