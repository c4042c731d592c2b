// The PDF syntax that the PDF signature verifier needs (ISO 32000-1, 7.2 and
// 7.3), in a module of its own so that the example stays short; shown on the
// page "How to verify a signature in a PDF file".
// A strict reader: it refuses what it does not know, so nothing it reads can
// mean something else to a PDF reader.
type Token = { kind: 'name' | 'number' | 'keyword' | 'string' | 'hex' | 'delimiter' | 'reference'; value: string; start: number; end: number };
type PdfValue = Token | { kind: 'array'; items: PdfValue[] } | PdfDictionary;
export type PdfDictionary = { kind: 'dictionary'; entries: [key: string, value: PdfValue][] };

export const isWhite = (c: string) => c !== '' && '\0\t\n\f\r '.includes(c);
export const isDigit = (c: string) => c >= '0' && c <= '9';
const isRegular = (c: string) => c !== '' && !isWhite(c) && !'()<>[]{}/%'.includes(c);
const fail = (at: number, what: string) => new Error(`byte ${at}: ${what}`);
/** What the tokenizer may still read: text inside strings and comments can start objects that a hostile file nests deeply. */
let budget = 0;
export const allowReading = (characters: number) => { budget = characters; };
export const TOO_COSTLY = new Error('Too costly');
const spend = (characters: number) => { budget -= characters; if (budget < 0) throw TOO_COSTLY; };

/** `N G obj <<…>> endobj` from `at`, where the object must be a dictionary. */
export function readObject(text: string, at: number): { dictionary: PdfDictionary; end: number } {
  const number = readToken(text, at);
  const generation = readToken(text, number.end);
  const obj = readToken(text, generation.end);
  if (!isInteger(number) || !isInteger(generation) || !isKeyword(obj, 'obj')) throw fail(at, 'not the start of an object');
  const { value, end } = readValue(text, obj.end);
  const endobj = readToken(text, end);
  if (value.kind !== 'dictionary' || !isKeyword(endobj, 'endobj')) throw fail(at, 'not an object holding one dictionary');
  return { dictionary: value, end: endobj.end };
}

function readValue(text: string, at: number): { value: PdfValue; end: number } {
  const token = readToken(text, at);
  if (token.kind === 'delimiter' && (token.value === '[' || token.value === '<<')) {
    const [close, items] = [token.value === '[' ? ']' : '>>', [] as PdfValue[]];
    let end = token.end;
    for (let next = peek(text, end); next?.kind !== 'delimiter' || next.value !== close; next = peek(text, end)) {
      const item = readValue(text, end); // throws where `next` could not be read
      items.push(item.value);
      end = item.end;
    }
    end = readToken(text, end).end;
    if (close === ']') return { value: { kind: 'array', items }, end };
    const entries = items.filter((_, index) => index % 2 === 0).map((key, index): [string, PdfValue] => {
      if (key.kind !== 'name' || !items[2 * index + 1]) throw fail(token.start, 'a dictionary that is not pairs of a name and a value');
      return [key.value, items[2 * index + 1]!];
    });
    return { value: { kind: 'dictionary', entries }, end };
  }
  const generation = isInteger(token) ? peek(text, token.end) : undefined; // `N G R` refers to another object
  const r = generation && isInteger(generation) ? peek(text, generation.end) : undefined;
  if (r && isKeyword(r, 'R')) return { value: { ...token, kind: 'reference', end: r.end }, end: r.end };
  const known = token.kind === 'keyword' ? ['true', 'false', 'null'].includes(token.value) : token.kind !== 'delimiter';
  if (!known) throw fail(token.start, `${JSON.stringify(token.value)} is not a value`);
  return { value: token, end: token.end };
}

const isInteger = (token: Token) => token.kind === 'number' && /^[+-]?\d+$/.test(token.value);
const isKeyword = (token: Token, word: string) => token.kind === 'keyword' && token.value === word;
const peek = (text: string, at: number): Token | undefined => { try { return readToken(text, at); } catch { return undefined; } };

/** The next token after `at`, white space and comments skipped; a name comes with its #xx escapes decoded. */
function readToken(text: string, at: number): Token {
  const from = at;
  for (;;) {
    while (isWhite(text.charAt(at))) at += 1;
    if (text.charAt(at) !== '%') break;
    while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at += 1; // a comment counts as white space
  }
  const start = at;
  const token = (kind: Token['kind'], value: string, end: number): Token => (spend(end - start), { kind, value, start, end });
  const c = text.charAt(at);
  spend(at - from);
  if (c === '') throw fail(at, 'the file ends inside an object');
  if (text.startsWith('<<', at) || text.startsWith('>>', at)) return token('delimiter', text.slice(at, at + 2), at + 2);
  if (c === '[' || c === ']') return token('delimiter', c, at + 1);
  if (c === '<') {
    const end = text.indexOf('>', at);
    spend((end === -1 ? text.length : end) - at);
    if (end === -1 || !/^[\0\t\n\f\r 0-9A-Fa-f]*$/.test(text.slice(at + 1, end))) throw fail(at, 'a hex string that is not one');
    return token('hex', text.slice(at + 1, end), end + 1);
  }
  if (c === '(') { // nested parentheses balance; a backslash escapes the next character
    for (let depth = 0; at < text.length; at += 1) {
      if (text[at] === '\\') at += 1;
      else if (text[at] === '(') depth += 1;
      else if (text[at] === ')' && (depth -= 1) === 0) return token('string', text.slice(start + 1, at), at + 1);
    }
    spend(at - start);
    throw fail(start, 'a string that never ends');
  }
  if (c === '/') {
    let name = '';
    for (at += 1; isRegular(text.charAt(at));) {
      if (text[at] !== '#') { name += text[at]; at += 1; continue; }
      const code = /^[0-9A-Fa-f]{2}$/.test(text.slice(at + 1, at + 3)) ? parseInt(text.slice(at + 1, at + 3), 16) : 0;
      if (code === 0) throw fail(at, 'a # in a name that is not followed by two hex digits (nor #00)');
      name += String.fromCharCode(code);
      at += 3;
    }
    return token('name', name, at);
  }
  if (!isRegular(c)) throw fail(at, `unexpected ${JSON.stringify(c)}`);
  while (isRegular(text.charAt(at))) at += 1;
  const word = text.slice(start, at);
  return token(/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(word) ? 'number' : 'keyword', word, at);
}
