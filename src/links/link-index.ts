// The link check. It keeps every page's ids and resolved links, so that in
// watch mode, after an edit, only the pages that can be affected are checked again:
// the edited pages themselves, and the pages linking to an anchor of an
// edited page whose ids changed (all pages when pages or static files came
// or went).
// A full build is the first update of an empty index (links/check.ts).
import { readFileSync } from 'node:fs';
import { closest } from 'fastest-levenshtein';
import { suggestPage } from './suggest-page.ts';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { collectLinks, type PageLinks } from './collect.ts';
import { stripBase, withBase } from '../shared/base-url.ts';
import { normalizePath } from '../shared/paths.ts';
import { RESERVED_ID_PREFIX } from '../shared/reserved-ids.ts';

interface Link {
  href: string;
  /** The decoded URL path, as a static file would be named. */
  rawPath: string;
  /** The page path it points to. */
  path: string;
  fragment: string;
  /** An absolute link that leaves the base URL (`/docs/x` on a site under `/PKI.js/`). */
  outside?: boolean;
  /** `http:/docs/x`: a web scheme without `//`, which a browser reads as a path of this site or as a host. */
  hostless?: boolean;
}

interface PageEntry {
  path: string;
  source: string;
  ids: Set<string>;
  /** Internal links, one per distinct href. */
  links: Link[];
  /** Same-site files the page loads (images, stylesheet, icon, scripts), one per distinct URL. */
  loads: Link[];
  /** The page's parts (document head, layout before the content, content, layout after it) and what each holds, reused while unchanged. */
  parts?: Part[];
}

interface Part {
  html: string;
  links: PageLinks;
}

export interface CheckedPage {
  path: string;
  html: string;
  /** Source file the page was rendered from. */
  source: string;
}

/**
 * A rendered page; with its content HTML (which the page holds verbatim), an
 * edit parses again only the parts of the page it changed (collect, below);
 * with its ids and links collected before (the page cache), nothing is parsed.
 */
export type IndexedPage = CheckedPage & { body?: string; links?: PageLinks };

export type Locate = (source: string, href: string) => number | undefined;

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** A web scheme not followed by two slashes (a backslash counts as one, as browsers read it). */
const HOSTLESS = /^(?:https?|wss?|ftp):(?![/\\]{2})/i;
/** The URL as a browser reads it: tabs and newlines dropped anywhere, controls and spaces before it. */
function asRead(url: string): string {
  const s = url.replace(/[\t\n\r]/g, '');
  let i = 0;
  while (i < s.length && s.charCodeAt(i) <= 0x20) i++;
  return s.slice(i);
}
const isHostless = (url: string): boolean => HOSTLESS.test(asRead(url));

export class LinkIndex {
  private constructor(
    private readonly pages: ReadonlyMap<string, PageEntry>,
    private readonly problems: ReadonlyMap<string, readonly Diagnostic[]>,
    private readonly staticFiles: ReadonlySet<string>,
    private readonly locate: Locate,
    /** The base URL the hrefs carry (`/` or `/PKI.js/`); page paths and static files do not. */
    private readonly base: string,
    /** Pages and links looked at by the update that made this index. */
    readonly checked: { pages: number; links: number },
  ) {}

  static empty(locate: Locate = locateFresh, base = '/'): LinkIndex {
    return new LinkIndex(new Map(), new Map(), new Set(), locate, base, { pages: 0, links: 0 });
  }

  /** A page's ids and internal links, as the page cache keeps them. */
  pageLinks(path: string): PageLinks | undefined {
    const entry = this.pages.get(path);
    return entry && { ids: entry.ids, hrefs: entry.links.map((l) => l.href), loads: entry.loads.map((l) => l.href) };
  }

  get diagnostics(): Diagnostic[] {
    return [...this.problems.values()].flat();
  }

