// The CLI's own TypeScript (src/, templates/) bundled by esbuild into one
// cached module, with the packages it uses: loading ~300 small modules through
// a TypeScript loader hook took ~2 s per run, and resolving and compiling the
// packages' own ~500 modules one by one another ~0.25 s; one file loads in a
// fraction of that.
//
// The cache holds no path of this machine: a module's import.meta.dirname/url
// become expressions on the checkout root that the loader sets at run time
// (globalThis.__pkidocs), so a moved checkout, a CI cache restored elsewhere or
// a cache folder shared through a symlink all work. The folder name is a hash
// of the sources, this file, esbuild's version and the platform; a manifest of
// the files' hashes is checked before loading, and a damaged or unloadable
// bundle is deleted and rebuilt once. The cache folder is content (a restored
// CI cache may be planted): the manifest carries a seal (cache-seal.js: an
// HMAC under a key the folder does not hold), so a bundle this checkout did
// not write is rebuilt, never run. Being sealed, it is used by `build --no-cache`
// too (rebuilding it there cost ~1.5 s, and failed on a read-only cache folder).
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { claimCacheFolder } from './cache-folder.js';
import { readContent, sealedBy, sealBytes } from './cache-seal.js';
import { externalsFromCheckout, externalsRuntime } from './externals.js';

const MANIFEST = 'manifest.json';

/**
 * Packages loaded from the checkout's node_modules (externals.js), not bundled: React (one copy must serve
 * the CLI, the site's page modules and watch mode's reloaded templates), those
 * with a native binary or worker (esbuild, tsx), those that locate their own
 * files at run time (typedoc, typescript, shiki's grammars), and those only
 * some commands load (the link checker, the file watcher).
 */
const EXTERNAL = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'tsx', 'tsx/*', 'typedoc', 'typescript', 'shiki', 'shiki/*', '@shikijs/*', 'linkinator', 'chokidar'];

/** Imports the bundled src/cli/main.ts of the checkout at `root`, bundling it first if needed. */
export async function loadCli(root) {
  const key = cacheKey(root);
  // Before a file of the cache is touched: the folder must be pkidocs' (cache-folder.js).
  claimCacheFolder(root);
  clearResolutionPlants(root, key);
  // Caches of rendered output key on the code that rendered it (src/pages/api-body-cache.ts).
  process.env.PKIDOCS_CODE_HASH = key;
  const dir = join(root, '.pkidocs-cache', `cli-${key}`);
  // bundleDir: the API stage runs TypeDoc in a child process from this bundle too (bin/convert.js).
  globalThis.__pkidocs = { root, rootUrl: `${pathToFileURL(root).href}/`, bundleDir: dir, ...externalsRuntime() };
  const url = pathToFileURL(join(dir, 'main.js')).href;
  let rebuilt = false;
  if (!intact(root, dir, key)) {
    if (existsSync(dir)) notice(`the cached CLI bundle ${relative(root, dir)} is damaged (a file is missing or changed); rebuilding it.`);
    await rebuild(root, dir, key);
    rebuilt = true;
  }
  try {
    return await import(url);
  } catch (error) {
    if (rebuilt) throw error; // built just now and still failing: a real error
    notice(`the cached CLI bundle ${relative(root, dir)} failed to load (${String(error?.message ?? error).split('\n')[0]}); rebuilding it.`);
    await rebuild(root, dir, key);
    // A new URL: Node keeps the failed module under the old one.
    return await import(`${url}?rebuilt`);
  }
}

/**
 * The cache folder is content, but Node resolves the bare imports of code run
 * from it (the bundle, compiled site modules, watch mode's render code) from
 * the importing file's folder up: a node_modules or package.json planted in a
 * cache folder would be the React the CLI loads (or a self-reference by
 * name). pkidocs makes neither there, so any found is removed before a line
 * of cached code runs (a link itself, never what it leads to).
 */
