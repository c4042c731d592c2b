#!/usr/bin/env node
// Entry point. The CLI's own TypeScript (src/, templates/) is bundled by
// esbuild into one cached module, keyed by a hash of the sources: loading
// ~300 small modules through a TypeScript loader hook took ~2 s per run, the
// bundle loads in a fraction of that. tsx is registered for what must stay
// TypeScript at run time: the site config and the React page modules.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

// React's development build is several times slower at renderToString.
process.env.NODE_ENV ??= 'production';

/** Each module keeps its own import.meta.dirname/url, as if it ran from its source file. */
const keepModuleLocations = {
  name: 'keep-module-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const root = join(import.meta.dirname, '..');
const { main } = await import(await cliBundle());
// Registered after the CLI and its packages have loaded natively, so that only
// the TypeScript loaded later (config, page modules) goes through the hook.
register();
process.exitCode = await main(process.argv);

/** The bundled CLI, rebuilt only when a source file changed. */
async function cliBundle() {
  const hash = createHash('sha256');
  for (const dir of ['src', 'templates']) {
    for (const f of readdirSync(join(root, dir), { recursive: true }).map(String).sort()) {
      if (!/\.tsx?$/.test(f)) continue;
      hash.update(f).update(readFileSync(join(root, dir, f)));
    }
  }
  const code = hash.digest('hex').slice(0, 16);
  // Caches of rendered output key on the code that rendered it (src/cache/api-bodies.ts).
  process.env.PKIDOCS_CODE_HASH = code;
  const dir = join(root, '.pkidocs-cache', `cli-${code}`);
  const file = join(dir, 'main.js');
  if (!existsSync(file)) {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(root, 'src/cli/main.ts')],
      outdir: dir,
      // Dynamic imports (TypeDoc, the dev server) stay separate chunks, loaded only when used.
      splitting: true,
      chunkNames: '[name]-[hash]',
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'error',
      plugins: [keepModuleLocations],
    }).then((r) => {
      // Written aside and renamed, so a build starting at the same moment never loads half of it.
      const tmp = `${dir}.${process.pid}.tmp`;
      mkdirSync(tmp, { recursive: true });
      for (const f of r.outputFiles) writeFileSync(join(tmp, f.path.slice(dir.length + 1)), f.contents);
      try {
        renameSync(tmp, dir);
      } catch {
        rmSync(tmp, { recursive: true, force: true }); // another run got there first
      }
    });
  }
  return pathToFileURL(file).href;
}
