// The allow-list of the HTML that text written by people (Markdown pages,
// site notes, the package README and doc comments, the announcement bar) may
// put on a page, for hast-util-sanitize. Everything not listed is refused:
// no script, no event handler, no style, no foreign content (SVG, MathML),
// no frames or forms, and URLs only over http(s), mailto or relative.
// It keeps what the Markdown pipeline itself makes: GFM tables, task lists
// and footnotes, code blocks (`language-*`), tab sets (remark-tabs.ts) and
// generated tables (remark-table.ts).
import type { Options as Schema } from 'rehype-sanitize';

const aria = ['ariaDescribedBy', 'ariaLabel', 'ariaLabelledBy', 'ariaHidden'];

export const SAFE_HTML_SCHEMA: Schema = {
  tagNames: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'button', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt',
    'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins', 'kbd', 'li', 'mark',
    'ol', 'p', 'picture', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong',
    'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
  ],
  attributes: {
    a: [...aria, 'href', 'title', 'dataFootnoteBackref', 'dataFootnoteRef'],
    blockquote: ['cite'],
    // Tab sets only: a button outside a form submits nothing.
    button: [...aria, ['type', 'button'], 'role', 'ariaSelected', 'ariaControls', 'dataValue'],
    del: ['cite'],
    details: ['open'],
    div: [...aria, 'role', 'dataValue', 'dataGroup', 'dataTabHidden'],
    img: [...aria, 'src', 'alt', 'title', 'width', 'height', 'loading'],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    ins: ['cite'],
    li: ['value'],
    ol: ['start', 'reversed', 'type'],
    q: ['cite'],
    section: [...aria, 'dataFootnotes'],
    source: ['srcSet', 'media', 'type', 'width', 'height'],
    td: ['colSpan', 'rowSpan', 'headers', 'align'],
    th: ['colSpan', 'rowSpan', 'headers', 'scope', 'align'],
    '*': ['className', 'id', 'title', 'lang', 'dir', 'tabIndex', 'align', 'width', 'height'],
  },
  // A tr, td… outside a table could break out of the element it is written in.
  ancestors: { tbody: ['table'], td: ['table'], th: ['table'], thead: ['table'], tfoot: ['table'], tr: ['table'] },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'] },
  // Ids stay as written: the layout's own ids are refused instead (reserved-ids.ts).
  clobber: [],
  clobberPrefix: '',
  required: { input: { type: 'checkbox', disabled: true } },
  // Elements whose text must not be kept as text either.
  strip: ['script', 'style', 'title', 'textarea', 'noscript', 'template', 'iframe', 'xmp', 'noembed', 'noframes', 'plaintext', 'object', 'embed'],
  allowComments: false,
  allowDoctypes: false,
};
