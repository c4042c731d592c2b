// A declaration whose text is the same in both releases is not re-declared,
// even when a type it names changed its kind. Options is a class in 1.0 and
// an interface in 2.0 (its own mark says so), but `open(options: Options)`,
// `options: Options` and `openStore(options: Options): Store` read the same
// in both d.ts. The diff compares the model's reference targets, which hold
// the kind of what they point at, so each of them came out 'changed': the
// 1.0 pages said "Signature changed in 2.0" of members nobody re-declared.
import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { loadApi } from '../../../src/api/index.ts';
import type { ApiModel } from '../../../src/api/model.ts';
import { diffModels, type ModelDiff } from '../../../src/api/version-diff.ts';
import { CACHE_DIR, ROOT } from './support.ts';

const FIXTURE = resolve(ROOT, 'test/fixtures/api/versions-kind');
const load = async (release: string): Promise<ApiModel> => (await loadApi({ entry: resolve(FIXTURE, release, 'index.d.ts'), cacheDir: CACHE_DIR, useCache: true })).model;

let diff: ModelDiff;
beforeAll(async () => {
  diff = diffModels(await load('one'), await load('two'));
});

it('marks no member or export whose declaration only names a type that changed kind', () => {
  // Options itself changed (and, as an interface, lost the class's constructor).
  expect(diff.items.get('Options')).toBe('changed');
  expect(diff.members.get('Options\nconstructor')).toBe('removed');
  expect({ open: diff.members.get('Store\nopen'), options: diff.members.get('Store\noptions'), openStore: diff.items.get('openStore') })
    .toEqual({ open: undefined, options: undefined, openStore: undefined });
});
