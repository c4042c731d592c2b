// Links identifiers of the documented library in highlighted code to their
// API pages. Shiki merges neighbouring tokens of one colour (`pkijs.TimeType.UTCTime`
// is one span), so every identifier inside a token is considered; comments and
// strings are left alone.
import type { ElementContent } from 'hast';
import type { ShikiTransformer } from 'shiki';

const IDENT = /[A-Za-z_$][\w$]*/g;
const NOT_CODE = /^\s*(\/\/|\/\*|\*|['"`])/;

export function apiLinksTransformer(hrefOf: (name: string) => string | undefined): ShikiTransformer {
  return {
    name: 'pkidocs:api-links',
    span(node, _line, _col, _lineEl, token) {
      const text = token.content;
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
    },
  };
}
