// The engine's ranking rules (#30) on a small index made for each rule: a
// site note weighed as the symbol it is about, aliases of several words, and
// sections that dump output or a whole listing ranked below the prose.
import { describe, expect, it } from 'vitest';
import { flatten, SearchEngine } from '../../../client/search/engine.ts';
import { expandIndex, type PageRow, type SearchIndexData } from '../../../src/shared/search-index.ts';

function engine(pages: PageRow[], items: SearchIndexData['items'] = []): SearchEngine {
  return new SearchEngine(expandIndex({ v: 2, apiBase: '/docs/api', items, pages }));
}

const order = (e: SearchEngine, query: string) => flatten(e.grouped(query)).map((h) => h.record.href);

describe('search ranking rules', () => {
  it('weighs a site note on a method as that method: a question of several words finds the guide first', () => {
    const e = engine(
      [
        ['/docs/guides/revocation', 'Revocation', 'docs', [['check-the-status-before-trusting-it', 'Check the status before trusting it', 'Verify the status answer against its signer before you use it: a forged answer is easy to make.']]],
        ['/docs/api/classes/StatusAnswer', 'StatusAnswer', 'docs', [['verify', 'Site note on StatusAnswer.verify()', 'It checks the signature only.']]],
      ],
      [['c', 'StatusAnswer', 'An answer about a status.', [['m', 'verify', 'Verifies the answer.']]]],
    );
    expect(order(e, 'verify status answer')[0]).toBe('/docs/guides/revocation#check-the-status-before-trusting-it');
  });

  it('finds a section by an alias of several words: SAN is "subject alternative name"', () => {
    const e = engine([
      ['/docs/examples/requests', 'Requests', 'examples', [
        ['create', 'Create the request', 'Put the subject alternative name of the server into the request as an extension.'],
        ['keys', 'Make the keys', 'Generate a key pair for the request, then add the subject and the name.'],
      ]],
    ]);
    expect(order(e, 'add SAN to request')[0]).toBe('/docs/examples/requests#create');
  });
});
