// Every page is also published as Markdown at `<path>.md` (src/publish). A
// page routed at another page's twin (content/docs/installation.md.md at
// /docs/installation.md), or a docs version whose path makes a folder of it
// (path 'installation.md'), would need one name as a file and a page: the
// write stage would fail half-way. Refused here, before anything is written.
import { relative } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { twinUrl } from '../shared/paths.ts';
import type { RouteRecord } from './types.ts';

export function twinClashes(routes: readonly RouteRecord[]): Diagnostic[] {
  const twins = new Map<string, RouteRecord>();
  for (const r of routes) if (r.kind !== 'not-found') twins.set(twinUrl(r.path).toLowerCase(), r);
  const reported = new Set<string>();
  const out: Diagnostic[] = [];
  for (const r of routes) {
    // The twin this route is at, or under: /docs/installation.md itself, or /docs/installation.md/api/….
    const path = r.path.toLowerCase();
    const twin = [...ancestors(path)].find((p) => twins.has(p));
    if (!twin || reported.has(twin)) continue;
    reported.add(twin);
    const page = twins.get(twin)!;
    const where = r.version ? `${r.path}, a page of docs version ${r.version} (${rel(r.source)}),` : `${r.path} (${rel(r.source)})`;
    out.push(error('content', 'routes/twin-clash', `${where} is at or under ${twinUrl(page.path)}, where the Markdown twin of ${page.path} (${rel(page.source)}) is published.`, {
      file: r.source, hint: 'Rename the page, or the docs version\'s path (docs.versions[].path), so that no path of the site runs through a page\'s twin.',
    }));
  }
  return out;
}

/** `/a/b.md/c` → `/a/b.md/c`, `/a/b.md`, `/a`. */
function* ancestors(path: string): Generator<string> {
  for (let p = path; p.length > 1; p = p.slice(0, p.lastIndexOf('/'))) yield p;
}

const rel = (p: string): string => (p.startsWith('/') ? relative(process.cwd(), p) : p);
