// Stage 5: resolves every internal href and #fragment of every page against
// the pages written and the ids on them. Every broken link is reported (with
// a "did you mean"), then the build fails once.
import { closest } from 'fastest-levenshtein';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { normalizePath } from '../shared/paths.ts';
import { collectLinks, type PageLinks } from './collect.ts';

export interface CheckedPage {
  path: string;
  html: string;
  /** Source file the page was rendered from. */
  source: string;
}

export interface LinkReport {
  diagnostics: Diagnostic[];
  pagesChecked: number;
  linksChecked: number;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function checkLinks(pages: readonly CheckedPage[], staticFiles: ReadonlySet<string>, locate?: (source: string, href: string) => number | undefined): LinkReport {
  const byPath = new Map<string, PageLinks>();
  for (const p of pages) byPath.set(p.path, collectLinks(p.html));
  const allPaths = [...byPath.keys()];
  const diagnostics: Diagnostic[] = [];
  let linksChecked = 0;
  for (const page of pages) {
    const links = byPath.get(page.path)!;
    for (const href of new Set(links.hrefs)) {
      if (EXTERNAL.test(href)) continue;
      linksChecked++;
      const problem = checkHref(href, page.path, byPath, staticFiles, allPaths);
      if (!problem) continue;
      diagnostics.push(error('links', problem.code, `The link "${href}" on ${page.path} ${problem.what}.`, {
        file: page.source,
        line: locate?.(page.source, href),
        hint: problem.suggestion ? `Did you mean "${problem.suggestion}"?` : 'Fix the link or create its target.',
      }));
    }
  }
  return { diagnostics, pagesChecked: pages.length, linksChecked };
}

interface Problem {
  code: string;
  what: string;
  suggestion?: string;
}

function checkHref(href: string, from: string, byPath: Map<string, PageLinks>, staticFiles: ReadonlySet<string>, allPaths: string[]): Problem | undefined {
  const url = new URL(href, `http://site${from}`);
  const fragment = decodeURIComponent(url.hash.slice(1));
  const rawPath = decodeURIComponent(url.pathname);
  if (staticFiles.has(rawPath)) return undefined;
  const path = normalizePath(rawPath);
  const target = byPath.get(path);
  if (!target) {
    return { code: 'links/missing-page', what: `points to ${path}, which is not a page of the site`, suggestion: closest(path, allPaths) + (fragment ? `#${fragment}` : '') };
  }
  if (!fragment || target.ids.has(fragment)) return undefined;
  const where = path === from ? 'this page' : path;
  return {
    code: 'links/missing-anchor',
    what: `points to the anchor #${fragment}, which no element on ${where} has`,
    suggestion: target.ids.size ? `${path === from ? '' : path}#${closest(fragment, [...target.ids])}` : undefined,
  };
}
