// The decisions behind an incremental rebuild: which docs to re-read and
// which routes need a new body. build.ts runs them; a full build is the case
// where everything is dirty.
import type { ApiNoteFile } from '../content/api-notes.ts';
import { readDoc, type DocSource, type ReadDocsOptions } from '../content/docs.ts';
import { listContentFiles } from '../content/walk.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { OutputFile } from '../output/write.ts';
import type { RenderedPage } from '../render/render-site.ts';
import { cardsKey } from '../routes/docs.ts';
import type { RouteRecord } from '../routes/types.ts';
import type { ChangePlan } from './changes.ts';

/**
 * The docs list after a change: the folder is listed again by the build's own
 * walk (each real folder once, no link leading out, a loop an error), so a
 * watcher event never makes a page of a path the build would not list; the
 * changed and the newly listed files are read, the others kept, and pages no
 * longer listed dropped. Unchanged, it is the same array.
 */
export async function updateDocs(docs: DocSource[], changed: ReadonlySet<string>, docsDir: string, options: ReadDocsOptions): Promise<{ docs: DocSource[]; diagnostics: Diagnostic[] }> {
  const listing = listContentFiles(docsDir, { root: options.root, accept: (rel) => rel.endsWith('.md') });
  const byFile = new Map(docs.map((d) => [d.file, d]));
  const diagnostics: Diagnostic[] = [...listing.diagnostics];
  const next: DocSource[] = [];
  for (const { path } of listing.files) {
    const kept = byFile.get(path);
    if (kept && !changed.has(path)) {
      next.push(kept);
      continue;
    }
    const read = await readDoc(path, docsDir, options);
    diagnostics.push(...read.diagnostics);
    if (read.doc) next.push(read.doc);
  }
  next.sort((a, b) => a.id.localeCompare(b.id));
  const same = next.length === docs.length && next.every((d, i) => d === docs[i]);
  return { docs: same ? docs : next, diagnostics };
}

export interface PreviousRender {
  routes: readonly RouteRecord[];
  docs: readonly DocSource[];
  /** Files each route read while rendering (code includes). */
  dependencies: ReadonlyMap<string, readonly string[]>;
  apiNotes?: readonly ApiNoteFile[];
}

/**
 * Routes whose body must be rendered again. A Markdown edit touches its own
 * page; a change of title, description or position also touches its section's
 * cards; pages that come or go re-render every Markdown page (their links to
 * .md files are rewritten to routes), and every page, of any version, whose
 * version links (dropdown, canonical) changed with them.
 */
export function routesNeedingBodies(
  routes: readonly RouteRecord[],
  docs: readonly DocSource[],
  plan: ChangePlan,
  prev: PreviousRender | undefined,
  /** Whether the render code of a route's body changed (a template it uses was edited). */
  bodyCodeChanged: (route: RouteRecord) => boolean,
  apiNotes: readonly ApiNoteFile[] = [],
  /** Whether a route's body reads an API model or version marks this run changed (src/site/api-touched.ts). */
  apiChanged: (route: RouteRecord) => boolean = () => plan.api,
): RouteRecord[] {
  if (!prev || plan.full || plan.config) return [...routes];
  // A changed note file re-renders only the page of the item it is about (and of the item it was about).
  const notesOf = (notes: readonly ApiNoteFile[] | undefined) => new Map((notes ?? []).map((n) => [n.item, JSON.stringify(n)]));
  const [notesBefore, notesNow] = [notesOf(prev.apiNotes), notesOf(apiNotes)];
  const notesChanged = (name: string) => notesBefore.get(name) !== notesNow.get(name);
  const before = new Map(prev.routes.map((r) => [r.path, r]));
  const docRoutesMoved = docRouteKey(routes) !== docRouteKey(prev.routes);
  return routes.filter((route) => {
    if (bodyCodeChanged(route) || (plan.api && apiChanged(route))) return true;
    const old = before.get(route.path);
    if (!old || old.source !== route.source || old.kind !== route.kind || old.sidebar !== route.sidebar) return true;
    // A page of some version came or went: the pages of every version whose dropdown or canonical link named it.
    if (JSON.stringify(old.versionLinks) !== JSON.stringify(route.versionLinks)) return true;
    const m = route.model;
    if (m.type === 'api-item') return plan.apiNotes.size > 0 && notesChanged(m.item.name);
    if (m.type === 'page-module') return plan.pageModules;
    if (m.type !== 'doc') return false;
    if (plan.docs.has(m.doc.file) || docRoutesMoved) return true;
    if ((prev.dependencies.get(route.path) ?? []).some((f) => plan.other.has(f))) return true;
    return route.kind === 'examples-index' && cardsKey(prev.docs, m.doc.id) !== cardsKey(docs, m.doc.id);
  });
}


function docRouteKey(routes: readonly RouteRecord[]): string {
  return routes.flatMap((r) => (r.model.type === 'doc' ? [`${r.model.doc.file}>${r.path}`] : [])).join('\n');
}

/** What the render stage produced for one route. */
export interface RouteOutput {
  page: RenderedPage;
  files: OutputFile[];
}

/**
 * A page's output with new script and style URLs: exactly what rendering it
 * again with the new bundle gives (the URLs are content hashes, found nowhere
 * else), without rendering. A client-code edit only re-bundles.
 */
export function withNewAssets(output: RouteOutput, swaps: readonly (readonly [string, string])[]): RouteOutput {
  const swap = (html: string): string => swaps.reduce((h, [from, to]) => h.split(from).join(to), html);
  return {
    page: { ...output.page, html: swap(output.page.html) },
    files: output.files.map((f) => (f.path.endsWith('.html') && typeof f.contents === 'string' ? { ...f, contents: swap(f.contents) } : f)),
  };
}
