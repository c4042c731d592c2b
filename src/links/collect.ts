// Pulls the link targets, the files a page loads and the element ids out of a
// rendered page with htmlparser2's tokenizer. Its Parser would give the same
// (the unit test holds the two side by side), but it builds an object of every
// element's attributes and keeps a stack of open elements; read straight from
// the tokenizer, names are compared in place and only the values of the few
// attributes wanted are ever sliced out, so the site's HTML parses in about
// two thirds of the Parser's time.
import { Tokenizer } from 'htmlparser2';
import { oneOf, trimRun } from '../shared/linear-text.ts';

export interface PageLinks {
  ids: Set<string>;
  /** The href of every <a>. */
  hrefs: string[];
  /**
   * The URLs of the files the page loads: <img> and <source> src and srcset,
   * <script src>, and the href of a <link> whose rel fetches it (icon,
   * stylesheet, preload, manifest, …; not canonical or alternate).
   */
  loads: string[];
}

/** The <link rel> tokens that make a browser fetch the link's href. */
const LOADING_RELS = new Set(['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'mask-icon', 'stylesheet', 'preload', 'modulepreload', 'prefetch', 'manifest']);

/** Which attribute's value is being read: none (one we ignore), or the first of its name on the element. */
const NONE = 0;
const ID = 1;
const NAME = 2;
const HREF = 3;
const SRC = 4;
const SRCSET = 5;
const REL = 6;

/** The elements read: <a> for its href and name, the others for what they load. */
const OTHER = 0;
const A = 1;
const IMG = 2;
const SOURCE = 3;
const SCRIPT = 4;
const LINK = 5;

export function collectLinks(html: string): PageLinks {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  const loads: string[] = [];
  /** Whether html[start, end) is `lower`, ignoring ASCII case (`lower` is lower-case letters). */
  const is = (start: number, end: number, lower: string): boolean => {
    if (end - start !== lower.length) return false;
    for (let i = 0; i < lower.length; i++) if ((html.charCodeAt(start + i) | 0x20) !== lower.charCodeAt(i)) return false;
    return true;
  };
  // The element being read, and its attributes so far (as the Parser does, the first of each name counts).
  let element = OTHER;
  let id: string | undefined;
  let name: string | undefined;
  let href: string | undefined;
  let src: string | undefined;
  let srcset: string | undefined;
  let rel: string | undefined;
  let wanted = NONE;
  let value = '';
  const load = (url: string | undefined): void => {
    if (url?.trim()) loads.push(url.trim());
  };
  const elementEnd = (): void => {
    if (id) ids.add(id);
    if (element === OTHER) return;
    if (element === A) {
      if (name) ids.add(name);
      if (href !== undefined) hrefs.push(href);
    } else if (element === LINK) {
      if (rel?.toLowerCase().split(/[\t\n\f\r ]+/).some((r) => LOADING_RELS.has(r))) load(href);
    } else {
      load(src);
      if (srcset !== undefined) srcsetUrls(srcset).forEach(load);
    }
  };
  /** The element a tag name opens, by its length first (most tags are none of these). */
  const elementOf = (start: number, end: number): number => {
    switch (end - start) {
      case 1: return is(start, end, 'a') ? A : OTHER;
      case 3: return is(start, end, 'img') ? IMG : OTHER;
      case 4: return is(start, end, 'link') ? LINK : OTHER;
      case 6: return is(start, end, 'source') ? SOURCE : is(start, end, 'script') ? SCRIPT : OTHER;
      default: return OTHER;
    }
  };
  /** The attribute wanted of this element, when it is not read yet. */
  const attributeOf = (start: number, end: number): number => {
    if (is(start, end, 'id')) return id === undefined ? ID : NONE;
    switch (element) {
      case OTHER: return NONE;
      case A: return is(start, end, 'href') ? (href === undefined ? HREF : NONE) : is(start, end, 'name') && name === undefined ? NAME : NONE;
      case LINK: return is(start, end, 'href') ? (href === undefined ? HREF : NONE) : is(start, end, 'rel') && rel === undefined ? REL : NONE;
      default: return is(start, end, 'src') ? (src === undefined ? SRC : NONE) : element !== SCRIPT && is(start, end, 'srcset') && srcset === undefined ? SRCSET : NONE;
    }
  };
  const ignore = (): void => {};
  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    onopentagname(start, end) {
      element = elementOf(start, end);
      id = name = href = src = srcset = rel = undefined;
    },
    onattribname(start, end) {
      wanted = attributeOf(start, end);
      value = '';
    },
    onattribdata(start, end) {
      if (wanted) value += html.slice(start, end);
    },
    onattribentity(codePoint) {
      if (wanted) value += String.fromCodePoint(codePoint);
    },
    onattribend() {
      if (wanted === ID) id = value;
      else if (wanted === NAME) name = value;
      else if (wanted === HREF) href = value;
      else if (wanted === SRC) src = value;
      else if (wanted === SRCSET) srcset = value;
      else if (wanted === REL) rel = value;
      wanted = NONE;
    },
    onopentagend: elementEnd,
    onselfclosingtag: elementEnd,
    onclosetag: ignore,
    ontext: ignore,
    ontextentity: ignore,
    oncdata: ignore,
    oncomment: ignore,
    ondeclaration: ignore,
    onprocessinginstruction: ignore,
    onend: ignore,
  });
  tokenizer.write(html);
  tokenizer.end();
  return { ids, hrefs, loads };
}

/**
 * The URLs of a srcset (`a.png 1x, b.png 2x`), as the HTML standard splits it:
 * a URL runs to the next whitespace (trailing commas end it), and its
 * descriptors to the next comma outside parentheses.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let i = 0;
  const space = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
  while (i < srcset.length) {
    while (i < srcset.length && (space(srcset[i]) || srcset[i] === ',')) i++;
    const start = i;
    while (i < srcset.length && !space(srcset[i])) i++;
    const raw = srcset.slice(start, i);
    const url = trimRun(raw, oneOf(','));
    if (url) urls.push(url);
    if (url !== raw) continue; // commas ended the URL: no descriptors
    let depth = 0;
    for (; i < srcset.length; i++) {
      const c = srcset[i];
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
      else if (c === ',' && depth === 0) break;
    }
  }
  return urls;
}
