// The API stage: the pkijs declaration file → ApiModel, through TypeDoc on a
// cache miss (in a child process, so it runs beside the other stages) and
// straight from `{cacheDir}/api-{hash}.json` on a hit. A hit never loads typedoc.
import { spawn } from 'node:child_process';
import { access, readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { BuildFailure, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { readCacheFile, removeCacheFile, writeAtomic } from '../shared/cache-io.ts';
import { readApiCache, writeApiCache } from './cache-file.ts';
import type { ApiModel } from './model.ts';
import type { ConvertResult } from './typedoc/convert.ts';
import { cacheKey, readInputs, sameInputs, writeInputs } from './cache-key.ts';
import { CONVERTER_VERSION } from './options.ts';

export type { ApiModel } from './model.ts';

export interface LoadApiOptions {
  /** The declaration file to document (pkijs's `build/index.d.ts`). */
  entry: string;
  /**
   * The documented package's folder: only declarations of files inside it are
   * published. By default the folder of the package.json nearest to `entry`.
   */
  packageDir?: string;
  cacheDir: string;
  /** false skips reading the cache; the fresh model is still written, replacing a bad file. */
  useCache: boolean;
  /** Told, in one line, about a cache file that was found bad and will be rebuilt. */
  onNotice?: (line: string) => void;
  /** Convert in this process instead of a child process (tests of the converter). */
  inProcess?: boolean;
  /** Called when TypeDoc starts converting (a cache miss): seconds during which this process is free. */
  onConvert?: () => void;
}

export interface LoadApiResult {
  model: ApiModel;
  cacheHit: boolean;
  /** TypeDoc's warnings, the same on a hit as on the miss that filled the cache. */
  diagnostics: Diagnostic[];
  /** The model's cache key (undefined without the cache), for caches derived from it. */
  key?: string;
}

export async function loadApi(options: LoadApiOptions): Promise<LoadApiResult> {
  const entry = resolve(options.entry);
  await readEntry(entry, options.entry);
  const packageJson = await nearestPackageJson(dirname(entry));
  const packageDir = resolve(options.packageDir ?? (packageJson[0] ? dirname(packageJson[0]) : dirname(entry)));
  // Keyed on every file the last conversion read (another .d.ts of the package, a dependency's declarations).
  const known = [...(readInputs(options.cacheDir, entry) ?? []), ...packageJson];
  const key = await cacheKey(options.cacheDir, entry, packageDir, known);
  const cacheFile = join(options.cacheDir, `api-${key}.json`);
  // The cache holds diagnostic paths relative to the folder holding the cache (the checkout), not to wherever the CLI ran.
  const checkout = dirname(resolve(options.cacheDir));

  await sweepConvertFiles(options.cacheDir);
  if (options.useCache) {
    const cached = await readApiCache(cacheFile, CONVERTER_VERSION);
    if (cached.kind === 'hit') return { model: cached.entry.model, cacheHit: true, diagnostics: rebase(cached.entry.diagnostics, checkout, process.cwd()), key };
    if (cached.kind === 'bad') options.onNotice?.(`The API model cache ${cacheFile} is not usable (${cached.reason}); running TypeDoc again and replacing it.`);
  }

  options.onConvert?.();
  const { model, diagnostics, inputs } = options.inProcess
    ? await (await import('./typedoc/convert.ts')).convertDeclarations(entry, packageDir)
    : await convertInChild(entry, packageDir, options.cacheDir);
  if (!model) throw new BuildFailure(diagnostics);
  const read = [...inputs, ...packageJson];
  // The manifest already named these files (every miss but the first): the key above covers them.
  const freshKey = sameInputs(known, read) ? key : await cacheKey(options.cacheDir, entry, packageDir, read);
  await writeApiCache(options.cacheDir, join(options.cacheDir, `api-${freshKey}.json`), CONVERTER_VERSION, { model, diagnostics: rebase(diagnostics, process.cwd(), checkout) });
  await writeInputs(options.cacheDir, entry, read);
  return { model, cacheHit: false, diagnostics, key: freshKey };
}

/** Diagnostics with their files made relative to `to` instead of `from`. */
function rebase(diagnostics: Diagnostic[], from: string, to: string): Diagnostic[] {
  return diagnostics.map((d) => (d.file ? { ...d, file: relative(to, resolve(from, d.file)) } : d));
}

/**
 * The child's result file, and the temp file of its atomic write: named for
 * this process, so that a later run can tell the files of dead runs. It lies
 * in the cache folder, not os.tmpdir(): a folder every user of the machine
 * writes, where a link planted at its name would take the child's write.
 */
const CONVERT_FILE = /^convert-(\d+)-\d+\.json(\.\d+-\d+\.tmp)?$/;

/** Conversions started by this process (names each one's result file). */
let conversions = 0;

/**
 * The conversion in a child process (see convert-process.ts), its result
 * passed through a file of the cache folder, written and deleted through its
 * chokepoints (src/shared/cache-io.ts). The child ends itself when this
 * process is gone.
 */
async function convertInChild(entry: string, packageDir: string, cacheDir: string): Promise<ConvertResult> {
  // A sequence number too: two versions convert at once, and one millisecond would give them one file.
  const out = join(cacheDir, `convert-${process.pid}-${Date.now()}${String(++conversions).padStart(4, '0')}.json`);
  const script = join(import.meta.dirname, 'convert-process.ts');
  try {
    // Made here first: a cache folder this build may not write is named by this process, in one line (src/cli/build.ts).
    await writeAtomic(cacheDir, out, '');
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done, failed) => {
      const child = spawn(process.execPath, [...childScript(script), entry, packageDir, cacheDir, out, String(process.pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
      // For the test that kills a build while TypeDoc runs (test/hostile/caches.test.ts).
      if (process.env.PKIDOCS_TEST_REPORT_CHILD === '1') process.stderr.write(`pkidocs-test: TypeDoc child ${child.pid}\n`);
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', failed);
      child.on('close', (c) => done({ code: c, stderr }));
    });
    if (code !== 0) throw new Error(`The TypeDoc conversion process exited with code ${code}:\n${stderr}`);
    const read = readCacheFile(out);
    if (read.text === undefined) throw new Error(`The TypeDoc conversion's result ${out} is not readable (${read.problem ?? 'missing'}).`);
    return JSON.parse(read.text) as ConvertResult;
  } finally {
    await removeCacheFile(cacheDir, out);
  }
}

/**
 * How the child runs convert-process.ts: from the bundled CLI when this
 * process is one (bin/convert.js, no loader hook), else through tsx (tests).
 */
function childScript(script: string): string[] {
  const bundled = (globalThis as { __pkidocs?: { root: string; bundleDir?: string } }).__pkidocs;
  return [...NO_FORMAT_SNIFFING, ...(bundled?.bundleDir ? [join(bundled.root, 'bin/convert.js'), bundled.bundleDir] : ['--import', 'tsx', script])];
}

/**
 * TypeScript's 9 MB typescript.js sits in a package with no "type": Node 20.19
 * would compile it once just to see whether it is ESM (~0.2 s of the child's
 * critical path). Every package the child loads declares its format, so the
 * sniffing is turned off where this Node has the flag.
 */
const NO_FORMAT_SNIFFING = process.allowedNodeEnvironmentFlags.has('--no-experimental-detect-module') ? ['--no-experimental-detect-module'] : [];

/** Removes the result files of runs that died before they could (a SIGKILL runs no cleanup). */
async function sweepConvertFiles(cacheDir: string): Promise<void> {
  const names = await readdir(cacheDir).catch(() => []);
  await Promise.all(names.map((name) => {
    const pid = CONVERT_FILE.exec(name)?.[1];
    return pid && !alive(Number(pid)) ? removeCacheFile(cacheDir, join(cacheDir, name)) : undefined;
  }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readEntry(entry: string, given: string): Promise<void> {
  try {
    await readFile(entry);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(cause);
    throw new BuildFailure([
      {
        code: 'api/entry-missing',
        category: 'config',
        severity: 'error',
        message: `The API declaration file cannot be read: ${reason}.`,
        hint: 'Install the pinned pkijs (npm ci) or point the API entry at its build/index.d.ts.',
        file: given,
      },
    ]);
  }
}

/** The package.json nearest to the declaration file (none: an empty list). */
async function nearestPackageJson(dir: string): Promise<string[]> {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'package.json');
    if (await access(file).then(() => true, () => false)) return [file];
    if (dirname(current) === current) return [];
  }
}
