// Pulls the link targets and element ids out of a rendered page with
// htmlparser2's tokenizer. Its Parser would give the same (the unit test holds
// the two side by side), but it builds an object of every element's
// attributes and keeps a stack of open elements; read straight from the
// tokenizer, only the id, name and href values are ever sliced out, and the
// site's 10 MB of HTML parse in ~95 ms instead of ~155 ms.
import { Tokenizer } from 'htmlparser2';

export interface PageLinks {
  ids: Set<string>;
  hrefs: string[];
}

/** Which attribute's value is being read: none (one we ignore), or the first id, name or href of the element. */
const NONE = 0;
const ID = 1;
const NAME = 2;
const HREF = 3;

export function collectLinks(html: string): PageLinks {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  // The element being read: whether it is an <a>, and its attributes so far (as the Parser does, the first of each name counts).
  let isA = false;
  let id: string | undefined;
  let name: string | undefined;
  let href: string | undefined;
  let wanted = NONE;
  let value = '';
  const elementEnd = (): void => {
    if (id) ids.add(id);
    if (isA && name) ids.add(name);
    if (isA && href !== undefined) hrefs.push(href);
  };
  const ignore = (): void => {};
  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    onopentagname(start, end) {
      isA = end - start === 1 && (html.charCodeAt(start) | 0x20) === 0x61; // a or A
      id = name = href = undefined;
    },
    onattribname(start, end) {
      // Lower-casing never shortens a name: only one of 2 or 4 characters can be id, name or href.
      const length = end - start;
      const attribute = length === 2 || (isA && length === 4) ? html.slice(start, end).toLowerCase() : '';
      wanted = attribute === 'id' && id === undefined ? ID
        : isA && attribute === 'name' && name === undefined ? NAME
          : isA && attribute === 'href' && href === undefined ? HREF
            : NONE;
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
  return { ids, hrefs };
}
