// Static files are content, yet a browser runs the script of a markup document
// at the site's origin: content/static/evil.svg with a <script> set the page
// title in Chromium. The site publishes no script but its own bundle, so:
// - what a file is, is decided as a static host decides it: by the content
//   type the mime-db table gives its extension (GitHub Pages and `serve` use
//   it). A type a browser renders as a document (HTML or
//   XML: .xhtml, .xml, .xsl, .xsd, .rng, .svgz, .rss, …) is refused, except
//   .html, .htm and .svg, which are checked;
// - a checked file must be UTF-8 as it is checked (an XML declaration or a
//   <meta charset> naming another encoding, a UTF-16 byte order mark, bytes
//   that are not UTF-8, or the ESC that switches ISO-2022-JP are refused: a
//   browser reading other bytes as markup would see other elements);
// - an HTML page is parsed as a browser parses it (parse5) and every element
//   of it goes through the allow-list: its skeleton (<html>, <head>, <body>,
//   <title>, <meta> without http-equiv), the body the allow-list of the site's
//   own pages (safe-html.ts), anything else (a <frameset>) refused;
// - an SVG image is parsed as XML, as a browser reads it (static-svg.ts).
// A problem names the first active or refused thing and its line.
import { basename } from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import mimeDb from 'mime-db';
import { parse } from 'parse5';
import { VFile } from 'vfile';
import { refusedMarkup, type MarkupProblem } from '../shared/safe-html.ts';
import { svgProblem } from './static-svg.ts';

/** The file types that are checked (HTML and SVG); other static files are copied as they are, or refused. */
export const isActiveMarkupFile = (path: string): boolean => /\.(?:html?|svg)$/i.test(path);

/** HTML, XHTML, XML and every `+xml` type: a browser renders each as a document, and runs its script. */
const isDocumentType = (type: string): boolean => ['text/html', 'application/xhtml+xml', 'text/xml', 'application/xml'].includes(type) || type.endsWith('+xml');

/** Extension (lower case, no dot) → the document types mime-db gives it (a host may pick any of them). */
const DOCUMENT_TYPES = new Map<string, string[]>();
for (const [type, entry] of Object.entries(mimeDb)) {
  if (!isDocumentType(type)) continue;
  for (const ext of entry.extensions ?? []) DOCUMENT_TYPES.set(ext, [...(DOCUMENT_TYPES.get(ext) ?? []), type]);
}

/** The document type a static host serves this file with, when it is one and the file is not checked; undefined for any other file. */
export function refusedDocumentType(path: string): string | undefined {
  if (isActiveMarkupFile(path)) return undefined;
  // As mime-types looks it up: the part after the last dot, of a dotfile too (`.xml` is application/xml).
  const name = basename(path);
  return name.includes('.') ? DOCUMENT_TYPES.get(name.slice(name.lastIndexOf('.') + 1).toLowerCase())?.[0] : undefined;
}

/** The first thing in the file that could run script or that the allow-list refuses, if any. */
export function activeMarkup(path: string, text: string): MarkupProblem | undefined {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const declared = xmlEncoding(body);
  if (declared !== undefined && !isUtf8Label(declared)) {
    return { line: 1, column: 1, what: `an XML declaration of the encoding "${declared}": the file is checked as UTF-8 and must declare no other encoding` };
  }
  if (/\.svg$/i.test(path)) return svgProblem(body);
  // A whole document parses to a root.
  return htmlProblem(fromParse5(parse(body, { sourceCodeLocationInfo: true }), { file: new VFile({ value: body, path }) }) as Root);
}

const isUtf8Label = (label: string): boolean => ['utf-8', 'utf8'].includes(label.trim().toLowerCase());

/** The encoding an XML declaration at the start names (`<?xml version="1.0" encoding="ISO-2022-JP"?>`). */
const xmlEncoding = (text: string): string | undefined => /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']?([^"'\s?>]*)/i.exec(text)?.[1];

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The index of the first C0 control other than tab, line feed, form feed and carriage return, or DEL (ESC switches ISO-2022-JP); -1 when none. */
function firstControl(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) return i;
  }
  return -1;
}

/**
 * An HTML or SVG file's bytes as the text that is checked and published (a
 * UTF-8 byte order mark kept), or why they cannot be read as UTF-8 alone.
 */
