// Which stages a set of changed files touches. The builder re-runs only
// those: a Markdown edit re-reads one file, a template edit reloads the
// render code, a client edit re-bundles, a d.ts edit re-runs the API stage.
import { basename, extname, join } from 'node:path';
import { isInside } from '../shared/path-inside.ts';

/** Where a site's sources live. */
export interface SiteLayout {
  configFile: string;
  contentDir: string;
  clientDir: string;
  templatesDir: string;
  /** The type definitions the API stage reads (known once the config loaded). */
  libraryEntry?: string;
  /**
   * Every other file the API stage reads: each other docs version's type definitions (under
   * content/versions/…/node_modules, which the watch of content/ skips) and the declarations
   * each conversion read. An edit re-runs the API stage, as one of `libraryEntry` does.
   */
  apiFiles?: readonly string[];
  /** Each of those files (and `libraryEntry`) → the entries whose conversion read it: only those are converted again. */
  apiReaders?: ReadonlyMap<string, readonly string[]>;
}

export interface ChangePlan {
  /** Run every stage from scratch (first build, or nothing to build on). */
  full: boolean;
  config: boolean;
  /** An installed package.json changed: the releases are checked against the config again. */
  library: boolean;
  api: boolean;
  /** The type definitions (entries) to convert again; empty with `api`: every version's. */
  apiEntries: Set<string>;
  bundle: boolean;
  /** The client code, styles and templates that changed (the bundle is made again from them). */
  client: Set<string>;
  /** Template code that changed: the render code is loaded afresh, and re-renders what these files reach. */
  templates: Set<string>;
  pageModules: boolean;
  /** Markdown pages added, changed or removed. */
  docs: Set<string>;
  /** Files under static/, copied as they are. */
  statics: Set<string>;
  /** Any other file under content/ (code that pages include). */
  other: Set<string>;
  /**
   * A path under the docs or site-notes folder that is neither a page nor a note
   * (a folder, a link, an included file): the folders are listed again, as a
   * link or folder may have come or gone.
   */
  relist: boolean;
  /** Site notes on API pages (content/api-notes/*.md) added, changed or removed. */
  apiNotes: Set<string>;
}

export function fullPlan(): ChangePlan {
  return { ...emptyPlan(), full: true, config: true, api: true, bundle: true, pageModules: true };
}

/** Whether the plan converts the type definitions at `entry` again. */
export function convertsAgain(plan: ChangePlan, entry: string): boolean {
  return plan.api && (plan.apiEntries.size === 0 || plan.apiEntries.has(entry));
}

export function emptyPlan(): ChangePlan {
  return { full: false, config: false, library: false, api: false, bundle: false, pageModules: false, relist: false, apiEntries: new Set(), client: new Set(), templates: new Set(), docs: new Set(), statics: new Set(), other: new Set(), apiNotes: new Set() };
}

export const docsDir = (l: SiteLayout): string => join(l.contentDir, 'docs');
export const pagesDir = (l: SiteLayout): string => join(l.contentDir, 'pages');
export const apiNotesDir = (l: SiteLayout): string => join(l.contentDir, 'api-notes');
export const staticDir = (l: SiteLayout): string => join(l.contentDir, 'static');

/** The folders and files a watcher should follow for this layout. */
export function watchedPaths(l: SiteLayout): string[] {
  return [...new Set([l.contentDir, l.clientDir, l.templatesDir, l.configFile, ...(l.libraryEntry ? [l.libraryEntry] : []), ...(l.apiFiles ?? [])])];
}

export function planChanges(files: Iterable<string>, layout: SiteLayout): ChangePlan {
  const plan = emptyPlan();
  const under = (dir: string, file: string): boolean => isInside(file, dir);
  let everyApi = false;
  for (const file of files) {
    // A watched folder itself: it was replaced (moved away and back, say) and everything in it may differ.
    if (file === layout.contentDir || file === layout.clientDir || file === layout.templatesDir) {
      return { ...fullPlan(), templates: new Set(file === layout.templatesDir ? [file] : []) };
    }
    if (file === layout.configFile) plan.config = true;
    else if (file === layout.libraryEntry || layout.apiFiles?.includes(file)) {
      // A file no reader is known of converts every version again (apiEntries left empty: all).
      const readers = layout.apiReaders?.get(file);
      if (!readers?.length) everyApi = true;
      else for (const entry of readers) plan.apiEntries.add(entry);
      plan.api = true;
      // A release's version moved (4.0.0 → 4.0.1): a cold build refuses it, and so must the rebuild.
      if (basename(file) === 'package.json') plan.library = true;
    }
    else if (under(docsDir(layout), file) && extname(file) === '.md') plan.docs.add(file);
    else if (under(apiNotesDir(layout), file) && extname(file) === '.md') plan.apiNotes.add(file);
    else if (under(pagesDir(layout), file)) plan.pageModules = true;
    else if (under(staticDir(layout), file)) plan.statics.add(file);
    else if (under(layout.contentDir, file)) {
      plan.other.add(file);
      if (under(docsDir(layout), file) || under(apiNotesDir(layout), file)) plan.relist = true;
    }
    else if (under(layout.clientDir, file)) plan.client.add(file);
    else if (under(layout.templatesDir, file)) {
      // Styles are bundled; TSX is both rendered on the server and hydrated in the browser.
      plan.client.add(file);
      if (extname(file) !== '.css') plan.templates.add(file);
    }
  }
  plan.bundle = plan.client.size > 0;
  if (everyApi) plan.apiEntries.clear();
  return plan;
}

export function isEmptyPlan(plan: ChangePlan): boolean {
  const flags = plan.full || plan.config || plan.api || plan.bundle || plan.pageModules;
  return !flags && !plan.relist && !plan.templates.size && !plan.docs.size && !plan.statics.size && !plan.other.size;
}
