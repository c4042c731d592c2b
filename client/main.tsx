// Browser entry. The page's own data is inline; the site data (site view and
// sidebar trees) is one cached asset the page preloads; the content HTML is
// read back from the DOM rather than shipped twice. Until the app has
// hydrated, and if it cannot, the server-rendered page works on its own.
import { hydrateRoot } from 'react-dom/client';
import { normalizePath } from '../src/shared/paths.ts';
import { CONTENT_ID, DATA_ID, ROOT_ID } from '../src/shared/reserved-ids.ts';
import type { PageView, SiteData } from '../src/shared/view.ts';
import { App } from './app.tsx';
import { toRoute } from './base.ts';
import { addCopyButtons } from './copy-buttons.ts';
import { rememberDocsVersion } from './docs-version.ts';
import { watchLinks } from './prefetch.ts';
import { watchSearch } from './search-trigger.ts';
import { listenToTabs, restoreTabs } from './tabs.ts';

async function start(): Promise<void> {
  const el = document.getElementById(DATA_ID)!;
  const page = JSON.parse(el.textContent!) as PageView;
  const content = document.getElementById(CONTENT_ID);
  const html = content?.innerHTML ?? '';
  // The content is not compared on hydration, so it is enhanced at once, before the site data arrives.
  listenToTabs();
  watchSearch(el.dataset.search, el.dataset.searchIndex);
  if (content) {
    restoreTabs(content);
    addCopyButtons(content);
  }
  const response = await fetch(el.dataset.site!);
  if (!response.ok) throw new Error(`the site data answered ${response.status}`);
  const data = (await response.json()) as SiteData;
  const root = document.getElementById(ROOT_ID)!;
  rememberDocsVersion(data.site);
  hydrateRoot(root, <App data={data} initial={{ page, html }} />, {
    onRecoverableError: (error) => console.error('pkidocs: React recovered from a rendering error:', error),
  });
  watchLinks(root, () => normalizePath(toRoute(location.pathname)));
}

start().catch((e: unknown) => console.warn(`pkidocs: the page stays static, the client could not start (${String(e)}).`));
