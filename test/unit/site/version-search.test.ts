// A warm build keeps another docs version's search index while its key holds
// (its pages' keys, the versions list) without loading a body, and builds it
// again from that version's own pages and API base when a page of it changed.
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/model.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import type { PageBody } from '../../../src/render/body.ts';
import type { RouteRecord } from '../../../src/routes/types.ts';
import type { SearchIndexData } from '../../../src/shared/search-index.ts';
import type { VersionApi } from '../../../src/site/types.ts';
import { versionSearchTexts, type VersionSearchInput } from '../../../src/site/version-search.ts';

const config = {
  baseUrl: '/',
  docs: { path: '/docs', versions: [{ name: '4.0.0', label: '4.0', path: '4.0' }, { name: '3.3.2', label: '3.3.2', path: '' }] },
} as unknown as SiteConfig;
const model = { packageName: 'pkijs', version: '4.0.0', items: [] } as ApiModel;
const v4 = { name: '4.0.0', docsPath: '/docs/4.0', api: { model } } as unknown as VersionApi;
const route = (path: string, version?: string): RouteRecord =>
  ({ path, kind: 'doc', exact: true, source: 'x', model: { type: 'not-found' }, ...(version ? { version } : {}) });
const routes = [route('/docs/installation'), route('/docs/4.0/installation', '4.0.0')];
const body = (text: string): PageBody => ({ title: 'Installation', html: `<h1>Installation</h1><p>${text}</p>`, toc: [] });

function input(pageKey: string, previous?: VersionSearchInput['previous']) {
  const loaded: string[][] = [];
  const bodies = new Map([['/docs/installation', body('three')], ['/docs/4.0/installation', body('four')]]);
  const value: VersionSearchInput = {
    config, versionApis: [v4], routes, noted: new Set(), keyBase: ['env', 'api', '/', 'versions'], pageKey: () => pageKey, previous,
    needBodies: async (rs) => void loaded.push(rs.map((r) => r.path)), bodies,
  };
  return { value, loaded };
}

describe('versionSearchTexts', () => {
  it('builds a version\'s index from its own pages, under its API base, listing every version', async () => {
    const { value, loaded } = input('k1');
    const { texts, reused } = await versionSearchTexts(value);
    expect(reused).toBe(false);
    expect(loaded).toEqual([['/docs/4.0/installation']]);
    const index = JSON.parse(texts['4.0.0']!.text) as SearchIndexData;
    expect(index.apiBase).toBe('/docs/4.0/api');
    expect(index.pages.map((p) => p[0])).toEqual(['/docs/4.0/installation']);
    expect(index.versions).toEqual([{ label: '4.0', url: '/_pkidocs/search-index-4.0.0.json' }, { label: '3.3.2', url: '/_pkidocs/search-index.json' }]);
  });

  it('keeps it, loading no body, while its key holds, and builds it again when a page of it changed', async () => {
    const first = await versionSearchTexts(input('k1').value);
    const same = input('k1', first.texts);
    expect(await versionSearchTexts(same.value)).toEqual({ texts: first.texts, reused: true });
    expect(same.loaded).toEqual([]);
    const changed = input('k2', first.texts);
    const again = await versionSearchTexts(changed.value);
    expect(again.reused).toBe(false);
    expect(again.texts['4.0.0']!.key).not.toBe(first.texts['4.0.0']!.key);
    expect(changed.loaded).toEqual([['/docs/4.0/installation']]);
  });
});
