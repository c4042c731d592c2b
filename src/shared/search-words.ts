// The words search treats specially, as data: shared by the build (which
// leaves stop words out of the index) and the engine in the browser (which
// leaves them out of a query, expands aliases and lifts task questions).
// Keep it free of Node and DOM APIs.

/**
 * Words that say nothing about what is sought: never indexed from the long part
 * of a section, dropped from queries. Not `no` and `not`: error messages hang on them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('a about after again all also an and another any are as at be because been before both but by can could do does doing each either even every '
    + 'for from had has have here how i if in into is it its just less many may me more most much must my never of often on one only or '
    + 'other our own same should since so some still such than that the their them then there these they this those through to too under until '
    + 'very was we were what when where which while who whose why will with within would yet you your')
    .split(' '),
);

/**
 * Names of one thing, each written as the index holds it (lower case, a
 * compound joined: `PKCS#12` → pkcs12, `AES-GCM` → aesgcm). A query word of a
 * group finds the others too; a name of several words ("certificate request")
 * counts as held when the hit holds each of its words.
 */
export const ALIASES: readonly (readonly string[])[] = [
  ['pkcs12', 'p12', 'pfx'],
  ['pkcs7', 'p7b', 'p7c'],
  ['p7s', 'detached'],
  ['pem', 'base64'],
  ['csr', 'pkcs10', 'certificationrequest', 'certificate request'],
  ['subjectaltname', 'san', 'altname', 'subject alternative name'],
  ['p7m', 'envelopeddata'],
  ['fingerprint', 'thumbprint'],
  ['aesgcm', 'gcm'],
  ['crl', 'certificaterevocationlist'],
  ['x509', 'certificate'],
  // What PKI says for one another: a chain is validated as a certification path (RFC 5280); a file is read, parsed or loaded.
  ['verify', 'validate'],
  ['chain', 'path'],
  ['read', 'parse', 'load'],
  // The abbreviation names use for parameters: pkijs has CryptoEngineParameters beside RSASSAPSSParams, RFC 5084 GCMParameters.
  ['params', 'parameters'],
];

/** Verbs of a task: a query holding one asks how to do something, which an example or guide answers better than a bare name. */
export const TASK_VERBS: ReadonlySet<string> = new Set([
  'parse', 'create', 'verify', 'sign', 'decrypt', 'encrypt', 'convert', 'read', 'load', 'get', 'extract', 'import', 'export',
  'generate', 'check', 'validate', 'add', 'make', 'build', 'use', 'find',
]);

const ALIAS_OF = new Map(ALIASES.flatMap((group) => group.map((word) => [word, group] as const)));

/**
 * A query word and its aliases, the word first. A noun in -ion also finds its
 * verb, as a prefix (decryption → decrypt: decrypts, decrypted).
 */
export function aliasesOf(word: string): string[] {
  const group = ALIAS_OF.get(word);
  const names = group ? [word, ...group.filter((w) => w !== word)] : [word];
  return word.length >= 8 && word.endsWith('ion') ? [...names, word.slice(0, -3)] : names;
}

/**
 * Compounds written with a separator inside a name: `PKCS#12`, `AES-GCM`,
 * `S/MIME`, `X.509` (a dot only before a digit, so `SignedData.verify` stays
 * two words). A match starts only where a run of letters and digits starts:
 * the same matches, but a long word without a separator is scanned once, not
 * once from each of its letters (n²/2 steps: 40 000 letters took 13 s).
 */
export const COMPOUND = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:(?:[#/-]|\.(?=\p{N}))[\p{L}\p{N}]+)+/gu;

/** A compound as one index term: `PKCS#12` → pkcs12. */
export function joined(compound: string): string {
  return compound.replace(/[#/.-]/g, '').toLowerCase();
}

/**
 * The most h2/h3 sections of one page that search keeps as results of their
 * own: each keystroke scores every record a word matches, so a page of 5 000
 * sections cost 60 ms of CPU a keystroke (#30's budget is 16). The sections
 * past it are searched as part of the last one kept, and the build warns.
 */
export const MAX_PAGE_SECTIONS = 400;

const WORD_CHAR = /[\p{L}\p{N}_$]/u;

/**
 * Where to end a text cut at `end` (UTF-16 units) so that it splits neither a
 * surrogate pair (a lone half shows as U+FFFD, and JSON writes it as "\ud83d")
 * nor a word: before the word that `end` falls in, or 0 when the text starts
 * with that word.
 */
export function cleanEnd(text: string, end: number): number {
  let at = Math.min(end, text.length);
  if (at < text.length && /[\ud800-\udbff]/.test(text.charAt(at - 1))) at--;
  while (at > 0 && at < text.length && WORD_CHAR.test(text.charAt(at - 1)) && WORD_CHAR.test(text.charAt(at))) at--;
  return at;
}

/** The end of a cut at `end` between two code points (a word may be split). */
export function pairEnd(text: string, end: number): number {
  return end < text.length && /[\ud800-\udbff]/.test(text.charAt(end - 1)) ? end - 1 : Math.min(end, text.length);
}
