// The diff of two releases' API models (src/api/version-diff.ts), on two small
// declaration files converted by TypeDoc as the site converts pkijs: what was
// added, removed or re-declared is found; a comment edited is not.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApi } from '../../../src/api/index.ts';
import type { ApiModel } from '../../../src/api/model.ts';
import { diffModels, memberKey, type ModelDiff } from '../../../src/api/version-diff.ts';
import { CACHE_DIR, ROOT, item } from './support.ts';

const FIXTURE = resolve(ROOT, 'test/fixtures/api/versions');
const load = async (release: string): Promise<ApiModel> => (await loadApi({ entry: resolve(FIXTURE, release, 'index.d.ts'), cacheDir: CACHE_DIR, useCache: true })).model;

let one: ApiModel;
let two: ApiModel;
let diff: ModelDiff;
beforeAll(async () => {
  [one, two] = await Promise.all([load('one'), load('two')]);
  diff = diffModels(one, two);
});

const member = (store: string) => diff.members.get(`Store\n${store}`);

describe('the diff of two releases', () => {
  it('finds the exports added and removed', () => {
    expect(diff.items.get('newHelper')).toBe('added');
    expect(diff.items.get('oldHelper')).toBe('removed');
  });

  it('finds an export whose declaration changed', () => {
    expect(diff.items.get('parse')).toBe('changed');
  });

  it('finds the members added, removed and re-declared', () => {
    expect(member('clear')).toBe('added');
    expect(member('legacy')).toBe('removed');
    expect(member('get')).toBe('changed');
  });

  it('marks no change of a doc comment alone, of an export or of a member', () => {
    // The fixture edits these comments: the models differ in them, the diff does not.
    expect(item(one, 'interface', 'Options').doc).not.toEqual(item(two, 'interface', 'Options').doc);
    expect(item(one, 'class', 'Store').members.find((m) => m.name === 'label')?.doc).not.toEqual(item(two, 'class', 'Store').members.find((m) => m.name === 'label')?.doc);
    for (const name of ['Store', 'Options', 'Mode']) expect(diff.items.has(name), name).toBe(false);
    expect(member('label')).toBeUndefined();
    expect(diff.members.has('Options\nmode')).toBe(false);
  });

  it('marks no union written in another order', () => {
    expect(member('put')).toBeUndefined();
  });

  it('marks nothing else, and tells static members from instance ones', () => {
    expect(member('static create')).toBeUndefined();
    expect(memberKey(item(two, 'class', 'Store').members.find((m) => m.name === 'create')!)).toBe('static create');
    expect([...diff.items.keys()].sort()).toEqual(['newHelper', 'oldHelper', 'parse']);
    expect([...diff.members.keys()].sort()).toEqual(['Store\nclear', 'Store\nget', 'Store\nlegacy']);
  });

  it('is the same diff each time (model order, no hash or clock)', () => {
    const again = diffModels(one, two);
    expect([...again.items]).toEqual([...diff.items]);
    expect([...again.members]).toEqual([...diff.members]);
  });
});