function clearResolutionPlants(root, key) {
  const cache = join(root, '.pkidocs-cache');
  for (const dir of [cache, join(cache, `cli-${key}`), join(cache, 'modules'), join(cache, 'dev')]) {
    // A subfolder that is a link leads out of the cache: the link goes, never what it leads to (cache-io.ts does the same).
    if (dir !== cache && lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) {
      notice(`${relative(root, dir)} is a link out of the cache; removing the link.`);
      unlinkSync(dir);
      continue;
    }
    for (const name of ['node_modules', 'package.json']) {
      const path = join(dir, name);
      if (!lstatSync(path, { throwIfNoEntry: false })) continue;
      notice(`${relative(root, path)} is not pkidocs' (Node would load packages from it for the cached code); removing it.`);
      rmSync(path, { recursive: true, force: true });
    }
  }
}

function notice(text) {
  process.stderr.write(`pkidocs: ${text}\n`);
}

/** Everything the bundle depends on: sources, this file (options, plugin), esbuild's version, the platform. */
function cacheKey(root) {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL(import.meta.url))).update(esbuildVersion(root)).update(process.platform);
  // src/shared/cache-seal.ts, cache-folder.ts and path-inside.ts bundle them.
  for (const name of ['cache-seal.js', 'cache-folder.js', 'path-inside.js']) hash.update(readFileSync(join(root, 'bin', name)));
  // externals.js writes the modules that load the packages.
  hash.update(readFileSync(join(root, 'bin/externals.js')));
  // The bundle holds the installed packages' code too (a copy of the checkout without its lock file, as some tests make, keys on the rest).
  if (existsSync(join(root, 'package-lock.json'))) hash.update(readFileSync(join(root, 'package-lock.json')));
  for (const dir of ['src', 'templates']) {
    for (const f of readdirSync(join(root, dir), { recursive: true }).map(String).sort()) {
      if (!/\.tsx?$/.test(f)) continue;
      hash.update(f.split(sep).join('/')).update(readFileSync(join(root, dir, f)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function esbuildVersion(root) {
  return createRequire(join(root, 'package.json'))('esbuild/package.json').version;
}

/**
 * What a manifest's seal covers: the key of the sources the bundle was built
 * from, then its list of files. A seal of the files alone let a sealed bundle
 * of older sources, copied to the folder of today's key, run as today's
 * pkidocs (a fix rolled back from the cache folder).
 */
const sealed = (key, files) => JSON.stringify({ key, files });

/** The seal of a manifest of the sources `key`, listing `files`. */
const manifestSeal = (root, key, files) => sealBytes(root, MANIFEST, sealed(key, files)).toString('hex');

/** Whether the manifest is sealed by this checkout for the sources `key`, and every file it lists is there with the content it was written with. */
function intact(root, dir, key) {
  let manifest;
  try {
    manifest = JSON.parse(readContent(join(dir, MANIFEST))?.toString('utf8') ?? '');
  } catch {
    return false;
  }
  if (!manifest || typeof manifest.files !== 'object' || !manifest.files || typeof manifest.files['main.js'] !== 'string') return false;
  // The key is the one computed from the checkout's sources now, never the one the manifest names.
  if (!sealedBy(root, MANIFEST, sealed(key, manifest.files), manifest.seal)) return false;
  return Object.entries(manifest.files).every(([name, sum]) => {
    if (name.split('/').includes('..')) return false;
    const data = readContent(join(dir, name));
    return data !== undefined && sha256(data) === sum;
  });
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

async function rebuild(root, dir, key) {
  rmSync(dir, { recursive: true, force: true });
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(root, 'src/cli/main.ts'), join(root, 'src/api/convert-process.ts')],
    absWorkingDir: root, // the path comments esbuild writes are relative to this
    outdir: dir,
    // Dynamic imports (TypeDoc, the dev server) stay separate chunks, loaded only when used.
    splitting: true,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundled CommonJS packages call require() for Node's own modules: rooted at the checkout, never at the
    // cache folder (externals.js says why).
    banner: { js: "import { createRequire as __pkidocsRequire } from 'node:module'; const require = __pkidocsRequire(globalThis.__pkidocs.rootUrl);" },
    jsx: 'automatic',
    logLevel: 'silent', // its errors come back as one line (below), not esbuild's report with a stack
    plugins: [externalsFromCheckout(EXTERNAL), moduleLocations(root), noEsprima()],
  }).catch((failure) => {
    // One line naming the file (a refused path, a syntax error of an edited source), not esbuild's stack.
    const first = failure.errors?.[0];
    if (!first) throw failure;
    // A plugin's refusal names its file itself (its location is esbuild's own code).
    const at = first.location && !first.pluginName ? `${first.location.file}:${first.location.line}: ` : '';
    throw Object.assign(new Error(`pkidocs: its own sources could not be bundled: ${at}${first.text}`), { oneLine: true });
  });
  // Written aside and renamed, so a build starting at the same moment never loads half of it.
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true }); // a link left there goes, never what it leads to
  mkdirSync(dirname(tmp), { recursive: true });
  mkdirSync(tmp); // exclusively: no folder planted since is written into
  const files = {};
  for (const f of result.outputFiles) {
    const name = relative(dir, f.path).split(sep).join('/');
    mkdirSync(dirname(join(tmp, name)), { recursive: true });
    writeFileSync(join(tmp, name), f.contents, { flag: 'wx' });
    files[name] = sha256(f.contents);
  }
  writeFileSync(join(tmp, MANIFEST), JSON.stringify({ key, files, seal: manifestSeal(root, key, files) }), { flag: 'wx' });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run got there first
  }
  sweep(dir);
}

