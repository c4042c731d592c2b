// One word of 200 000 letters in a page (content is hostile) must cost the
// index and a query time in proportion to its length: COMPOUND once tried
// every start position inside such a word, n²/2 steps (10 000 letters took
// 0.7 s, 40 000 letters 13 s), and froze the tab that built the index.
import { describe, expect, it } from 'vitest';
import { indexTerms, queryParts, queryTerms } from '../../../client/search/terms.ts';

const LONG = 'abcdefghij'.repeat(20_000);

/** The result of `run` and the milliseconds it took. */
function timed<T>(run: () => T): [T, number] {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
}

describe('a word of 200 000 letters', () => {
  it('is indexed whole, in well under a second', () => {
    const [terms, ms] = timed(() => indexTerms(`Some words: ${LONG}!`, 'text'));
    expect(terms).toEqual(['some', 'words', LONG]);
    expect(ms).toBeLessThan(500);
  }, 5_000);

  it('joined to a compound after it, is one compound term, in well under a second', () => {
    const [terms, ms] = timed(() => indexTerms(`${LONG}-GCM`, 'text'));
    expect(terms).toContain(`${LONG}gcm`);
    expect(ms).toBeLessThan(500);
  }, 5_000);

  it('as a query, is one term with no parts, in well under a second', () => {
    const [result, ms] = timed(() => [queryTerms(`${LONG}.`), queryParts(`${LONG}.`)] as const);
    expect(result[0]).toEqual([LONG]);
    expect(result[1].size).toBe(0);
    expect(ms).toBeLessThan(500);
  }, 5_000);

  it('still finds a compound inside other words, as before', () => {
    expect(indexTerms('foo_bar-baz x.509', 'text')).toEqual(expect.arrayContaining(['barbaz', 'x509']));
    expect(indexTerms('SignedData.verify', 'text')).not.toContain('signeddataverify');
  });
});
