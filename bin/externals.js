// The packages that cached code leaves unbundled (the CLI bundle's externals: React,
// esbuild, TypeDoc...) come from the checkout's own node_modules, wherever the
// cache folder really is. Node resolves a bare import from the importing
// file's real folder upwards: for a file in .pkidocs-cache, that is the cache
// folder's real path and every folder above it. A cache linked to an empty
// folder beside a committed vendor/node_modules/react then ran that React.
//
// So the bundle has no bare import of a package: esbuild turns each one into a
// module that loads the package through `globalThis.__pkidocs` (set by
// bin/cli-bundle.js and bin/convert.js), which resolves it from bin/, as an
// unbundled pkidocs would. No path goes into the bundle (a moved checkout or a
// CI cache restored elsewhere still works). The package is imported where the
// bare import was, so a lazy import (shiki, TypeDoc's chunk) stays lazy.

import { isBuiltin } from 'node:module';

const NAMESPACE = 'pkidocs-external';
const LOAD = 'pkidocs-external-load:';
const GET = 'pkidocs-external-get:';

/** The run-time side: loads a package from the checkout (`loadExternal`), then hands it to the bundle (`external`). */
export function externalsRuntime() {
  const loaded = new Map();
  return {
    async loadExternal(specifier) {
      if (loaded.has(specifier)) return;
      // import.meta.resolve in bin/: the checkout's node_modules, then the folders holding the checkout.
      const namespace = await import(import.meta.resolve(specifier));
      // __esModule: esbuild's interop then takes `default` as the package's default export (a CommonJS
      // package's module.exports, as Node's own import gives it), and every other name as is.
      loaded.set(specifier, Object.freeze({ ...namespace, __esModule: true }));
    },
    external(specifier) {
      const found = loaded.get(specifier);
      if (!found) throw new Error(`pkidocs: the package ${specifier} was used before it was loaded (a bug of bin/externals.js)`);
      return found;
    },
  };
}

/** Whether a metafile input (`namespace:path`) is one of the modules this plugin writes, not a file. */
export const isExternalInput = (input) => input.startsWith(NAMESPACE);

/** Whether `specifier` names a package matching one of esbuild-style `patterns` ('react', 'react/*'), or any package for 'all'. */
function matches(specifier, patterns) {
  if (isBuiltin(specifier)) return false;
  if (patterns === 'all') return true;
  return patterns.some((p) => (p.endsWith('/*') ? specifier.startsWith(p.slice(0, -1)) : specifier === p));
}

/**
 * The esbuild plugin that turns each bare import of a package in `patterns`
 * (or of any package: 'all') into a load through globalThis.__pkidocs.
 */
export function externalsFromCheckout(patterns) {
  return {
    name: 'externals-from-checkout',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith(LOAD)) return { path: args.path.slice(LOAD.length), namespace: `${NAMESPACE}-load` };
        if (args.path.startsWith(GET)) return { path: args.path.slice(GET.length), namespace: `${NAMESPACE}-get` };
        if (!matches(args.path, patterns)) return undefined;
        return { path: args.path, namespace: args.kind === 'dynamic-import' ? `${NAMESPACE}-dynamic` : NAMESPACE };
      });
      const spec = (path) => JSON.stringify(path);
      // Loaded first (an ES module: it may wait), then re-exported from a CommonJS-shaped module, whose names
      // esbuild reads at run time: the package's names need not be known when bundling.
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: `import ${spec(LOAD + args.path)};\nexport * from ${spec(GET + args.path)};\nexport { default } from ${spec(GET + args.path)};\n`,
        loader: 'js',
      }));
      // A chunk loaded by import() exports only names esbuild knows when bundling (`export *` from a
      // CommonJS-shaped module would be lost): the package's names are read by importing it now.
      build.onLoad({ filter: /.*/, namespace: `${NAMESPACE}-dynamic` }, async (args) => {
        // Through the run-time loader, never an import here: bundled into the CLI, this file is in the cache folder.
        await globalThis.__pkidocs.loadExternal(args.path);
        const names = Object.keys(globalThis.__pkidocs.external(args.path)).filter((name) => name !== 'default' && name !== '__esModule');
        const lines = names.map((name, i) => `const v${i} = ns[${spec(name)}];\nexport { v${i} as ${spec(name)} };`);
        return {
          contents: `import ${spec(LOAD + args.path)};\nimport * as ns from ${spec(GET + args.path)};\n${lines.join('\n')}\nexport default ns.default;\n`,
          loader: 'js',
        };
      });
      build.onLoad({ filter: /.*/, namespace: `${NAMESPACE}-load` }, (args) => ({
        contents: `await globalThis.__pkidocs.loadExternal(${spec(args.path)});\nexport {};\n`,
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: `${NAMESPACE}-get` }, (args) => ({
        contents: `module.exports = globalThis.__pkidocs.external(${spec(args.path)});\n`,
        loader: 'js',
      }));
    },
  };
}
