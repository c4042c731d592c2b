// A rendered page body → its search rows: the text before the first h2 (under
// the page itself), then one row per h2/h3 of the table of contents with the
// text up to the next one. All of a section's prose is indexed, generated
// tables included (a SignedData verify code is found by its message), in the
// compact form of section-text.ts; code blocks give only the names they call.
// Section cards are left out: the pages they lead to are indexed themselves.
import { Parser } from 'htmlparser2';
import type { TocEntry } from '../shared/page.ts';
import type { SectionRow } from '../shared/search-index.ts';
import { calledNames, compactText } from './section-text.ts';

const SKIPPED = new Set(['script', 'style', 'svg', 'h1', 'template', 'button']);
/** The stand-in for a code block: its called names, as the text of an element of its own. */
const CODE_TAG = 'x-called';

const BLOCKS = new Set(['p', 'li', 'td', 'th', 'dt', 'dd', 'blockquote', 'div', 'section', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'br', 'figcaption']);

interface Section {
  anchor: string;
  heading: string;
  text: string[];
  code: string[];
}

/** `apiNames`: the called names to keep (all when not given). */
export function pageSections(html: string, toc: readonly TocEntry[], apiNames?: ReadonlySet<string>): SectionRow[] {
  const headings = new Map(toc.map((t) => [t.id, t]));
  const sections: Section[] = [{ anchor: '', heading: '', text: [], code: [] }];
  let skipping = 0;
  let inHeading = 0;
  let inCode = false;
  const stack: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        stack.push(name);
        if (skipping || SKIPPED.has(name) || (name === 'section' && attrs.class === 'cards')) {
          skipping++;
          return;
        }
        const entry = /^h[23]$/.test(name) && attrs.id ? headings.get(attrs.id) : undefined;
        if (entry) {
          sections.push({ anchor: entry.id, heading: entry.text, text: [], code: [] });
          inHeading = stack.length;
        } else if (name === CODE_TAG) {
          inCode = true;
        } else if (BLOCKS.has(name)) {
          sections.at(-1)!.text.push(' ');
        }
      },
      ontext(text) {
        if (skipping || inHeading) return;
        if (inCode) sections.at(-1)!.code.push(text);
        else sections.at(-1)!.text.push(text);
      },
      onclosetag(name) {
        if (skipping) skipping--;
        else if (name === CODE_TAG) inCode = false;
        else if (BLOCKS.has(name)) sections.at(-1)!.text.push(' ');
        if (inHeading === stack.length) inHeading = 0;
        stack.pop();
      },
    },
    { decodeEntities: true },
  );
  // Highlighted code is most of an example's HTML: reduce each block to its called names before parsing.
  parser.write(html.replace(/<pre\b[\s\S]*?<\/pre>/g, (pre) => `<${CODE_TAG}>${calledNames(decode(pre.replace(/<[^>]+>/g, ''))).join(' ')} </${CODE_TAG}>`));
  parser.end();
  return sections
    .map((s) => row(s, apiNames))
    .filter(([anchor, , text], i) => anchor || text || i === 0);
}

function row(s: Section, apiNames: ReadonlySet<string> | undefined): SectionRow {
  const [head, more] = compactText(s.text.join('').replace(/\s+/g, ' ').trim(), s.heading);
  const words = new Set(`${head} ${more}`.toLowerCase().split(' '));
  // A name the prose already holds is found there, with more weight.
  const code = [...new Set(s.code.join(' ').split(/\s+/).filter((n) => n && !words.has(n.toLowerCase()) && (!apiNames || apiNames.has(n))))].join(' ');
  if (code) return [s.anchor, s.heading, head, more, code];
  return more ? [s.anchor, s.heading, head, more] : [s.anchor, s.heading, head];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]!);
}
