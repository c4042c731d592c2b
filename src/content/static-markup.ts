// Static HTML and SVG files are content, yet a browser runs the script in
// them at the site's origin: content/static/evil.svg with a <script> set the
// page title in Chromium. The site publishes no script but its own bundle, so
// such a file fails the build, naming its first active element or attribute.
// Both are parsed as a browser parses HTML (parse5), as a tree:
// - an HTML page: its <body> must pass the allow-list of the site's own pages
//   (safe-html.ts, the same function), its skeleton (<html>, <head>, <title>,
//   <meta> without http-equiv) nothing more;
// - an SVG image: a tight allow-list of shapes, text, gradients and their
//   presentation attributes (no <script>, <style>, <foreignObject>, <a>,
//   animation, event handler or link out). A browser reads an .svg file as
//   XML, where a DOCTYPE can declare entities that expand to markup the HTML
//   parser never sees, and <?xml-stylesheet?> can run XSLT: both are refused.
import { fromParse5 } from 'hast-util-from-parse5';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { parse } from 'parse5';
import { VFile } from 'vfile';
import { refusedMarkup, type MarkupProblem } from '../shared/safe-html.ts';
import { svgAttributeProblem, SVG_ELEMENTS } from './svg-allow-list.ts';

/** The file types a browser runs script in and that are checked; other static files are copied as they are. */
export const isActiveMarkupFile = (path: string): boolean => /\.(?:html?|svg)$/i.test(path);

/** XML documents a browser renders with script (XHTML, XSLT, compressed SVG, server-side includes): not checked, refused. */
export const isRefusedMarkupFile = (path: string): boolean => /\.(?:xhtml?|xht|xml|xsl|xslt|svgz|shtml|mht|mhtml)$/i.test(path);

/** The first thing in the file that could run script or that the allow-list refuses, if any. */
export function activeMarkup(path: string, text: string): MarkupProblem | undefined {
  // A whole document parses to a root.
  const tree = fromParse5(parse(text, { sourceCodeLocationInfo: true }), { file: new VFile({ value: text, path }) }) as Root;
  return /\.svg$/i.test(path) ? svgProblem(tree) : htmlProblem(tree);
}

const at = (node: RootContent | ElementContent): Pick<MarkupProblem, 'line' | 'column'> => ({ line: node.position?.start.line, column: node.position?.start.column });
const elements = (nodes: readonly RootContent[]): Element[] => nodes.filter((n): n is Element => n.type === 'element');
const childElement = (node: { children: readonly RootContent[] } | undefined, name: string): Element | undefined => elements(node?.children ?? []).find((e) => e.tagName === name);

function htmlProblem(tree: Root): MarkupProblem | undefined {
  const html = childElement(tree, 'html');
  const head = childElement(html, 'head');
  const body = childElement(html, 'body');
  for (const [element, allowed] of [[html, ['lang', 'dir']], [head, []], [body, []]] as const) {
    const extra = Object.keys(element?.properties ?? {}).find((key) => !(allowed as readonly string[]).includes(key));
    if (element && extra) return { ...at(element), what: attributeWhat(extra, element.tagName) };
  }
  for (const node of elements(head?.children ?? [])) {
    const problem = headProblem(node);
    if (problem) return problem;
  }
  return refusedMarkup({ type: 'root', children: body?.children ?? [] })[0];
}

/** The head may hold a title and meta data; a <meta http-equiv="refresh"> can redirect to a javascript: URL. */
function headProblem(node: Element): MarkupProblem | undefined {
  if (node.tagName === 'title') return undefined;
  const extra = Object.keys(node.properties).find((key) => !['charSet', 'name', 'content'].includes(key));
  // The page is checked as UTF-8; another charset (ISO-2022-JP's escapes) would make the browser read other markup.
  const charset = node.properties.charSet;
  if (node.tagName === 'meta' && charset !== undefined && String(charset).trim().toLowerCase() !== 'utf-8') {
    return { ...at(node), what: `<meta charset="${String(charset)}">: the file is checked as UTF-8 and must declare no other encoding` };
  }
  if (node.tagName === 'meta' && !extra) return undefined;
  if (node.tagName === 'meta') return { ...at(node), what: attributeWhat(extra!, 'meta') };
  return { ...at(node), what: node.tagName === 'script' ? 'a <script> element' : `a <${node.tagName}> element in <head>, which is not on the list of allowed HTML` };
}

/** A refused attribute of the page's skeleton, by its HTML name (hast's onLoad is onload=, httpEquiv is http-equiv=). */
function attributeWhat(key: string, tagName: string): string {
  const name = key === 'httpEquiv' ? 'http-equiv' : key.toLowerCase();
  return name.startsWith('on') ? `an inline event handler (${name}=) on <${tagName}>` : `the attribute ${name}= on <${tagName}>, which is not on the list of allowed HTML`;
}

function svgProblem(tree: Root): MarkupProblem | undefined {
  for (const node of tree.children) {
    if (node.type === 'doctype') return { ...at(node), what: 'a DOCTYPE, which in an SVG file can declare entities that expand to markup' };
    // The parser reads <?…?> as a comment: only the XML declaration itself is allowed.
    if (node.type === 'comment' && node.value.startsWith('?') && !(node === tree.children[0] && /^\?xml\s[^?]*\?$/.test(node.value))) {
      return { ...at(node), what: 'a processing instruction other than <?xml …?> (such as <?xml-stylesheet?>, which can run XSLT)' };
    }
  }
  const body = childElement(childElement(tree, 'html'), 'body');
  const top = (body?.children ?? []).filter((n) => n.type === 'element' || (n.type === 'text' && n.value.trim()));
  const svg = top[0];
  if (top.length !== 1 || svg?.type !== 'element' || svg.tagName !== 'svg') {
    const first = top.find((n) => n.type !== 'element' || n.tagName !== 'svg') ?? top[1];
    return first ? { ...at(first), what: 'content beside the one <svg> element the file must hold' } : { what: 'no <svg> element' };
  }
  return svgElementProblem(svg);
}

function svgElementProblem(node: Element): MarkupProblem | undefined {
  if (!SVG_ELEMENTS.has(node.tagName)) {
    return { ...at(node), what: node.tagName === 'script' ? 'a <script> element' : `a <${node.tagName}> element, which is not on the list of allowed SVG` };
  }
  for (const [key, value] of Object.entries(node.properties)) {
    const what = svgAttributeProblem(node.tagName, key, value);
    if (what) return { ...at(node), what };
  }
  for (const child of node.children) {
    const problem = child.type === 'element' ? svgElementProblem(child) : undefined;
    if (problem) return problem;
  }
  return undefined;
}
