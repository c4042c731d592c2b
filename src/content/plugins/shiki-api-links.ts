// Links identifiers of the documented library in highlighted code to their
// API pages: inside a token such as ` Certificate`, the name becomes an <a>
// that keeps the token's colour (surrounding whitespace stays outside it).
import type { ShikiTransformer } from 'shiki';

const IDENT = /^(\s*)([A-Za-z_$][\w$]*)(\s*)$/;

export function apiLinksTransformer(hrefOf: (name: string) => string | undefined): ShikiTransformer {
  return {
    name: 'pkidocs:api-links',
    span(node, _line, _col, _lineEl, token) {
      const m = IDENT.exec(token.content);
      const href = m ? hrefOf(m[2]!) : undefined;
      if (!m || !href) return;
      const [, before = '', name = '', after = ''] = m;
      node.children = [
        ...(before ? [{ type: 'text' as const, value: before }] : []),
        { type: 'element', tagName: 'a', properties: { href, className: ['api-ref'] }, children: [{ type: 'text', value: name }] },
        ...(after ? [{ type: 'text' as const, value: after }] : []),
      ];
    },
  };
}
