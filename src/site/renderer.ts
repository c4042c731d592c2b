// The template-dependent half of the render stage, reloadable. Node's ESM
// loader keeps every module it imported, so after a template
// edit watch mode bundles the render code with esbuild into a new file under
// .pkidocs-cache/dev/ and imports that: the templates are read afresh while
// typedoc, shiki and the rest of the build stay loaded. esbuild's module
// graph then tells what a changed template feeds: the bodies of which kinds
// of route (API pages, Markdown pages, cards…), and the layout around every page.
// The loader never lets an imported module go: each load stays in memory
// (its text, its source map, the code V8 compiled for it), which a long
// session of template edits pays: bench:watch's heap after a full GC was
// 81 MB before any, 107.6 MB after 10 and 126.8 MB after 40 (~0.6 MB each
// past the first ten, which also fill caches kept once).
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { cacheFolder, removeCacheFile, writeAtomic } from '../shared/cache-io.ts';
import { Kept } from '../shared/kept.ts';
import { esbuild as loadEsbuild } from '../shared/lazy-packages.ts';
import { isExternalInput } from '../../bin/externals.js';
import { installPackageLoader, NODE_MODULE_BUILD, ownLocation, packagesFromCheckout } from '../shared/site-module.ts';
import type { renderBodies } from '../pages/bodies.ts';
import type { renderSite } from '../render/render-site.ts';
import type { RouteModel, RouteRecord } from '../routes/types.ts';

export interface Renderer {
  renderBodies: typeof renderBodies;
  renderSite: typeof renderSite;
  /** Which bodies these changed files feed (each route's, by the code that renders its kind) and whether they feed the documents (everything, if not known). */
  reaches(files: Iterable<string>): { bodies: (route: RouteRecord) => boolean; documents: boolean };
}

/** src/, where the render code lives (templates/ is reached from it by relative imports). */
const SRC = join(import.meta.dirname, '..');
const BODIES = join(SRC, 'pages/bodies.ts');
const DOCUMENTS = join(SRC, 'render/render-site.ts');
const ENTRY = `export { renderBodies } from './pages/bodies.ts';\nexport { renderSite } from './render/render-site.ts';\n`;

/**
 * The modules that render each kind of body (src/pages/bodies.ts calls them): a template only they
 * reach changes only those bodies (an API template, no Markdown page).
 */
const BODY_MODULES: Record<RouteModel['type'], string[]> = {
  'api-item': ['render/api/index.ts', 'pages/api-notes.ts'],
  'api-globals': ['render/api/index.ts'],
  'api-removed': ['render/api/index.ts'],
  // Section index pages get their cards from simple-bodies.ts.
  doc: ['content/render-docs.ts', 'pages/simple-bodies.ts'],
  'api-readme': ['content/render-docs.ts', 'content/package-repository.ts'],
  'page-module': ['pages/simple-bodies.ts'],
  'not-found': ['pages/simple-bodies.ts'],
};

/** Used when no graph is known: any template may feed anything. */
export const reachesEverything = (): { bodies: (route: RouteRecord) => boolean; documents: boolean } => ({ bodies: () => true, documents: true });

let loads = 0;

/**
 * Loads the render code afresh after each template edit. One esbuild context
 * serves every load of a watch session: esbuild parses again only the files
 * that changed.
 */
export class RendererLoader {
  private readonly context = new Kept(() => this.start());

  constructor(
    private readonly root: string,
    private readonly cacheDir: string,
  ) {}

  async load(): Promise<Renderer> {
    const { context, dir } = await this.context.get();
    const result = await context.rebuild();
    // A new file each time: Node's loader keeps every module it imported, by URL.
    const outfile = join(dir, `render-${process.pid}-${++loads}.mjs`);
    await writeAtomic(this.cacheDir, outfile, result.outputFiles![0]!.contents);
    try {
      installPackageLoader();
      const mod = (await import(pathToFileURL(outfile).href)) as Renderer;
      const imports = moduleGraph(result.metafile!, this.root);
      const bodies = reachable(imports, BODIES);
      const documents = reachable(imports, DOCUMENTS);
      const byKind = new Map(Object.entries(BODY_MODULES).map(([kind, modules]) => [kind, new Set(modules.flatMap((m) => [...reachable(imports, join(SRC, m))]))]));
      const known = new Set([...byKind.values()].flatMap((set) => [...set]));
      return {
        renderBodies: mod.renderBodies,
        renderSite: mod.renderSite,
        reaches: (files) => {
          const changed = [...files].filter((f) => bodies.has(f));
          // A file the bodies reach other than through those modules: every body, to be safe.
          const anyBody = changed.some((f) => !known.has(f));
          return {
            bodies: (route) => anyBody || changed.some((f) => byKind.get(route.model.type)!.has(f)),
            documents: [...files].some((f) => documents.has(f)),
          };
        },
      };
    } finally {
      // The module stays in memory; the file is not needed any more.
      await removeCacheFile(this.cacheDir, outfile);
    }
  }

  async dispose(): Promise<void> {
    await (await this.context.take())?.context.dispose();
  }

  private async start(): Promise<{ context: esbuild.BuildContext; dir: string }> {
    // The real folder (a link planted at dev/ is removed, never written through): Node maps stack
    // frames from where the module really is, and the source map's paths are relative to the folder the output is named in.
    const dir = await cacheFolder(this.cacheDir, join(this.cacheDir, 'dev'));
    // react, react-dom and the rest stay shared with the running build; stack traces point at the .tsx lines.
    const context = await loadEsbuild().context({
      ...NODE_MODULE_BUILD,
      stdin: { contents: ENTRY, resolveDir: SRC, loader: 'ts', sourcefile: 'render-entry.ts' },
      absWorkingDir: this.root,
      outfile: join(dir, 'render.mjs'),
      write: false,
      metafile: true,
      plugins: [packagesFromCheckout(), ownLocation(dir)],
    });
    return { context, dir };
  }
}

/** Absolute file → the files it imports, from esbuild's metafile (whose paths are relative to the working folder). */
function moduleGraph(metafile: esbuild.Metafile, root: string): Map<string, string[]> {
  const abs = (p: string): string => resolve(root, p);
  // A package's loader (bin/externals.js) is no file.
  const files = Object.entries(metafile.inputs).filter(([file]) => !isExternalInput(file));
  return new Map(files.map(([file, input]) => [abs(file), input.imports.filter((i) => !i.external && !isExternalInput(i.path)).map((i) => abs(i.path))]));
}

function reachable(imports: ReadonlyMap<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(imports.get(file) ?? []));
  }
  return seen;
}
