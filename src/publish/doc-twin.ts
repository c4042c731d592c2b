// Markdown twins of pages that are not API items: a docs page is its own
// Markdown (front matter turned into a title and summary, code includes
// filled in, so the twin holds the code the page shows); a page module, such
// as the home page, is its rendered HTML read back as simple Markdown.
import { dirname, resolve } from 'node:path';
import { Parser } from 'htmlparser2';
import type { DocSource } from '../content/docs.ts';
import { extractRegion } from '../content/plugins/remark-include.ts';
import { readContentFile, realpathOrUndefined } from '../content/read-file.ts';

/** A ```table fence (content/plugins/remark-table.ts): the rendered table takes its place. */
const TABLE_FENCE = /^([ \t]*)(`{3,}|~{3,})table\b[^\n]*\n[\s\S]*?\n[ \t]*\2[ \t]*$/gm;

const INCLUDE_FENCE = /^([ \t]*)(`{3,}|~{3,})([^\n]*?)\binclude=(\S+)([^\n]*)\n[ \t]*\2[ \t]*$/gm;

/** `tables`: the page's generated tables as Markdown, in page order (html-tables.ts). */
export function docTwin(doc: DocSource, contentDir: string, maxBytes: number, tables: readonly string[] = []): string {
  const boundary = realpathOrUndefined(contentDir) ?? contentDir;
  let table = 0;
  // The render stage has already checked every include (inside the content folder, present, regions found).
  const body = doc.body.replace(INCLUDE_FENCE, (whole, indent: string, fence: string, before: string, target: string, after: string) => {
    const [file = '', region] = target.split('#');
    const read = readContentFile(resolve(dirname(doc.file), file), { boundary, boundaryName: 'the content folder', maxBytes });
    const code = read.problem ? undefined : extractRegion(read.text, region);
    if (code === undefined) return whole;
    const info = `${before}${after}`.replace(/\s+/g, ' ').trim();
    return `${indent}${fence}${info}\n${code.replace(/\n+$/, '')}\n${indent}${fence}`;
  }).replace(TABLE_FENCE, (whole) => tables[table++] ?? whole);
  return `${[`# ${doc.data.title}`, doc.data.description ? `> ${doc.data.description}` : '', body.trim()].filter(Boolean).join('\n\n')}\n`;
}

const BLOCKS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'pre', 'div', 'section', 'article', 'tr']);

/** Rendered content HTML → Markdown text: headings, paragraphs, list items and links (enough for a page module's prose). */
export function htmlTwin(title: string, description: string | undefined, html: string, link: (href: string) => string): string {
  const blocks: string[] = [];
  let text = '';
  let prefix = '';
  let href: string | undefined;
  let linkText = '';
  const flush = (): void => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (t) blocks.push(prefix + t);
    text = '';
    prefix = '';
  };
  const parser = new Parser({
    onopentag(name, attrs) {
      if (href !== undefined) linkText += ' '; // a card's parts are separate words
      else if (BLOCKS.has(name)) flush();
      if (/^h[1-4]$/.test(name)) prefix = `${'#'.repeat(Math.max(2, Number(name[1])))} `;
      if (name === 'li') prefix = '- ';
      if (name === 'a' && attrs.href && !attrs.href.startsWith('#')) {
        href = attrs.href;
        linkText = '';
      }
    },
    ontext(t) {
      if (href !== undefined) linkText += t;
      else text += t;
    },
    onclosetag(name) {
      if (name === 'a' && href !== undefined) {
        const label = linkText.replace(/\s+/g, ' ').trim();
        text += label ? `[${label}](${link(href)})` : '';
        href = undefined;
      }
      if (href === undefined && BLOCKS.has(name)) flush();
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  flush();
  const body = blocks.filter((b) => b !== `# ${title}` && b !== `## ${title}`);
  return `${[`# ${title}`, description ? `> ${description}` : '', ...body].filter(Boolean).join('\n\n')}\n`;
}
