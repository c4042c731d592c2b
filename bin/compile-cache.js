// V8's code cache for the TypeScript compiler in the TypeDoc child. Loading
// and starting typescript.js (9 MB) is ~0.4 s of the child's critical path,
// and much of the conversion's time goes to compiling the compiler's functions
// as they are first called. V8 can keep that compiled code: the first
// conversion saves it, and later ones start from it (~0.2 s less per cold
// build). Node 20 has no compile cache of its own (module.enableCompileCache
// came in Node 22), so the one CommonJS file is compiled here with vm.Script.
//
// The file is named by a hash of the compiler's source, Node's version and
// the architecture: V8 itself checks only the source's length, so an edited
// compiler of the same length must not meet the old code. V8 rejects a cache
// made by another V8 or under other flags, but does not check the code's
// bytes (damaged code crashes the process, planted code runs): the file
// starts with their seal (cache-seal.js: an HMAC under a key the cache folder
// does not hold), checked here. A cache not taken is compiled past as usual
// and written again, through an exclusively made temp file.
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';
import { readContent, replaceFile, sealBytes, sealedBy } from './cache-seal.js';

const COMPILER = /[\\/]node_modules[\\/]typescript[\\/]lib[\\/]typescript\.js$/;
const SCRIPT_NAME = 'node_modules/typescript/lib/typescript.js';
const PREFIX = 'typescript-';
const SUFFIX = '.v8cache';
const HASH_BYTES = 32;
/** Bump when what is cached changes (3: the script named by a constant, not by its absolute path). */
const FORMAT = 3;
/** The checkout whose key seals the cache. */
const ROOT = join(import.meta.dirname, '..');

/** Compiles typescript.js with the code cache kept in `dir`, and saves the cache at exit when it had none that V8 took. */
export function cacheCompiler(dir) {
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (!COMPILER.test(filename) || content.startsWith('#!')) return compile.call(this, content, filename);
    Module.prototype._compile = compile; // one file, once
    const key = createHash('sha256').update(`${FORMAT}\0${process.version}\0${process.arch}\0`).update(content).digest('hex').slice(0, 20);
    const file = join(dir, `${PREFIX}${key}${SUFFIX}`);
    const cachedData = read(file);
    // V8 keeps the script's name in the cache, and no cache holds a path of the machine: the name is a
    // constant (a slice of the real path would be kept with the whole path it was cut from). The compiler
    // still gets its real __filename and __dirname.
    const script = new vm.Script(Module.wrap(content), {
      filename: SCRIPT_NAME,
      cachedData,
      importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    // Saved at exit, when the conversion has compiled the functions it uses.
    if (!cachedData || script.cachedDataRejected) process.once('exit', () => save(script, dir, file));
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
}

/**
 * The cached code, if the file holds it whole. V8 checks a cache's version
 * and flags but, in release builds, not its bytes: damaged code crashes the
 * process. So the file starts with the SHA-256 of the code, checked here.
 */
function read(file) {
  const bytes = readContent(file);
  if (!bytes || bytes.length <= HASH_BYTES) return undefined; // none yet, or not a regular file
  const code = bytes.subarray(HASH_BYTES);
  return sealedBy(ROOT, basename(file), code, bytes.subarray(0, HASH_BYTES)) ? code : undefined;
}

function save(script, dir, file) {
  try {
    const code = script.createCachedData();
    replaceFile(file, Buffer.concat([sealBytes(ROOT, basename(file), code), code]));
    // Caches of other compiler sources or Node versions are of no use any more.
    for (const name of readdirSync(dir)) {
      if (name.startsWith(PREFIX) && name.endsWith(SUFFIX) && join(dir, name) !== file) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // a read-only cache folder, a full disk: the next run compiles as usual
  }
}
