// The client bundle of the last build, kept with the hash of every file
// esbuild read for it (client code, templates, styles, src/shared, the React
// packages), esbuild's version and the render code's hash: when all are
// unchanged, the build reuses it instead of running esbuild (~100-200 ms).
// Paths are checkout-relative. Checked on load (zod); a bad file is reported
// in one line and replaced.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { bundleClient, type Bundle } from '../bundle/bundle.ts';
import { loadChecked, writeSealed } from '../shared/cache-io.ts';
import { esbuildVersion } from '../shared/lazy-packages.ts';
import { sha256 } from './page-cache.ts';

const schema = z.object({
  key: z.string(),
  inputs: z.array(z.tuple([z.string(), z.string()])),
  bundle: z.object({
    script: z.string(),
    style: z.string(),
    search: z.string(),
    files: z.array(z.object({ url: z.string(), base64: z.string() })),
  }),
});

export async function cachedBundle(root: string, cacheDir: string, options: { read: boolean; onNotice: (line: string) => void }): Promise<Bundle> {
  const code = process.env.PKIDOCS_CODE_HASH;
  if (!code) return bundleClient(root); // not the bundled CLI: no code hash to key on
  const file = join(cacheDir, 'bundle.json');
  const key = sha256('bundle', esbuildVersion(), code);
  const cached = options.read ? await loadChecked(file, schema, 'bundle cache', options.onNotice) : undefined;
  if (cached?.key === key && (await unchanged(root, cached.inputs))) {
    const { script, style, search, files } = cached.bundle;
    return { script, style, search, files: files.map((f) => ({ url: f.url, contents: Buffer.from(f.base64, 'base64') })), inputs: cached.inputs.map(([f]) => f) };
  }
  const bundle = await bundleClient(root);
  const inputs = await Promise.all(bundle.inputs.map(async (f) => [f, sha256(await readFile(join(root, f)))] as [string, string]));
  const files = bundle.files.map((f) => ({ url: f.url, base64: Buffer.from(f.contents).toString('base64') }));
  await writeSealed(cacheDir, file, JSON.stringify({ key, inputs, bundle: { script: bundle.script, style: bundle.style, search: bundle.search, files } }));
  return bundle;
}

async function unchanged(root: string, inputs: readonly [string, string][]): Promise<boolean> {
  const same = await Promise.all(inputs.map(async ([f, sha]) => {
    const data = await readFile(join(root, f)).catch(() => undefined);
    return data !== undefined && sha256(data) === sha;
  }));
  return same.every(Boolean);
}
