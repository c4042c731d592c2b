// Stage 5: resolves every internal href and #fragment of every page against
// the pages written and the ids on them. Every broken link is reported (with
// a "did you mean"), then the build fails once. The checking itself is the
// link index's, which watch mode keeps up to date edit by edit.
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { LinkIndex, type CheckedPage, type Locate } from './link-index.ts';

export type { CheckedPage } from './link-index.ts';

export interface LinkReport {
  diagnostics: Diagnostic[];
  pagesChecked: number;
  linksChecked: number;
}

/** `base`: the base URL the pages' hrefs carry (static files and page paths are without it). */
export async function checkLinks(pages: readonly CheckedPage[], staticFiles: ReadonlySet<string>, locate?: Locate, base = '/'): Promise<LinkReport> {
  const index = await LinkIndex.empty(locate, base).update(pages, [], staticFiles);
  return { diagnostics: index.diagnostics, pagesChecked: index.checked.pages, linksChecked: index.checked.links };
}
