// The routes whose files the previous out/ holds as this build would write
// them, found two ways: by the page key, before any body is loaded (nothing
// the body is made of changed), or once the body is known, by its content key
// (page-keys.ts contentKey: the body is the same bytes though what it is made
// of changed, as an API page after a d.ts edit elsewhere). Their files are
// linked from out/ and their links come from the cache: not rendered again.
import type { PageLinks } from '../links/collect.ts';
import type { LinkedFile } from '../output/write.ts';
import type { PageCache } from './page-cache.ts';

export class ReusedPages {
  readonly linked: LinkedFile[] = [];
  readonly collected = new Map<string, PageLinks>();
  readonly paths = new Set<string>();

  constructor(private readonly cache: PageCache) {}

  /** Takes a cached route's files when out/ still holds each as recorded. */
  take(path: string): boolean {
    const old = this.cache.data.pages[path];
    const files = old && this.cache.reusableAll(old.files);
    if (!old || !files) return false;
    this.linked.push(...files);
    this.collected.set(path, { ids: new Set(old.ids), hrefs: old.hrefs, loads: old.loads });
    this.paths.add(path);
    return true;
  }

  /** Takes each route not taken yet whose recorded content key is this build's. */
  takeByContent(contentKeys: ReadonlyMap<string, string>): void {
    for (const [path, key] of contentKeys) {
      if (!this.paths.has(path) && this.cache.data.pages[path]?.content === key) this.take(path);
    }
  }
}
