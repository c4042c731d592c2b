// The template-dependent half of the render stage, reloadable. Node's ESM
// loader keeps every module it imported (tsx included), so after a template
// edit watch mode bundles the render code with esbuild into a new file under
// .pkidocs-cache/dev/ and imports that: the templates are read afresh while
// typedoc, shiki and the rest of the build stay loaded.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { renderBodies } from '../bodies.ts';
import type { renderSite } from '../render/render-site.ts';

export interface Renderer {
  renderBodies: typeof renderBodies;
  renderSite: typeof renderSite;
}

/** src/, where the render code lives (templates/ is reached from it by relative imports). */
const SRC = join(import.meta.dirname, '..');
const ENTRY = `export { renderBodies } from './bodies.ts';\nexport { renderSite } from './render/render-site.ts';\n`;

let loads = 0;

export async function loadRenderer(root: string, cacheDir: string): Promise<Renderer> {
  const dir = join(cacheDir, 'dev');
  const outfile = join(dir, `render-${process.pid}-${++loads}.mjs`);
  await mkdir(dir, { recursive: true });
  await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: SRC, loader: 'ts', sourcefile: 'render-entry.ts' },
    absWorkingDir: root,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // react, react-dom and the rest stay shared with the running build.
    packages: 'external',
    jsx: 'automatic',
    // Stack traces of a template that throws then point at the .tsx line.
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  try {
    const mod = (await import(pathToFileURL(outfile).href)) as Renderer;
    return { renderBodies: mod.renderBodies, renderSite: mod.renderSite };
  } finally {
    // The module stays in memory; the file is not needed any more.
    await rm(outfile, { force: true });
  }
}
