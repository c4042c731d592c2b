// Markdown may hold raw HTML, but only the HTML of the allow-list
// (src/shared/safe-html-schema.ts): nothing that runs code or styles the page.
// The raw HTML is parsed as a browser parses it, then every element and
// attribute the allow-list refuses is reported at its file line, Markdown
// links and images included (a link is an <a href> by now), and the tree is
// cleaned. Text people wrote for this site (pages, site notes) is refused:
// the build fails, naming the line. Text the package brings (its README)
// is only cleaned, with a warning: it is not the site's to fix.
// Trees rendered without a page (API doc comments) keep their problems in
// file.data.refusedMarkup for the caller to report.
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.ts';
import { parseRawHtml, refusedMarkup, sanitizeTree, type MarkupProblem } from '../../shared/safe-html.ts';
import type { DocContext } from './context.ts';
import { rewriteReadmeUrls } from './readme-links.ts';

export default function rehypeSafeHtml() {
  return (tree: Root, file: VFile): Root => {
    const parsed = parseRawHtml(tree, file);
    const ctx = file.data.doc;
    // The README's relative URLs become the repository's before the check (they are then http(s), which the allow-list takes).
    if (ctx?.readme) rewriteReadmeUrls(parsed, ctx, ctx.readme.link);
    const problems = refusedMarkup(parsed);
    if (ctx) for (const p of problems) ctx.report(markupDiagnostic(ctx, p));
    else file.data.refusedMarkup = problems;
    return sanitizeTree(parsed);
  };
}

function markupDiagnostic(ctx: DocContext, p: MarkupProblem): Diagnostic {
  const at = { file: ctx.source, line: (p.line ?? 1) + ctx.lineOffset, column: p.column };
  if (ctx.markup === 'strip') {
    return { ...error('content', 'content/unsafe-html', `The package's text contains ${p.what}. It was removed from the page: pages may hold only the HTML of the allow-list.`, at), severity: 'warning' };
  }
  return error('content', 'content/unsafe-html', `The page contains ${p.what}. Pages may hold only the HTML of the allow-list (no script, event handlers, styles, SVG or MathML, and links only to http(s), mailto or relative URLs): content must not be able to inject script.`, {
    ...at,
    hint: 'Remove it, or write it in Markdown. The allowed elements and attributes are in src/shared/safe-html-schema.ts; interactive behaviour belongs in client/ (see client/README.md).',
  });
}

declare module 'vfile' {
  interface DataMap {
    refusedMarkup: MarkupProblem[];
  }
}
