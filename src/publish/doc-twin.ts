// Markdown twins of pages that are not API items: a docs page is its own
// Markdown (front matter turned into a title and summary, code includes
// filled in, so the twin holds the code the page shows); a page module, such
// as the home page, is its rendered HTML read back as simple Markdown.
import { dirname, resolve } from 'node:path';
import { Parser } from 'htmlparser2';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { DocSource } from '../content/docs.ts';
import { extractRegion } from '../content/plugins/remark-include.ts';
import { readContentFile, realpathOrUndefined } from '../content/read-file.ts';
import { oneOf, runStart, trimRun } from '../shared/linear-text.ts';
import { rewriteLinks } from './markdown-links.ts';

/**
 * `tables`: the page's generated tables as Markdown, in page order (html-tables.ts).
 * `sitePath`: on a page a docs version shares, where its site links (`/docs/…`, or
 * absolute on `origin`) lead, as on its HTML page (routes/version-links.ts).
 */
export function docTwin(doc: DocSource, contentDir: string, maxBytes: number, tables: readonly string[] = [], shared?: { sitePath: (path: string) => string; origin?: string }): string {
  const boundary = realpathOrUndefined(contentDir) ?? contentDir;
  let table = 0;
  // The fences are found as the render stage found them, by parsing the page (linear, and a fence
  // shown inside another fence is code, not a fence), and replaced from the last one back.
  const edits: { start: number; end: number; text: string }[] = [];
  const body = doc.body;
  const tree = body.includes('include=') || body.includes('table') ? PARSER.parse(body) : undefined;
  if (tree) visit(tree, 'code', (node) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.lang === 'table') {
      const markdown = tables[table++];
      if (markdown !== undefined) edits.push({ start, end, text: markdown });
      return;
    }
    // The render stage has already checked every include (inside the content folder, present, regions found).
    const m = /(?:^|\s)include=(\S+)/.exec(node.meta ?? '');
    if (!m) return;
    const [file = '', region] = m[1]!.split('#');
    const read = readContentFile(resolve(dirname(doc.file), file), { boundary, boundaryName: 'the content folder', maxBytes });
    const code = read.problem ? undefined : extractRegion(read.text, region);
    if (code === undefined) return;
    const fence = /^(`{3,}|~{3,})/.exec(body.slice(start, start + 64))?.[1] ?? '```';
    const line = body.slice(body.lastIndexOf('\n', start - 1) + 1, start);
    const indent = line.slice(runStart(line, oneOf(' \t')));
    const info = [node.lang, (node.meta ?? '').replace(m[0], '')].join(' ').replace(/\s+/g, ' ').trim();
    edits.push({ start, end, text: `${fence}${info}\n${trimRun(code, oneOf('\n'))}\n${indent}${fence}` });
  });
  let out = body;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  if (shared) out = rewriteLinks(out, (url) => sharedLink(url, shared), true);
  return `${[`# ${doc.data.title}`, doc.data.description ? `> ${doc.data.description}` : '', out.trim()].filter(Boolean).join('\n\n')}\n`;
}

const PARSER = unified().use(remarkParse);

/** A site link (root-relative, or absolute on the origin) of a shared page, led to the version's copy; undefined: kept. */
function sharedLink(url: string, shared: { sitePath: (path: string) => string; origin?: string }): string | undefined {
  const onOrigin = shared.origin !== undefined && url.startsWith(`${shared.origin}/`);
  const path = onOrigin ? url.slice(shared.origin!.length) : url;
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  const mapped = shared.sitePath(path);
  return mapped === path ? undefined : onOrigin ? `${shared.origin}${mapped}` : mapped;
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
