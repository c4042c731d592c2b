// The page-cache build's indexes of the other docs versions: each kept by a
// key of its own (its model, in the API key; its pages' body keys; every
// version's label and URL, which each index lists), built again only when
// that key changed, so a warm build loads no body for them.
import type { SiteConfig } from '../config/schema.ts';
import type { PageBody } from '../render/body.ts';
import type { RouteRecord } from '../routes/types.ts';
import { searchedRoutes } from '../search/build-index.ts';
import { versionSearchFile } from '../search/version-indexes.ts';
import { sha256 } from './page-cache.ts';
import type { VersionApi } from './types.ts';

export type VersionSearch = Record<string, { key: string; text: string }>;

export interface VersionSearchInput {
  config: SiteConfig;
  versionApis: readonly VersionApi[];
  routes: readonly RouteRecord[];
  noted: ReadonlySet<string>;
  /** What every index key starts with: the environment, the API key, the base URL, the versions list. */
  keyBase: readonly string[];
  /** A searched page's key (its body key, or its body's hash). */
  pageKey: (r: RouteRecord) => string | undefined;
  previous: VersionSearch | undefined;
  needBodies: (routes: readonly RouteRecord[]) => Promise<void>;
  bodies: ReadonlyMap<string, PageBody>;
}

export async function versionSearchTexts(input: VersionSearchInput): Promise<{ texts: VersionSearch; reused: boolean }> {
  const texts: VersionSearch = {};
  let reused = true;
  for (const v of input.versionApis) {
    const routes = searchedRoutes(input.routes, input.noted, v.name);
    const key = sha256('search', ...input.keyBase, v.name, JSON.stringify(routes.map((r) => [r.path, r.kind, r.sidebar ?? null, input.pageKey(r)])));
    const old = input.previous?.[v.name];
    if (old?.key === key) {
      texts[v.name] = old;
      continue;
    }
    reused = false;
    await input.needBodies(routes);
    texts[v.name] = { key, text: new TextDecoder().decode(versionSearchFile(input.config, v, input.routes, input.bodies, input.noted).contents) };
  }
  return { texts, reused };
}