  /**
   * A new index with these pages replaced or added and those removed; this one
   * is left as it was. Parsing yields to the event loop now and then, so that
   * files being written meanwhile make progress.
   */
  async update(changed: readonly IndexedPage[], removed: readonly string[], staticFiles: ReadonlySet<string>): Promise<LinkIndex> {
    const pages = new Map(this.pages);
    const problems = new Map(this.problems);
    for (const path of removed) {
      pages.delete(path);
      problems.delete(path);
    }
    let newPaths = removed.length > 0;
    const newIds = new Set<string>();
    for (const [i, page] of changed.entries()) {
      if (i % 16 === 15) await new Promise((r) => setImmediate(r));
      const before = pages.get(page.path);
      const entry = toEntry(page, before, this.base);
      pages.set(page.path, entry);
      if (!before) newPaths = true;
      if (!before || !sameSet(before.ids, entry.ids)) newIds.add(page.path);
    }
    const everything = newPaths || !sameSet(staticFiles, this.staticFiles);
    const edited = new Set(changed.map((p) => p.path));
    // Only links with a fragment can break or heal when a page's ids change.
    const recheck = [...pages.values()].filter((p) => everything || edited.has(p.path) || p.links.some((l) => l.fragment && newIds.has(l.path)));
    const checker = new Checker(pages, staticFiles, this.locate, this.base);
    for (const page of recheck) problems.set(page.path, checker.check(page));
    const links = recheck.reduce((n, p) => n + p.links.length, 0);
    return new LinkIndex(pages, problems, staticFiles, this.locate, this.base, { pages: recheck.length, links });
  }
}

/**
 * Where each absolute href points, shared by all indexes of a session: the
 * same sidebar and footer links are on every page (1.2 M links, 4,500 distinct
 * hrefs at 10× the real site), so each resolves once and every page holds the
 * same Link object (never changed after it is made), by base URL, then href.
 */
const resolved = new Map<string, Map<string, Link>>();
let resolvedCount = 0;
const RESOLVED_LIMIT = 100_000;

function toEntry(page: IndexedPage, before: PageEntry | undefined, base: string): PageEntry {
  const { ids, hrefs, loads, parts } = collect(page, before);
  // A file on another site (or a data: URL) is not the site's to check.
  const internal = (urls: readonly string[]): Link[] => [...new Set(urls)].filter((url) => isHostless(url) || !EXTERNAL.test(url)).map((url) => isHostless(url) ? hostless(url, page.path) : resolve(url, page.path, base));
  return { path: page.path, source: page.source, ids, links: internal(hrefs), loads: internal(loads), parts };
}

/**
 * The page's ids and hrefs in document order. A page with its content cut in four (the document head,
 * whose asset URLs change with the client code; the layout before the content; the content; the layout
 * after it): an edit of the footer, the sidebar or one page leaves most parts as they were, and an
 * unchanged part's links are reused.
 */
function collect(page: IndexedPage, before: PageEntry | undefined): PageLinks & { parts?: Part[] } {
  if (page.links) return page.links;
  const at = page.body ? page.html.indexOf(page.body) : -1;
  if (!page.body || at < 0) return collectLinks(page.html);
  // The last <body> before the content is the element's: React escapes a "<" in the layout's text and attributes.
  const bodyTag = page.html.lastIndexOf('<body>', at);
  const layoutBefore = bodyTag > 0 ? [page.html.slice(0, bodyTag), page.html.slice(bodyTag, at)] : [page.html.slice(0, at)];
  const texts = [...layoutBefore, page.body, page.html.slice(at + page.body.length)];
  const parts = texts.map((html, i): Part => {
    const old = before?.parts?.[i];
    // The new text is kept (an old slice would keep the old page's whole HTML alive).
    return { html, links: old?.html === html ? old.links : collectLinks(html) };
  });
  return { ids: new Set(parts.flatMap((p) => [...p.links.ids])), hrefs: parts.flatMap((p) => p.links.hrefs), loads: parts.flatMap((p) => p.links.loads), parts };
}

function hostless(href: string, from: string): Link {
  return { href, rawPath: from, path: from, fragment: '', hostless: true };
}

