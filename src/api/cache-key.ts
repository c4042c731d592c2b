// The API cache key: sha256 of every file TypeDoc's program read for the
// entry (its other .d.ts files, the package.json files, the dependencies'
// declarations), and of the TypeDoc and TypeScript versions and options.
// Which files those are is known only after a conversion, so a small manifest
// per entry (`api-inputs-{hash}.json`) lists them for the next run; without
// one, or when it is unreadable, the next run is a miss that writes it.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { readCacheFile, writeAtomic } from '../shared/cache-io.ts';
import { COMPILER_OPTIONS, CONVERTER_VERSION, TYPEDOC_OPTIONS } from './options.ts';

const require = createRequire(import.meta.url);

/** Read from package.json on disk, so computing the key does not load the package. */
function installedVersion(pkg: string): string {
  return (require(`${pkg}/package.json`) as { version: string }).version;
}

/** TypeScript's own lib files: the TypeScript version in the key stands for them (lib.dom.d.ts alone is 2 MB). */
const TYPESCRIPT_DIR = dirname(require.resolve('typescript/package.json'));

function settings(): string {
  return JSON.stringify({
    converter: CONVERTER_VERSION,
    typedoc: installedVersion('typedoc'),
    typescript: installedVersion('typescript'),
    compiler: COMPILER_OPTIONS,
    typedocOptions: TYPEDOC_OPTIONS,
  });
}

/** The files worth hashing among those the program read. */
export function keyedInputs(files: readonly string[]): string[] {
  return [...new Set(files)].filter((f) => !f.startsWith(`${TYPESCRIPT_DIR}/`)).sort();
}

/** Whether two lists name the same files to hash. */
export const sameInputs = (a: readonly string[], b: readonly string[]): boolean => keyedInputs(a).join('\0') === keyedInputs(b).join('\0');

/** The key over these files' contents (a file gone or unreadable counts as empty, so the key changes). */
export async function cacheKey(cacheDir: string, entry: string, packageDir: string, files: readonly string[]): Promise<string> {
  // Paths as seen from the checkout: a checkout moved or restored elsewhere keeps its keys.
  const checkout = checkoutOf(cacheDir);
  const hash = createHash('sha256').update(settings()).update(`\0${relative(checkout, entry)}\0${relative(checkout, packageDir)}\0`);
  for (const file of keyedInputs([entry, ...files])) {
    hash.update(`${relative(checkout, file)}\0`);
    hash.update(regularFileBytes(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A listed file's bytes, or none: the list comes from the cache folder, so a
 * FIFO or device named there must not block or be read (non-blocking open,
 * regular files only, at most 64 MB).
 */
function regularFileBytes(file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() && stats.size <= 64 * 1024 * 1024 ? readFileSync(fd) : Buffer.alloc(0);
  } finally {
    closeSync(fd);
  }
}

function manifestFile(cacheDir: string, entry: string): string {
  return join(cacheDir, `api-inputs-${createHash('sha256').update(settings()).update(relative(checkoutOf(cacheDir), entry)).digest('hex').slice(0, 16)}.json`);
}

/**
 * The files the last conversion of this entry read, or undefined when unknown
 * (first run, bad manifest). The list holds paths relative to the checkout
 * (the cache folder's parent), so a cache restored elsewhere names no path of
 * another machine and still finds its files.
 */
export function readInputs(cacheDir: string, entry: string): string[] | undefined {
  const read = readCacheFile(manifestFile(cacheDir, entry));
  if (read.missing || read.problem !== undefined) return undefined;
  try {
    const files = JSON.parse(read.text) as unknown;
    if (!Array.isArray(files) || !files.every((f) => typeof f === 'string' && !isAbsolute(f))) return undefined;
    return files.map((f: string) => resolve(checkoutOf(cacheDir), f));
  } catch {
    return undefined;
  }
}

export async function writeInputs(cacheDir: string, entry: string, files: readonly string[]): Promise<void> {
  const checkout = checkoutOf(cacheDir);
  await writeAtomic(cacheDir, manifestFile(cacheDir, entry), JSON.stringify(keyedInputs(files).map((f) => relative(checkout, f))));
}

const checkoutOf = (cacheDir: string): string => dirname(resolve(cacheDir));
