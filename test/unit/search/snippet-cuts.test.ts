// Where search cuts text (fresh-eyes review of #30): the build keeps a
// section's first 85 characters as its snippet (compactText) and an API
// item's summary to 72 (oneLine), and the dialog
// shows a 140-character window of it (highlight). None may cut a surrogate
// pair in two (the browser shows U+FFFD, and JSON.stringify writes a lone
// "\ud83d" into the index), nor cut a word in two: the snippet would end in
// half a word shown as if whole, and the index would hold the two halves as
// words of their own and the word itself nowhere.
import { describe, expect, it } from 'vitest';
import { highlight } from '../../../client/search/snippet.ts';
import { oneLine } from '../../../src/search/api-rows.ts';
import { compactText } from '../../../src/search/section-text.ts';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('search snippets cut text between characters and words', () => {
  it('the index snippet never ends inside a surrogate pair', () => {
    // 60 emoji (120 UTF-16 units) without a space: the 85-unit cut falls inside the 43rd.
    const [head] = compactText(`${'🔒'.repeat(60)} locked`);
    expect(LONE_SURROGATE.test(head), JSON.stringify(head.slice(-2))).toBe(false);
  });

  it('the dialog window never ends inside a surrogate pair', () => {
    // The window starts at "a" (after the last space 30 characters before the match) and holds 139 units of emoji.
    const shown = highlight(`x a${'😀'.repeat(100)} cert`, ['cert']).map((p) => p.text).join('');
    expect(LONE_SURROGATE.test(shown), JSON.stringify(shown.slice(-4))).toBe(false);
  });

  it('an API result line (a doc comment summary cut at 72 units) never ends inside a surrogate pair', () => {
    // Measured: "🔒\ud83d…" (the summary's first 72 units end inside the 36th emoji).
    const line = oneLine(`A${'🔒'.repeat(50)} key`);
    expect(LONE_SURROGATE.test(line), JSON.stringify(line.slice(-3))).toBe(false);
  });

  it('the index snippet does not cut a long word, and the word is indexed whole', () => {
    // A SHA-512 fingerprint in hex, 128 characters, as a page about fingerprints could print it.
    const hex = 'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';
    const text = `SHA-512: ${hex} is the digest of nothing at all.`;
    const [head, more] = compactText(text);
    // Measured: the head ends after 76 of its characters, and `more` holds the other 52 as a word.
    expect(text.startsWith(head)).toBe(true);
    expect(text.charAt(head.length), `the head ends inside a word: …${head.slice(-12)}`).not.toMatch(/[\p{L}\p{N}]/u);
    expect(`${head} ${more}`.split(' ')).toContain(hex);
  });
});
