// A rendered page body → its search rows: the text before the first h2 (under
// the page itself), then one row per h2/h3 of the table of contents with the
// text up to the next one. All of a section's prose is indexed, generated
// tables included (a SignedData verify code is found by its message), in the
// compact form of section-text.ts; code blocks give only the names they call.
// A section that shows rather than tells (a program's output, a whole listing)
// is marked, so search ranks the prose that answers below it.
// Section cards are left out: the pages they lead to are indexed themselves.
import { Parser } from 'htmlparser2';
import type { TocEntry } from '../shared/page.ts';
import type { SectionRow } from '../shared/search-index.ts';
import { calledNames, compactText } from './section-text.ts';
import { stripTags } from '../shared/linear-text.ts';
import { MAX_PAGE_SECTIONS } from '../shared/search-words.ts';

const SKIPPED = new Set(['script', 'style', 'svg', 'h1', 'template', 'button']);
/** The stand-in for a code block: its called names, as the text of an element of its own. */
const CODE_TAG = 'x-called';

const BLOCKS = new Set(['p', 'li', 'td', 'th', 'dt', 'dd', 'blockquote', 'div', 'section', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'br', 'figcaption']);

interface Section {
  anchor: string;
  heading: string;
  text: string[];
  code: string[];
  /** The language of each of its code blocks. */
  langs: string[];
}

/** Code blocks that show what a program printed, and shell commands that go with them. */
const OUTPUT_LANGS = new Set(['text', 'txt', 'plaintext', 'console', 'output']);
const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'shellsession']);

/**
 * The section shows rather than tells: a listing without prose, or prose
 * around output only (an output block, perhaps with the command that made it).
 */
function showsOnly(s: Section): boolean {
  if (!s.langs.length) return false;
  if (!s.text.join('').trim()) return true;
  return s.langs.some((l) => OUTPUT_LANGS.has(l)) && s.langs.every((l) => OUTPUT_LANGS.has(l) || SHELL_LANGS.has(l));
}

/** `apiNames`: the called names to keep (all when not given). */
export function pageSections(html: string, toc: readonly TocEntry[], apiNames?: ReadonlySet<string>): SectionRow[] {
  const headings = new Map(toc.map((t) => [t.id, t]));
  const sections: Section[] = [{ anchor: '', heading: '', text: [], code: [], langs: [] }];
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
          sections.push({ anchor: entry.id, heading: entry.text, text: [], code: [], langs: [] });
          inHeading = stack.length;
        } else if (name === CODE_TAG) {
          inCode = true;
          sections.at(-1)!.langs.push(attrs['data-lang'] ?? '');
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
  // The language is the wrapper's (rehype-shiki's `data-lang`), kept on the stand-in.
  const blocks = /(<div class="code-block" data-lang="([^"]*)">)?<pre\b[\s\S]*?<\/pre>/g;
  parser.write(html.replace(blocks, (pre, open: string | undefined, lang: string | undefined) => {
    const called = calledNames(decode(stripTags(pre))).join(' ');
    return `${open ?? ''}<${CODE_TAG} data-lang="${lang ?? ''}">${called} </${CODE_TAG}>`;
  }));
  parser.end();
  // Past the cap, a section's words are found under the last section kept (the build warned, naming the file).
  const kept = sections.slice(0, MAX_PAGE_SECTIONS + 1);
  const last = kept.at(-1)!;
  for (const s of sections.slice(MAX_PAGE_SECTIONS + 1)) {
    last.text.push(' ', s.heading, ' ', ...s.text);
    last.code.push(' ', ...s.code);
    last.langs.push(...s.langs);
  }
  return kept
    .map((s) => row(s, apiNames))
    .filter(([anchor, , text], i) => anchor || text || i === 0);
}

function row(s: Section, apiNames: ReadonlySet<string> | undefined): SectionRow {
  const [head, more] = compactText(s.text.join('').replace(/\s+/g, ' ').trim(), s.heading);
  const words = new Set(`${head} ${more}`.toLowerCase().split(' '));
  // A name the prose already holds is found there, with more weight.
  const code = [...new Set(s.code.join(' ').split(/\s+/).filter((n) => n && !words.has(n.toLowerCase()) && (!apiNames || apiNames.has(n))))].join(' ');
  // Its output's words answer nobody's question and cost the first-query budget: only its opening is kept.
  if (showsOnly(s)) return [s.anchor, s.heading, head, '', '', 1];
  if (code) return [s.anchor, s.heading, head, more, code];
  return more ? [s.anchor, s.heading, head, more] : [s.anchor, s.heading, head];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]!);
}
