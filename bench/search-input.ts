// The search stage's real input, for bench/search.ts and the index tests: the
// API model (through the API stage and its cache) and every page of a built
// site, read back from its navigation chunks (a chunk is the page view and
// the body HTML, exactly what the render stage hands the search stage).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadApi } from '../src/api/index.ts';
import type { ApiModel } from '../src/api/model.ts';
import type { SearchPage } from '../src/search/build-index.ts';
import { ASSET_DIR } from '../src/shared/paths.ts';
import type { Chunk } from '../src/shared/view.ts';

const ROOT = resolve(import.meta.dirname, '..');

export async function loadModel(): Promise<ApiModel> {
  const entry = join(ROOT, 'node_modules/pkijs/build/index.d.ts');
  const { model } = await loadApi({ entry, cacheDir: join(ROOT, '.pkidocs-cache'), useCache: true });
  return model;
}

/**
 * Every page of the default docs version (the one `loadModel` documents, and
 * whose search index is `search-index.json`) of the site built in `outDir`,
 * in path order: the other versions' pages have indexes of their own.
 */
export function readPages(outDir: string): SearchPage[] {
  const dir = join(outDir, ASSET_DIR, 'chunks');
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.json')).sort();
  return files.flatMap((f) => {
    const { page, html } = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Chunk;
    return page.version ? [] : [{ path: page.path, kind: page.kind, sidebar: page.sidebar, title: page.title, html, toc: page.toc }];
  });
}
