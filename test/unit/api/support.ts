// Shared by the API tests: the real pkijs model and the sample fixture, each
// converted through loadApi with a cache under test/.tmp, so only the first
// test file to need one pays for TypeDoc.
import { resolve } from 'node:path';
import { loadApi, type LoadApiResult } from '../../../src/api/index.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import { createMarkdown } from '../../../src/content/markdown.ts';
import { createApiRenderContext, type ApiRenderContext } from '../../../src/render/api/index.ts';
import type { ApiItem, ApiModel } from '../../../src/api/model.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const PKIJS_DTS = resolve(ROOT, 'node_modules/pkijs/build/index.d.ts');
export const SAMPLE_ENTRY = resolve(ROOT, 'test/fixtures/api/sample/index.ts');
export const CACHE_DIR = resolve(ROOT, 'test/.tmp/api-cache');

export function loadPkijs(): Promise<LoadApiResult> {
  return loadApi({ entry: PKIJS_DTS, cacheDir: CACHE_DIR, useCache: true });
}

export function loadSample(): Promise<LoadApiResult> {
  return loadApi({ entry: SAMPLE_ENTRY, cacheDir: CACHE_DIR, useCache: true });
}

export async function renderContext(model: ApiModel): Promise<ApiRenderContext> {
  return createApiRenderContext(model, createMarkdown({ highlighter: await loadHighlighter() }));
}

export function item<K extends ApiItem['kind']>(model: ApiModel, kind: K, name: string): Extract<ApiItem, { kind: K }> {
  const found = model.items.find((i) => i.kind === kind && i.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the model`);
  return found as Extract<ApiItem, { kind: K }>;
}

/** A package with one of each construct the reference must render (test/fixtures/api/constructs). */
export const CONSTRUCTS_DTS = resolve(ROOT, 'test/fixtures/api/constructs/index.d.ts');

export function loadConstructs(): Promise<LoadApiResult> {
  return loadApi({ entry: CONSTRUCTS_DTS, cacheDir: CACHE_DIR, useCache: true });
}
