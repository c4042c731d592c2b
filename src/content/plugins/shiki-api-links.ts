// Links identifiers of the documented library in highlighted code to their
// API pages. Shiki merges neighbouring tokens of one colour (`pkijs.TimeType.UTCTime`
// is one span), so every identifier inside a token is considered; comments and
// strings are left alone. It works on the grammar's output (pre > code >
// span.line > token spans), after the grammar ran: the grammar needs no API
// model, so it can run before TypeDoc has converted the library.
import type { Element, ElementContent, Root } from 'hast';
import { HighlightCache } from '../highlight-cache.ts';
import type { HighlightLinker } from '../highlight.ts';

const IDENT = /[A-Za-z_$][\w$]*/g;
const NOT_CODE = /^\s*(\/\/|\/\*|\*|['"`])/;

export function apiLinker(hrefs: ReadonlyMap<string, string>): HighlightLinker {
  return { apply: (hast) => linkTokens(hast, (name) => hrefs.get(name)), tag: HighlightCache.key(...[...hrefs].flat()) };
}

function linkTokens(hast: Root, hrefOf: (name: string) => string | undefined): void {
  const pre = hast.children.find(isElement);
  const code = pre?.children.find(isElement);
  for (const line of code?.children ?? []) {
    if (!isElement(line)) continue;
    for (const token of line.children) if (isElement(token)) linkToken(token, hrefOf);
  }
}

function linkToken(node: Element, hrefOf: (name: string) => string | undefined): void {
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (only?.type !== 'text') return;
  const text = only.value;
  if (NOT_CODE.test(text)) return;
  const children: ElementContent[] = [];
  let last = 0;
  for (const m of text.matchAll(IDENT)) {
    const href = hrefOf(m[0]);
    if (!href) continue;
    if (m.index > last) children.push({ type: 'text', value: text.slice(last, m.index) });
    children.push({ type: 'element', tagName: 'a', properties: { href, className: ['api-ref'] }, children: [{ type: 'text', value: m[0] }] });
    last = m.index + m[0].length;
  }
  if (!children.length) return;
  if (last < text.length) children.push({ type: 'text', value: text.slice(last) });
  node.children = children;
}

const isElement = (n: { type: string }): n is Element => n.type === 'element';