export function decodeMarkup(bytes: Uint8Array): { text: string } | { problem: MarkupProblem } {
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
    return { problem: { line: 1, column: 1, what: 'a UTF-16 byte order mark: the file is checked as UTF-8 and must be saved as UTF-8' } };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { problem: { line: firstInvalidLine(bytes), what: 'bytes that are not UTF-8: the file is checked as UTF-8 and must be saved as UTF-8' } };
  }
  const control = firstControl(text);
  if (control >= 0) {
    const code = text.charCodeAt(control).toString(16).toUpperCase().padStart(4, '0');
    return { problem: { line: lineAt(text, control), what: `the control character U+${code}, which a browser can read as a switch to another encoding (ISO-2022-JP's ESC)` } };
  }
  return { text };
}

const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The line of the first byte sequence that is not UTF-8 (a real U+FFFD in the file is EF BF BD, a replaced one is not). */
function firstInvalidLine(bytes: Uint8Array): number | undefined {
  const lossy = new TextDecoder('utf-8').decode(bytes);
  for (let i = lossy.indexOf('\uFFFD'); i >= 0; i = lossy.indexOf('\uFFFD', i + 1)) {
    const offset = Buffer.byteLength(lossy.slice(0, i));
    if (!(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) return lineAt(lossy, i);
  }
  return undefined;
}

const at = (node: RootContent): Pick<MarkupProblem, 'line' | 'column'> => ({ line: node.position?.start.line, column: node.position?.start.column });
const elements = (nodes: readonly RootContent[]): Element[] => nodes.filter((n): n is Element => n.type === 'element');

/** An element the page's skeleton does not allow where it stands. */
const refused = (node: Element): MarkupProblem => ({ ...at(node), what: node.tagName === 'script' ? 'a <script> element' : `a <${node.tagName}> element, which is not on the list of allowed HTML` });

/** Every element of the document: the skeleton <html> (<head>, <body>) here, the body's content by the allow-list. */
function htmlProblem(tree: Root): MarkupProblem | undefined {
  for (const html of elements(tree.children)) {
    if (html.tagName !== 'html') return refused(html);
    const problem = attributeProblem(html, ['lang', 'dir']);
    if (problem) return problem;
    for (const part of elements(html.children)) {
      // The parser puts a <frameset> where the body would be: only <head> and <body> pass.
      if (part.tagName !== 'head' && part.tagName !== 'body') return refused(part);
      const found = attributeProblem(part, []) ?? (part.tagName === 'head'
        ? elements(part.children).map(headProblem).find(Boolean)
        : refusedMarkup({ type: 'root', children: part.children })[0]);
      if (found) return found;
    }
  }
  return undefined;
}

function attributeProblem(element: Element, allowed: readonly string[]): MarkupProblem | undefined {
  const extra = Object.keys(element.properties).find((key) => !allowed.includes(key));
  return extra === undefined ? undefined : { ...at(element), what: attributeWhat(extra, element.tagName) };
}

/** The head may hold a title and meta data; a <meta http-equiv="refresh"> can redirect to a javascript: URL. */
function headProblem(node: Element): MarkupProblem | undefined {
  if (node.tagName === 'title') {
    const inside = elements(node.children)[0];
    return attributeProblem(node, []) ?? (inside && refused(inside));
  }
  if (node.tagName !== 'meta') return node.tagName === 'script' ? refused(node) : { ...at(node), what: `a <${node.tagName}> element in <head>, which is not on the list of allowed HTML` };
  // The page is checked as UTF-8; another charset (ISO-2022-JP's escapes) would make the browser read other markup.
  const charset = node.properties.charSet;
  if (charset !== undefined && !isUtf8Label(String(charset))) {
    return { ...at(node), what: `<meta charset="${String(charset)}">: the file is checked as UTF-8 and must declare no other encoding` };
  }
  return attributeProblem(node, ['charSet', 'name', 'content']);
}

/** A refused attribute of the page's skeleton, by its HTML name (hast's onLoad is onload=, httpEquiv is http-equiv=). */
function attributeWhat(key: string, tagName: string): string {
  const name = key === 'httpEquiv' ? 'http-equiv' : key.toLowerCase();
  return name.startsWith('on') ? `an inline event handler (${name}=) on <${tagName}>` : `the attribute ${name}= on <${tagName}>, which is not on the list of allowed HTML`;
}
