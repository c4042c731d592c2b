// The docs remember the version the reader picked in the versions dropdown,
// under docs-preferred-version-default. A stored name that is no longer a
// version of the site is dropped.
import { docsVersionKey } from '../src/shared/storage-keys.ts';
import type { SiteView } from '../src/shared/view.ts';
import { storage } from './storage.ts';

export function rememberDocsVersion(site: SiteView): void {
  const names = site.navbar.items.flatMap((i) => (i.type === 'versions' ? i.versions.map((v) => v.name) : []));
  const stored = storage.get(docsVersionKey());
  if (stored && names.length && !names.includes(stored)) storage.remove(docsVersionKey());
  document.addEventListener('click', (e) => {
    const version = (e.target as Element | null)?.closest?.<HTMLElement>('a[data-version]')?.dataset.version;
    if (version) storage.set(docsVersionKey(), version);
  });
}
