// HTML written by people, checked and cleaned as a tree. Raw HTML is first
// parsed as a browser parses it (parse5, through rehype-raw), so markup that
// only looks harmless to a text scan (`<svg><style><img onerror>`, a
// `</noscript>` inside an attribute) is seen as the elements it becomes.
// refusedMarkup lists every element and attribute the allow-list
// (safe-html-schema.ts) refuses, with its position, so the build can name
// them; sanitizeTree then keeps only what the allow-list allows, so nothing
// refused reaches a page even where a problem is only a warning. The check
// asks rehype-sanitize itself whether each attribute survives: the two can
// never disagree.
import type { Element, ElementContent, Nodes, Properties, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import { isReservedId } from './reserved-ids.ts';
import { SAFE_HTML_SCHEMA } from './safe-html-schema.ts';

export interface MarkupProblem {
  /** 1-based line and column in the source the tree was parsed from, when known. */
  line?: number;
  column?: number;
  /** What was found, as a noun phrase: `an inline event handler (onerror=) on <img>`. */
  what: string;
}

const parseRaw = rehypeRaw();
const sanitize = rehypeSanitize(SAFE_HTML_SCHEMA);
/** The attribute check looks at one element alone, so its ancestors are the walker's to check. */
const sanitizeAlone = rehypeSanitize({ ...SAFE_HTML_SCHEMA, ancestors: {} });
const allowedTags = new Set(SAFE_HTML_SCHEMA.tagNames);
const ancestors = SAFE_HTML_SCHEMA.ancestors ?? {};
const stripped = new Set(SAFE_HTML_SCHEMA.strip);
const URL_PROPERTIES = new Set(Object.keys(SAFE_HTML_SCHEMA.protocols ?? {}));

/** The tree with its raw HTML nodes parsed into elements (the same tree when it has none). */
export function parseRawHtml(tree: Root, file?: VFile): Root {
  const hasRaw = (nodes: readonly Nodes[]): boolean =>
    nodes.some((n) => n.type === 'raw' || ('children' in n && hasRaw(n.children)));
  // rehype-raw's file is only read for positions; without one the tree simply has none.
  return hasRaw([tree]) ? parseRaw(tree, file as VFile) : tree;
}

/** Only what the allow-list allows (a new tree). */
export function sanitizeTree(tree: Root): Root {
  return sanitize(tree);
}

/** Every element and attribute of the (parsed) tree the allow-list refuses, in document order. */
export function refusedMarkup(tree: Root): MarkupProblem[] {
  const problems: MarkupProblem[] = [];
  const stack: string[] = [];
  const walk = (nodes: readonly ElementContent[]): void => {
    for (const node of nodes) {
      const at = { line: node.position?.start?.line, column: node.position?.start?.column };
      if (node.type === 'raw') problems.push({ ...at, what: 'HTML that could not be parsed' });
      if (node.type !== 'element') continue;
      const refused = elementProblem(node, stack);
      for (const what of refused ? [refused] : attributeProblems(node)) problems.push({ ...at, what });
      if (stripped.has(node.tagName) || !allowedTags.has(node.tagName)) continue; // one problem per refused element
      stack.push(node.tagName);
      walk(node.children);
      stack.pop();
    }
  };
  walk(tree.children as ElementContent[]);
  return problems;
}

function elementProblem(node: Element, stack: readonly string[]): string | undefined {
  const name = node.tagName;
  if (name === 'script') return 'a <script> element';
  if (!allowedTags.has(name)) return `a <${name}> element, which is not on the list of allowed HTML`;
  const needs = ancestors[name];
  if (needs && !needs.some((a) => stack.includes(a))) return `a <${name}> element outside a <${needs.join('> or <')}>`;
  return undefined;
}

function attributeProblems(node: Element): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node.properties)) {
    const attr = attributeName(key);
    const on = `<${node.tagName}>`;
    if (/^on/i.test(attr)) problems.push(`an inline event handler (${attr}=) on ${on}`);
    else if (key === 'id' && isReservedId(String(value))) problems.push(`the id "${String(value)}", which the page layout uses`);
    else if (!kept(node.tagName, key, value)) {
      problems.push(URL_PROPERTIES.has(key) ? `a ${scheme(String(value))} URL in the ${attr} attribute of ${on}` : `the attribute ${attr}= on ${on}, which is not on the list of allowed HTML`);
    }
  }
  return problems;
}

/** Whether rehype-sanitize keeps this attribute, value and all, on this element. */
function kept(tagName: string, key: string, value: Properties[string]): boolean {
  const out = sanitizeAlone({ type: 'root', children: [{ type: 'element', tagName, properties: { [key]: value }, children: [] }] });
  const element = out.children[0];
  return element?.type === 'element' && JSON.stringify(element.properties[key]) === JSON.stringify(value);
}

/** The scheme of a URL as written (`javascript:`), for messages. */
function scheme(url: string): string {
  const m = /^([^:/?#]*):/.exec(url.trim());
  return m ? `${m[1]!.replace(/[\s\p{C}]/gu, '').toLowerCase()}:` : 'refused';
}

/** hast property name → HTML attribute name (`onError` → `onerror`, `ariaLabel` → `aria-label`). */
function attributeName(key: string): string {
  if (key === 'className') return 'class';
  if (key === 'htmlFor') return 'for';
  if (/^(aria|data)[A-Z]/.test(key)) return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return key.toLowerCase();
}

const stringify = unified().use(rehypeStringify).freeze();

/** An HTML fragment (the announcement bar) checked and cleaned: its problems and the HTML the allow-list keeps. */
export function sanitizeHtmlFragment(html: string): { html: string; problems: MarkupProblem[] } {
  const tree = parseRawHtml({ type: 'root', children: [{ type: 'raw', value: html }] });
  return { problems: refusedMarkup(tree), html: stringify.stringify(sanitizeTree(tree)) };
}
