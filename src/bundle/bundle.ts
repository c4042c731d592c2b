// Stage 6: bundles client/ (and the templates it hydrates) into one hashed,
// minified script, and templates/styles into one hashed stylesheet. Output
// stays in memory; the output stage writes it.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { ASSET_DIR } from '../shared/paths.ts';

export interface BundleFile {
  /** URL path, e.g. /_pkidocs/app-3FX2.js */
  url: string;
  contents: Uint8Array;
}

export interface Bundle {
  script: string;
  style: string;
  files: BundleFile[];
}

export async function bundleClient(root: string, options: { minify?: boolean } = {}): Promise<Bundle> {
  const minify = options.minify ?? true;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { app: join(root, 'client/main.tsx'), site: join(root, 'templates/styles/index.css') },
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
  });
  const files = result.outputFiles.map((f) => ({ url: `/${ASSET_DIR}/${f.path.split('/').pop()!}`, contents: f.contents }));
  const script = files.find((f) => f.url.endsWith('.js'))!.url;
  const style = files.find((f) => f.url.endsWith('.css'))!.url;
  return { script, style, files };
}

/** A content-hashed asset URL for generated data (e.g. sidebar trees). */
export function hashedAsset(name: string, contents: string): BundleFile {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { url: `/${ASSET_DIR}/${name}-${hash}.json`, contents: new TextEncoder().encode(contents) };
}
