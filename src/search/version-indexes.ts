// One search index per docs version: the default version's at the index's
// fixed URL, each other version's beside it, built from that version's API
// model and pages. On a site with more than one version each index names all
// of them, so the dialog can search every version when the reader asks.
import type { ApiModel } from '../api/model.ts';
import type { BundleFile } from '../bundle/bundle.ts';
import type { SiteConfig } from '../config/schema.ts';
import { defaultVersion } from '../config/versions.ts';
import type { PageBody } from '../render/body.ts';
import { API_BASE, apiBaseOf } from '../routes/api-urls.ts';
import type { RouteRecord } from '../routes/types.ts';
import type { SearchVersion } from '../shared/search-index.ts';
import { buildSearchIndex, searchAsset, searchIndexUrl, searchPages, type SearchReuse, type SearchScope } from './build-index.ts';

/** Every version's index, newest first (the config's order); none on a one-version site, whose index stays as it was. */
export function searchVersions(config: SiteConfig): SearchVersion[] | undefined {
  if (config.docs.versions.length < 2) return undefined;
  const fallback = defaultVersion(config);
  return config.docs.versions.map((v) => ({ label: v.label, url: searchIndexUrl(v === fallback ? undefined : v.name) }));
}

/** The default version's scope: its API under /docs/api. */
export function defaultScope(config: SiteConfig): SearchScope {
  const versions = searchVersions(config);
  return { apiBase: API_BASE, ...(versions ? { versions } : {}) };
}

/** Another docs version: its name, where its pages live, its API model. */
export interface SearchedVersion {
  name: string;
  docsPath: string;
  api: { model: ApiModel };
}

/** The index of another docs version, from its model and its pages. */
export function versionSearchFile(config: SiteConfig, v: SearchedVersion, routes: readonly RouteRecord[], bodies: ReadonlyMap<string, PageBody>, noted: ReadonlySet<string>, reuse: SearchReuse = {}): BundleFile {
  const versions = searchVersions(config);
  const scope: SearchScope = { apiBase: apiBaseOf(v.docsPath), ...(versions ? { versions } : {}) };
  return searchAsset(buildSearchIndex(v.api.model, searchPages(routes, bodies, noted, v.name), config.baseUrl, reuse, scope), searchIndexUrl(v.name));
}
