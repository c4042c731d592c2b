// Markdown may hold raw HTML, but not HTML that runs code: a <script>, an
// inline event handler (any on*= attribute), or a javascript:, vbscript: or
// data:text/html URL, in raw HTML or in a Markdown link or image. Such a page
// is a content error at its file and line. Raw HTML is read with htmlparser2,
// which decodes entities as a browser does (`java&#x09;script:`), and URLs are
// compared after the browser's own clean-up (tabs, newlines, leading spaces and
// case ignored). Ids the layout owns (src/shared/reserved-ids.ts) are refused
// in raw HTML too: a second id="__pkidocs" would break hydration.
import { Parser } from 'htmlparser2';
import type { Definition, Html, Image, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { error } from '../../diagnostics/diagnostic.ts';
import { isReservedId } from '../../shared/reserved-ids.ts';

/** Attributes whose value is a URL the browser may load or navigate to. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'cite', 'longdesc', 'codebase', 'ping', 'lowsrc', 'dynsrc']);
/** SVG animations can set an href to their to/from/values. */
const ANIMATION = new Set(['animate', 'set', 'animatetransform', 'animatemotion']);
const ANIMATION_VALUES = new Set(['to', 'from', 'values', 'by']);

/** The scheme of a URL as a browser reads it, if it is one that runs code. */
export function dangerousScheme(url: string): string | undefined {
  // Browsers drop tabs and newlines anywhere and control characters/spaces at the ends.
  const clean = [...url].filter((c) => c.charCodeAt(0) > 0x20 && !(c >= '\u007f' && c <= '\u009f')).join('').toLowerCase();
  const m = /^([a-z][a-z0-9+.-]*):/.exec(clean);
  if (!m) return undefined;
  if (m[1] === 'javascript' || m[1] === 'vbscript') return `${m[1]}:`;
  const data = /^data:(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)/.exec(clean);
  if (m[1] === 'data' && data) return `data:${data[1]}`;
  return undefined;
}

export interface HtmlProblem {
  /** 0-based line within the HTML snippet. */
  line: number;
  message: string;
}

/** What in this HTML would run code (or take a layout id), each with its line. */
export function unsafeHtml(html: string): HtmlProblem[] {
  const problems: HtmlProblem[] = [];
  const lineAt = (index: number): number => html.slice(0, index).split('\n').length - 1;
  const parser = new Parser({
    onopentag(name, attributes) {
      const line = lineAt(parser.startIndex);
      if (name === 'script') problems.push({ line, message: 'a <script> element' });
      for (const [attr, value] of Object.entries(attributes)) {
        if (attr.startsWith('on')) problems.push({ line, message: `an inline event handler (${attr}=) on <${name}>` });
        else if (attr === 'srcdoc') problems.push({ line, message: `an HTML document in the srcdoc attribute of <${name}>` });
        else if (attr === 'id' && isReservedId(value)) problems.push({ line, message: `the id "${value}", which the page layout uses` });
        else if (URL_ATTRIBUTES.has(attr) || (ANIMATION.has(name) && ANIMATION_VALUES.has(attr))) {
          const scheme = firstDangerous(attr, value);
          if (scheme) problems.push({ line, message: `a ${scheme} URL in the ${attr} attribute of <${name}>` });
        }
        if (name === 'meta' && attr === 'content' && /refresh/i.test(attributes['http-equiv'] ?? '')) {
          const scheme = dangerousScheme(value.replace(/^[^,;]*[;,]\s*(url\s*=\s*)?['"]?/i, ''));
          if (scheme) problems.push({ line, message: `a ${scheme} URL in a <meta http-equiv="refresh">` });
        }
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(html);
  return problems;
}

function firstDangerous(attr: string, value: string): string | undefined {
  if (attr === 'ping' || attr === 'values') return value.split(/[\s;]+/).map(dangerousScheme).find(Boolean);
  return dangerousScheme(value);
}

export default function remarkSafeHtml() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.doc;
    if (!ctx) return;
    const report = (line: number, what: string, column?: number) => {
      ctx.report(error('content', 'content/unsafe-html', `The page contains ${what}. Pages may not run code: it would run on a full page load but not after client-side navigation, and content must not be able to inject script.`, {
        file: ctx.source, line: line + ctx.lineOffset, column,
        hint: 'Remove it. Interactive behaviour belongs in client/ (see client/README.md), not in Markdown.',
      }));
    };
    visit(tree, (node) => {
      if (node.type === 'html') {
        const html = node as Html;
        const start = html.position?.start.line ?? 1;
        for (const p of unsafeHtml(html.value)) report(start + p.line, p.message);
      } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        const target = node as Link | Image | Definition;
        const scheme = dangerousScheme(target.url);
        const kind = node.type === 'image' ? 'an image' : 'a link';
        if (scheme) report(target.position?.start.line ?? 1, `${kind} to a ${scheme} URL`, target.position?.start.column);
      }
    });
  };
}
