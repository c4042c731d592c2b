// A rendered page body → its search rows: the text before the first h2 (under
// the page itself), then one row per h2/h3 of the table of contents with the
// text up to the next one. Code blocks are left out (their identifiers are
// found as API symbols, and they would double the index), and so are section
// cards (the pages they lead to are indexed themselves), and so are generated
// tables (rows of codes and OIDs are data: the OIDs alone would add a fifth to
// the index). A section's text is cut to its first MAX_SECTION_TEXT characters:
// its heading and opening say what it is about, and the index must stay within
// the first-query budget (test/e2e/search.test.ts).
import { Parser } from 'htmlparser2';
import { GENERATED_TABLE_CLASS } from '../content/plugins/remark-table.ts';
import type { TocEntry } from '../shared/page.ts';
import type { SectionRow } from '../shared/search-index.ts';

const SKIPPED = new Set(['pre', 'script', 'style', 'svg', 'h1', 'template', 'button']);
export const MAX_SECTION_TEXT = 400;

const BLOCKS = new Set(['p', 'li', 'td', 'th', 'dt', 'dd', 'blockquote', 'div', 'section', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'br', 'figcaption']);

export function pageSections(html: string, toc: readonly TocEntry[]): SectionRow[] {
  const headings = new Map(toc.map((t) => [t.id, t]));
  const sections: { anchor: string; heading: string; text: string[] }[] = [{ anchor: '', heading: '', text: [] }];
  let skipping = 0;
  let inHeading = 0;
  const stack: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        stack.push(name);
        // Section cards repeat the descriptions of the pages they lead to, which are indexed there.
        const generated = name === 'table' && (attrs.class ?? '').split(/\s+/).includes(GENERATED_TABLE_CLASS);
        if (skipping || SKIPPED.has(name) || (name === 'section' && attrs.class === 'cards') || generated) {
          skipping++;
          return;
        }
        const entry = /^h[23]$/.test(name) && attrs.id ? headings.get(attrs.id) : undefined;
        if (entry) {
          sections.push({ anchor: entry.id, heading: entry.text, text: [] });
          inHeading = stack.length;
        } else if (BLOCKS.has(name)) {
          sections.at(-1)!.text.push(' ');
        }
      },
      ontext(text) {
        if (!skipping && !inHeading) sections.at(-1)!.text.push(text);
      },
      onclosetag(name) {
        if (skipping) skipping--;
        else if (BLOCKS.has(name)) sections.at(-1)!.text.push(' ');
        if (inHeading === stack.length) inHeading = 0;
        stack.pop();
      },
    },
    { decodeEntities: true },
  );
  // Highlighted code is most of an example's HTML: cut it before parsing rather than skip it token by token.
  parser.write(html.replace(/<pre\b[\s\S]*?<\/pre>/g, ''));
  parser.end();
  return sections
    .map((s): SectionRow => [s.anchor, s.heading, cut(s.text.join('').replace(/\s+/g, ' ').trim())])
    .filter(([anchor, , text], i) => anchor || text || i === 0);
}

/** The first MAX_SECTION_TEXT characters, ending at a word boundary. */
function cut(text: string): string {
  if (text.length <= MAX_SECTION_TEXT) return text;
  const head = text.slice(0, MAX_SECTION_TEXT);
  const space = head.lastIndexOf(' ');
  return space > MAX_SECTION_TEXT / 2 ? head.slice(0, space) : head;
}
