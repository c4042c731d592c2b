// The link check of watch mode. It keeps every page's ids and resolved links,
// so after an edit only the pages that can be affected are checked again:
// the edited pages themselves, and the pages linking to an anchor of an
// edited page whose ids changed (all pages when pages or static files came
// or went).
// Its diagnostics are the ones links/check.ts gives for the whole site.
import { readFileSync } from 'node:fs';
import { closest } from 'fastest-levenshtein';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { CheckedPage } from '../links/check.ts';
import { collectLinks } from '../links/collect.ts';
import { normalizePath } from '../shared/paths.ts';

interface Link {
  href: string;
  /** The decoded URL path, as a static file would be named. */
  rawPath: string;
  /** The page path it points to. */
  path: string;
  fragment: string;
}

interface PageEntry {
  path: string;
  source: string;
  ids: Set<string>;
  /** Internal links, one per distinct href. */
  links: Link[];
}

export type Locate = (source: string, href: string) => number | undefined;

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export class LinkIndex {
  private constructor(
    private readonly pages: ReadonlyMap<string, PageEntry>,
    private readonly problems: ReadonlyMap<string, readonly Diagnostic[]>,
    private readonly staticFiles: ReadonlySet<string>,
    private readonly locate: Locate,
    /** Pages and links looked at by the update that made this index. */
    readonly checked: { pages: number; links: number },
  ) {}

  static empty(locate: Locate = locateFresh): LinkIndex {
    return new LinkIndex(new Map(), new Map(), new Set(), locate, { pages: 0, links: 0 });
  }

  get diagnostics(): Diagnostic[] {
    return [...this.problems.values()].flat();
  }

  /** A new index with these pages replaced or added and those removed; this one is left as it was. */
  update(changed: readonly CheckedPage[], removed: readonly string[], staticFiles: ReadonlySet<string>): LinkIndex {
    const pages = new Map(this.pages);
    const problems = new Map(this.problems);
    for (const path of removed) {
      pages.delete(path);
      problems.delete(path);
    }
    let newPaths = removed.length > 0;
    const newIds = new Set<string>();
    for (const page of changed) {
      const before = pages.get(page.path);
      const entry = toEntry(page);
      pages.set(page.path, entry);
      if (!before) newPaths = true;
      if (!before || !sameSet(before.ids, entry.ids)) newIds.add(page.path);
    }
    const everything = newPaths || !sameSet(staticFiles, this.staticFiles);
    const edited = new Set(changed.map((p) => p.path));
    // Only links with a fragment can break or heal when a page's ids change.
    const recheck = [...pages.values()].filter((p) => everything || edited.has(p.path) || p.links.some((l) => l.fragment && newIds.has(l.path)));
    const checker = new Checker(pages, staticFiles, this.locate);
    for (const page of recheck) problems.set(page.path, checker.check(page));
    const links = recheck.reduce((n, p) => n + p.links.length, 0);
    return new LinkIndex(pages, problems, staticFiles, this.locate, { pages: recheck.length, links });
  }
}

function toEntry(page: CheckedPage): PageEntry {
  const { ids, hrefs } = collectLinks(page.html);
  const links: Link[] = [];
  for (const href of new Set(hrefs)) {
    if (EXTERNAL.test(href)) continue;
    const url = new URL(href, `http://site${page.path}`);
    const rawPath = safeDecode(url.pathname);
    links.push({ href, rawPath, path: normalizePath(rawPath), fragment: safeDecode(url.hash.slice(1)) });
  }
  return { path: page.path, source: page.source, ids, links };
}

class Checker {
  private allPaths: string[] | undefined;

  constructor(
    private readonly pages: ReadonlyMap<string, PageEntry>,
    private readonly staticFiles: ReadonlySet<string>,
    private readonly locate: Locate,
  ) {}

  check(page: PageEntry): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const link of page.links) {
      if (this.staticFiles.has(link.rawPath)) continue;
      const problem = this.problem(link, page.path);
      if (!problem) continue;
      out.push(error('links', problem.code, `The link "${link.href}" on ${page.path} ${problem.what}.`, {
        file: page.source,
        line: this.locate(page.source, link.href),
        hint: problem.suggestion ? `Did you mean "${problem.suggestion}"?` : 'Fix the link or create its target.',
      }));
    }
    return out;
  }

  private problem(link: Link, from: string): { code: string; what: string; suggestion?: string } | undefined {
    const { path, fragment } = link;
    const target = this.pages.get(path);
    if (!target) {
      this.allPaths ??= [...this.pages.keys()];
      return { code: 'links/missing-page', what: `points to ${path}, which is not a page of the site`, suggestion: closest(path, this.allPaths) + (fragment ? `#${fragment}` : '') };
    }
    if (!fragment || target.ids.has(fragment)) return undefined;
    return {
      code: 'links/missing-anchor',
      what: `points to the anchor #${fragment}, which no element on ${path === from ? 'this page' : path} has`,
      suggestion: target.ids.size ? `${path === from ? '' : path}#${closest(fragment, [...target.ids])}` : undefined,
    };
  }
}

/** Line of the source that holds the link, read afresh: in watch mode the file has just changed. */
export function locateFresh(source: string, href: string): number | undefined {
  if (!source.endsWith('.md') && !source.endsWith('.tsx')) return undefined;
  try {
    const i = readFileSync(source, 'utf8').split('\n').findIndex((l) => l.includes(href));
    return i >= 0 ? i + 1 : undefined;
  } catch {
    return undefined;
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
