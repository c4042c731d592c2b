// Stage 6: bundles client/ (and the templates it hydrates) into one hashed,
// minified script, and templates/styles into one hashed stylesheet. Output
// stays in memory; the output stage writes it.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { Kept } from '../shared/kept.ts';
import { esbuild as loadEsbuild } from '../shared/lazy-packages.ts';
import { ASSET_DIR } from '../shared/paths.ts';

export interface BundleFile {
  /** URL path, e.g. /_pkidocs/app-3FX2.js */
  url: string;
  contents: Uint8Array;
}

export interface Bundle {
  script: string;
  style: string;
  /** The search chunk, imported by the script on first use. */
  search: string;
  files: BundleFile[];
  /** Every file esbuild read, relative to the checkout ('/'-separated): what a bundle cache must check. */
  inputs: string[];
}

/**
 * The search chunk runs on the page's React: its React imports resolve to
 * modules that read the React the page's script hands over (src/shared/search-host.ts),
 * so the chunk stays small and the page's script stays one self-contained file.
 */
const HOST_MODULES: Record<string, string> = {
  react: 'client/search/host-react.ts',
  'react/jsx-runtime': 'client/search/host-jsx.ts',
  'react-dom/client': 'client/search/host-dom.ts',
};

function hostReact(root: string): esbuild.Plugin {
  return {
    name: 'search-host-react',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        const file = HOST_MODULES[args.path];
        if (!file) throw new Error(`The search chunk imports ${args.path}, which the page's script does not hand over.`);
        return { path: join(root, file) };
      });
    },
  };
}

/** The page script (with the stylesheet) and the lazy search chunk: every option but their entries is shared. */
function buildOptions(root: string, minify: boolean): [esbuild.BuildOptions, esbuild.BuildOptions] {
  const common: esbuild.BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify,
    sourcemap: false,
    write: false,
    outdir: join(root, ASSET_DIR),
    entryNames: '[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  };
  return [
    { ...common, entryPoints: { app: join(root, 'client/main.tsx'), site: join(root, 'templates/styles/index.css') } },
    { ...common, entryPoints: { search: join(root, 'client/search/index.tsx') }, plugins: [hostReact(root)] },
  ];
}

export async function bundleClient(root: string, options: { minify?: boolean } = {}): Promise<Bundle> {
  const [page, search] = buildOptions(root, options.minify ?? true);
  return asBundle(await Promise.all([loadEsbuild().build(page), loadEsbuild().build(search)]));
}

/**
 * Watch mode's bundler: esbuild keeps each build's parsed files between
 * rebuilds and parses again only the files that changed (a template edit:
 * ~70 → ~35 ms for the page script). Same options, same output as bundleClient.
 */
export class ClientBundler {
  private readonly contexts: Kept<esbuild.BuildContext[]>;
  /** Each build's last result, and the files it read (absolute paths). */
  private last: { result: esbuild.BuildResult; read: Set<string> }[] | undefined;

  constructor(private readonly root: string) {
    this.contexts = new Kept(() => Promise.all(buildOptions(root, true).map((o) => loadEsbuild().context(o))));
  }

  /**
   * Builds again the page script and the search chunk; with the changed files (absolute paths), only
   * the builds that read one of them (a layout edit leaves the search chunk as it was). A build is kept
   * only if every changed file was read by some build before: a new file may be what one of its
   * imports resolves to now.
   */
  async bundle(changed?: ReadonlySet<string>): Promise<Bundle> {
    const contexts = await this.contexts.get();
    const last = this.last;
    const files = [...(changed ?? [])];
    // Only edits of files read before can leave a build as it was.
    const edits = changed && last && files.every((f) => last.some((b) => b.read.has(f)));
    const results = await Promise.all(contexts.map((c, i) => (edits && !files.some((f) => last[i]!.read.has(f)) ? last[i]!.result : c.rebuild())));
    this.last = results.map((result) => ({ result, read: new Set(Object.keys(result.metafile!.inputs).map((p) => resolve(this.root, p))) }));
    return asBundle(results);
  }

  async dispose(): Promise<void> {
    await Promise.all(((await this.contexts.take()) ?? []).map((c) => c.dispose()));
  }
}

function asBundle([result, search]: esbuild.BuildResult[]): Bundle {
  const asFile = (f: esbuild.OutputFile): BundleFile => ({ url: `/${ASSET_DIR}/${f.path.split('/').pop()!}`, contents: f.contents });
  const files = result!.outputFiles!.map(asFile);
  const script = files.find((f) => f.url.endsWith('.js'))!.url;
  const style = files.find((f) => f.url.endsWith('.css'))!.url;
  const searchFile = asFile(search!.outputFiles![0]!);
  const inputs = [...new Set([result!, search!].flatMap((r) => Object.keys(r.metafile?.inputs ?? {})))].sort();
  return { script, style, search: searchFile.url, files: [...files, searchFile], inputs };
}

/** A content-hashed asset URL for generated data (e.g. sidebar trees). */
export function hashedAsset(name: string, contents: string): BundleFile {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { url: `/${ASSET_DIR}/${name}-${hash}.json`, contents: new TextEncoder().encode(contents) };
}
