// The lazy search chunk: the dialog, the engine and the index fetch. The page
// imports it on first use (client/search-trigger.ts); it renders into a root
// of its own, on top of the page.
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expandIndex, SEARCH_INDEX_VERSION, type SearchIndexData } from '../../src/shared/search-index.ts';
import { SearchDialog, type EngineState } from './dialog.tsx';
import { SearchEngine } from './engine.ts';

let engine: Promise<SearchEngine> | undefined;
let root: Root | undefined;
let container: HTMLElement | undefined;
let returnTo: HTMLElement | null = null;

function loadEngine(indexUrl: string): Promise<SearchEngine> {
  // The index has a fixed URL (src/search/build-index.ts): revalidate it rather than trust a cached copy.
  engine ??= fetch(indexUrl, { cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`the index answered ${r.status}`);
      return r.json() as Promise<SearchIndexData>;
    })
    .then((data) => {
      if (data.v !== SEARCH_INDEX_VERSION) throw new Error('the index is of another version');
      return new SearchEngine(expandIndex(data));
    });
  engine.catch(() => (engine = undefined));
  return engine;
}

export function preloadIndex(indexUrl: string): void {
  void loadEngine(indexUrl).catch(() => undefined);
}

function Search({ indexUrl }: { indexUrl: string }) {
  const [state, setState] = useState<EngineState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadEngine(indexUrl).then(
      (e) => live && setState({ status: 'ready', engine: e }),
      (e: unknown) => live && setState({ status: 'error', message: (e as Error).message }),
    );
    return () => void (live = false);
  }, [indexUrl]);
  return <SearchDialog state={state} onClose={closeSearch} />;
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