/** A day: older bundles of other sources are not in use by a running build any more. */
const STALE_MS = 24 * 3600 * 1000;

/** Removes the bundles of older sources (not at once: a running serve may still load chunks of its own) and the temp folders of runs that died while writing one. */
function sweep(current) {
  const parent = dirname(current);
  for (const name of readdirSync(parent)) {
    if (!name.startsWith('cli-') || name === basename(current)) continue;
    const tmp = /\.(\d+)\.tmp$/.exec(name);
    // A bundle without a manifest was written by an older pkidocs, with absolute paths in it.
    const stale = () => !existsSync(join(parent, name, MANIFEST)) || Date.now() - lstatSync(join(parent, name)).mtimeMs > STALE_MS;
    const dead = tmp ? !alive(Number(tmp[1])) : stale();
    if (dead) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * Each module keeps its own import.meta.dirname/url, as if it ran from its
 * source file in the checkout that loads the bundle: the source's path relative
 * to the root is baked in, the root is read at run time.
 */
function moduleLocations(root) {
  return {
    name: 'module-locations',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const rel = relative(root, args.path).split(sep).join('/');
        if (rel.startsWith('../') || rel.startsWith('/')) {
          throw new Error(`${args.path} is outside the checkout ${root} (a link in src/ or templates/ leading out?): pkidocs bundles only its own files; put the file itself there, or reinstall pkidocs`);
        }
        const relDir = rel.split('/').slice(0, -1).join('/');
        const dirExpr = `(globalThis.__pkidocs.root + ${JSON.stringify(relDir ? sep + relDir.split('/').join(sep) : '')})`;
        const urlExpr = `(globalThis.__pkidocs.rootUrl + ${JSON.stringify(encodeURI(rel))})`;
        const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.dirname', dirExpr).replaceAll('import.meta.url', urlExpr);
        return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * js-yaml 3 (gray-matter's YAML) loads the esprima parser as it starts, for
 * its !!js/function type: ~15-30 ms of every run's start-up. pkidocs parses
 * front matter with the safe schema only (safeLoad), which has no such type,
 * so the require is left out of the bundle; the full schema then refuses a
 * !!js/function (no parser to read it) rather than evaluating it.
 */
function noEsprima() {
  const REQUIRE = "esprima = _require('esprima');";
  return {
    name: 'no-esprima',
    setup(build) {
      build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        // Another js-yaml release: its file as it is (esprima loaded, as before).
        return { contents: text.includes(REQUIRE) ? text.replace(REQUIRE, 'esprima = undefined;') : text, loader: 'js' };
      });
    },
  };
}
