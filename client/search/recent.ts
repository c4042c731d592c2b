// Recent searches: the last results opened, newest first, kept through the
// site's storage wrapper (in memory only, for the page, when storage is refused).
import { SEARCH_RECENT_KEY } from '../../src/shared/storage-keys.ts';
import type { SearchRecord } from '../../src/shared/search-index.ts';
import { storage } from '../storage.ts';

export type Recent = Pick<SearchRecord, 'group' | 'kind' | 'name' | 'owner' | 'href'>;

const MAX = 5;

export function readRecent(): Recent[] {
  try {
    const list = JSON.parse(storage.get(SEARCH_RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as Recent[]).filter((r) => r && typeof r.href === 'string' && typeof r.name === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function addRecent(r: SearchRecord): Recent[] {
  const entry: Recent = { group: r.group, kind: r.kind, name: r.name, href: r.href, ...(r.owner ? { owner: r.owner } : {}) };
  const list = [entry, ...readRecent().filter((x) => x.href !== r.href)].slice(0, MAX);
  storage.set(SEARCH_RECENT_KEY, JSON.stringify(list));
  return list;
}