function resolve(href: string, from: string, base: string): Link {
  // A bare #fragment stays on the page (page paths need no percent-encoding).
  if (href.startsWith('#')) return { href, rawPath: from, path: from, fragment: safeDecode(href.slice(1)) };
  const absolute = href.startsWith('/');
  const known = absolute ? resolved.get(base)?.get(href) : undefined;
  if (known) return known;
  // Hrefs carry the base; a relative one resolves against the page's URL under it.
  const url = new URL(href, `http://site${withBase(base, from)}`);
  const inside = stripBase(base, safeDecode(url.pathname));
  const rawPath = inside ?? safeDecode(url.pathname);
  // A static host serves a page at its path or path/index.html, never at path.html, nor with a "?" or
  // "#" that only decoding put in the path: such a link keeps its path whole, and so matches no page.
  const servedAsIs = /[?#]/.test(rawPath) || (rawPath.endsWith('.html') && !rawPath.endsWith('/index.html'));
  const link: Link = { href, rawPath, path: servedAsIs ? rawPath : normalizePath(rawPath), fragment: safeDecode(url.hash.slice(1)), ...(inside === undefined ? { outside: true } : {}) };
  if (absolute) {
    if (resolvedCount++ > RESOLVED_LIMIT) {
      resolved.clear();
      resolvedCount = 0;
    }
    let byHref = resolved.get(base);
    if (!byHref) resolved.set(base, (byHref = new Map()));
    byHref.set(href, link);
  }
  return link;
}

class Checker {
  private allPaths: string[] | undefined;

  constructor(
    private readonly pages: ReadonlyMap<string, PageEntry>,
    private readonly staticFiles: ReadonlySet<string>,
    private readonly locate: Locate,
    private readonly base: string,
  ) {}

  check(page: PageEntry): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const link of page.loads) {
      if (!link.outside && (this.staticFiles.has(link.rawPath) || this.pages.has(link.path))) continue;
      // A file the page loads is a static file (or an asset); the page would show it broken.
      const suggestion = link.outside ? undefined : closest(link.rawPath, [...this.staticFiles]);
      out.push(error('links', 'links/missing-file', `The page ${page.path} loads "${link.href}", which ${link.outside ? `leaves the base URL ${this.base} the site is served under` : 'is not a file of the site'}.`, {
        file: page.source,
        line: this.locate(page.source, link.href.startsWith('/') ? (stripBase(this.base, link.href) ?? link.href) : link.href),
        hint: suggestion ? `Add the file to content/static, or fix the path (did you mean "${suggestion}"?).` : 'Add the file to content/static, or fix the path.',
      }));
    }
    for (const link of page.links) {
      if (!link.outside && this.staticFiles.has(link.rawPath)) continue;
      const problem = this.problem(link, page.path);
      if (!problem) continue;
      out.push(error('links', problem.code, `The link "${link.href}" on ${page.path} ${problem.what}.`, {
        file: page.source,
        // Sources hold the href without the base.
        line: this.locate(page.source, link.href.startsWith('/') ? (stripBase(this.base, link.href) ?? link.href) : link.href),
        hint: problem.suggestion ? `Did you mean "${problem.suggestion}"?` : 'Fix the link or create its target.',
      }));
    }
    return out;
  }

  private problem(link: Link, from: string): { code: string; what: string; suggestion?: string } | undefined {
    const { path, fragment } = link;
    if (link.hostless) {
      const scheme = asRead(link.href).split(':', 1)[0]!;
      return { code: 'links/no-host', what: `has no "//" after "${scheme}:": a browser reads it as a path of this site, or its first part as a host; write a path (/docs/…) for a page of the site, or a whole URL (${scheme}://host/…)` };
    }
    if (link.outside) {
      const inside = withBase(this.base, path);
      return { code: 'links/outside-base', what: `leaves the base URL ${this.base} the site is served under`, suggestion: this.pages.has(path) ? inside + (fragment ? `#${fragment}` : '') : undefined };
    }
    const target = this.pages.get(path);
    if (!target) {
      this.allPaths ??= [...this.pages.keys()];
      return { code: 'links/missing-page', what: `points to ${path}, which is not a page of the site`, suggestion: suggestPage(path, this.allPaths) + (fragment ? `#${fragment}` : '') };
    }
    if (!fragment || target.ids.has(fragment)) return undefined;
    return {
      code: 'links/missing-anchor',
      what: `points to the anchor #${fragment}, which no element on ${path === from ? 'this page' : path} has`,
      suggestion: suggestId(fragment, target.ids, path === from ? '' : path),
    };
  }
}

/** The closest id to suggest for a broken anchor: never one of the layout's own (`__pkidocs…`), which no link should target. */
function suggestId(fragment: string, ids: ReadonlySet<string>, path: string): string | undefined {
  const own = [...ids].filter((id) => !id.startsWith(RESERVED_ID_PREFIX));
  return own.length ? `${path}#${closest(fragment, own)}` : undefined;
}

/** Line of the Markdown (or page module) source that holds a broken link; read afresh, as in watch mode the file has just changed. */
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
