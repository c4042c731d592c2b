// Browser entry: hydrates the server-rendered layout. The page's own data is
// inline; the site data (site view + sidebar trees) is one cached asset the
// page preloads; the content HTML is read back from the DOM, not shipped twice.
import { hydrateRoot } from 'react-dom/client';
import { Layout } from '../templates/layout/Layout.tsx';
import type { PageView, SiteData } from '../src/shared/view.ts';

const el = document.getElementById('__pkidocs')!;
const page = JSON.parse(el.textContent!) as PageView;
const data = (await (await fetch(el.dataset.site!)).json()) as SiteData;
const html = document.getElementById('content')?.innerHTML ?? '';
const tree = page.sidebar ? data.sidebars[page.sidebar] : undefined;
hydrateRoot(document.getElementById('root')!, <Layout site={data.site} page={page} html={html} tree={tree} />);
