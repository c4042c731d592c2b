// Gives the URLs of rendered content HTML (Markdown, API pages, page modules)
// the site's base URL: `href="/docs/x"` → `href="/PKI.js/docs/x"`. One
// streaming pass over the real attributes (htmlparser2), so text that only
// looks like an attribute (a code sample showing `<a href="/x">`) is left
// alone. The layout templates prefix their own links (templates/layout/base-url.ts).
import { Parser } from 'htmlparser2';
import { withBase } from '../shared/base-url.ts';

/** Attributes that hold one URL. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'data', 'xlink:href']);

const escapeAttribute = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Each candidate of a srcset (`/a.png 1x, /b.png 2x`) with the base. */
function srcsetWithBase(base: string, value: string): string {
  return value.split(',').map((candidate) => candidate.replace(/^(\s*)(\S+)/, (_, space: string, url: string) => space + withBase(base, url))).join(',');
}

export function htmlWithBase(html: string, base: string): string {
  if (base === '/') return html;
  const edits: { start: number; end: number; text: string }[] = [];
  const parser = new Parser(
    {
      onattribute(name, value) {
        const next = URL_ATTRIBUTES.has(name) ? withBase(base, value) : name === 'srcset' ? srcsetWithBase(base, value) : value;
        if (next !== value) edits.push({ start: parser.startIndex, end: parser.endIndex, text: `${name}="${escapeAttribute(next)}"` });
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}
