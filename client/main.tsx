// Browser entry: hydrates the server-rendered layout. The page's content HTML
// is read back from the DOM rather than shipped twice.
import { hydrateRoot } from 'react-dom/client';
import { Layout } from '../templates/layout/Layout.tsx';
import type { PageView, SiteView } from '../src/shared/view.ts';

const data = JSON.parse(document.getElementById('__pkidocs')!.textContent!) as { site: SiteView; page: PageView };
const html = document.getElementById('content')?.innerHTML ?? '';
hydrateRoot(document.getElementById('root')!, <Layout site={data.site} page={data.page} html={html} />);
