// The lazy search chunk: the dialog, the engine and the index fetch. The page
// imports it on first use (client/search-trigger.ts); it renders into a root
// of its own, on top of the page.
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { withBase } from '../../src/shared/base-url.ts';
import { expandIndex, SEARCH_INDEX_VERSION, type SearchIndexData, type SearchVersion } from '../../src/shared/search-index.ts';
import { SearchDialog, type EngineState } from './dialog.tsx';
import { SearchEngine } from './engine.ts';

let root: Root | undefined;
let container: HTMLElement | undefined;
let returnTo: HTMLElement | null = null;

/** Each index by URL, and each engine by the URLs it searches: fetched and built once, kept on success. */
const indexes = new Map<string, Promise<SearchIndexData>>();
const engines = new Map<string, Promise<SearchEngine>>();

function keep<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let made = cache.get(key);
  if (!made) {
    made = make();
    cache.set(key, made);
    made.catch(() => cache.delete(key));
  }
  return made;
}

function loadIndex(url: string): Promise<SearchIndexData> {
  // The index has a fixed URL (src/search/build-index.ts): revalidate it rather than trust a cached copy.
  return keep(indexes, url, () => fetch(url, { cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`the index answered ${r.status}`);
      return r.json() as Promise<SearchIndexData>;
    })
    .then((data) => {
      if (data.v !== SEARCH_INDEX_VERSION) throw new Error('the index is of another version');
      return data;
    }));
}

/** Every docs version's index (with the base URL), when the site has more than one. */
const versionsOf = (data: SearchIndexData): SearchVersion[] | undefined =>
  data.versions && data.versions.length > 1 ? data.versions.map((v) => ({ label: v.label, url: withBase(data.base ?? '/', v.url) })) : undefined;

/** The engine over one index, or over several, each result labelled with its version. */
function loadEngine(versions: readonly SearchVersion[]): Promise<SearchEngine> {
  return keep(engines, versions.map((v) => v.url).join(' '), async () => {
    const data = await Promise.all(versions.map((v) => loadIndex(v.url)));
    if (data.length === 1) return new SearchEngine(expandIndex(data[0]!));
    const records = data.flatMap((d, i) => expandIndex(d).map((r) => ({ ...r, version: versions[i]!.label })));
    return new SearchEngine(records.map((r, id) => ({ ...r, id })));
  });
}

export function preloadIndex(indexUrl: string): void {
  void loadEngine([{ label: '', url: indexUrl }]).catch(() => undefined);
}

/** Searches the version being read (its index is the page's); with `all`, every version's index. */
function Search({ indexUrl }: { indexUrl: string }) {
  const [state, setState] = useState<EngineState>({ status: 'loading' });
  const [all, setAll] = useState(false);
  const [versions, setVersions] = useState<SearchVersion[]>();
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadIndex(indexUrl)
      .then((own) => {
        const every = versionsOf(own);
        if (live) setVersions(every);
        return loadEngine(all && every ? every : [{ label: '', url: indexUrl }]);
      })
      .then(
        (e) => live && setState({ status: 'ready', engine: e }),
        (e: unknown) => live && setState({ status: 'error', message: (e as Error).message }),
      );
    return () => void (live = false);
  }, [indexUrl, all]);
  return <SearchDialog state={state} onClose={closeSearch} scope={versions && { all, onChange: setAll }} />;
}

export function openSearch({ indexUrl, returnFocus }: { indexUrl: string; returnFocus: HTMLElement | null }): void {
  if (container) {
    container.querySelector('input')?.focus();
    return;
  }
  returnTo = returnFocus;
  container = document.createElement('div');
  container.className = 'search-root';
  document.body.append(container);
  document.documentElement.classList.add('search-open');
  root = createRoot(container);
  root.render(<Search indexUrl={indexUrl} />);
}

function closeSearch(): void {
  root?.unmount();
  container?.remove();
  root = undefined;
  container = undefined;
  document.documentElement.classList.remove('search-open');
  returnTo?.focus();
  returnTo = null;
}
