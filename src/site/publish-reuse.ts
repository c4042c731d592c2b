// What a page-cache build takes over from the previous publish stage: all of
// its files when their key is this build's, else the API pages' Markdown twins
// when theirs is, and each docs page's twin whose own key is; each only while
// out/ still holds it as written.
import type { LinkedFile } from '../output/write.ts';
import { isApiTwin } from '../publish/publish.ts';
import type { RouteRecord } from '../routes/types.ts';
import { twinUrl } from '../shared/paths.ts';
import { linkOnly, type PageCache } from './page-cache.ts';
import type { Rendered } from './types.ts';

/** The API twins the previous out/ holds as written, when their key is this build's. */
export function keptApiTwins(cache: PageCache, key: string, routes: readonly RouteRecord[]): { kept: Set<string>; linked: LinkedFile[] } {
  const kept = new Set<string>();
  const linked: LinkedFile[] = [];
  const old = cache.data.publish;
  if (old?.apiTwins !== key) return { kept, linked };
  for (const route of routes.filter(isApiTwin)) {
    const path = twinUrl(route.path).slice(1);
    const sha = old.files[path];
    const file = sha === undefined ? undefined : cache.reusable(path, sha);
    if (!file) continue;
    kept.add(route.path);
    linked.push(linkOnly(file));
  }
  return { kept, linked };
}

/** The previous publish stage's files, when its key is this build's and out/ still holds each as written. */
export function reusablePublish(cache: PageCache, key: string | undefined): Rendered['published'] {
  const old = cache.data.publish;
  if (!key || old?.key !== key) return undefined;
  const linked = cache.reusableAll(old.files);
  return linked && { linked, notices: old.notices };
}

/**
 * The docs pages' twins the previous out/ holds as written, where the twin's
 * key (`keyOf`: page-keys.ts docTwinKey) is the one recorded. Their text comes
 * back too, as read and checked against the recorded hash: llms-full.txt holds it.
 */
export function keptDocTwins(cache: PageCache, keyOf: (route: RouteRecord) => string | undefined, routes: readonly RouteRecord[]): { kept: Set<string>; linked: LinkedFile[]; text: Map<string, string> } {
  const kept = new Set<string>();
  const linked: LinkedFile[] = [];
  const text = new Map<string, string>();
  const old = cache.data.publish;
  if (!old?.docTwins) return { kept, linked, text };
  for (const route of routes) {
    const key = keyOf(route);
    if (key === undefined || old.docTwins[route.path] !== key) continue;
    const path = twinUrl(route.path).slice(1);
    const sha = old.files[path];
    const file = sha === undefined ? undefined : cache.reusable(path, sha);
    if (!file) continue;
    kept.add(route.path);
    linked.push(linkOnly(file));
    text.set(route.path, file.text.toString('utf8'));
  }
  return { kept, linked, text };
}
