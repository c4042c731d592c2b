// A warm build takes parts of the previous search index only under the keys
// they were built with: the API rows and the site notes' rows by the API key, a
// page's sections by its body key. Anything else (another key, no key, a damaged
// text) is built again.
import { describe, expect, it } from 'vitest';
import type { SearchIndexData } from '../../../src/shared/search-index.ts';
import { searchReuse } from '../../../src/site/search-reuse.ts';

const index: SearchIndexData = {
  v: 1,
  apiBase: '/docs/api',
  items: [[0, 'Certificate', 'An X.509 certificate']],
  pages: [
    ['/docs/a', 'A', 'docs', [['a', 'Intro', 'text of a']]],
    ['/docs/b', 'B', 'docs', [['b', 'Intro', 'text of b']]],
    ['/docs/api/classes/Certificate', 'Certificate', 'docs', [['sign', 'Site note on Certificate.sign()', 'note text']]],
  ],
} as unknown as SearchIndexData;
const previous = { text: JSON.stringify(index), items: 'model-1', pages: { '/docs/a': 'body-a', '/docs/b': 'body-b' } };

describe('searchReuse', () => {
  it('takes the API rows and the sections of pages whose keys are unchanged', () => {
    const reuse = searchReuse(previous, { items: 'model-1', pages: { '/docs/a': 'body-a', '/docs/b': 'body-b2' } });
    expect(reuse.items).toEqual(index.items);
    expect(reuse.sections?.('/docs/a')).toEqual([['a', 'Intro', 'text of a']]);
    expect(reuse.sections?.('/docs/b')).toBeUndefined();
  });

  it('builds the API rows again for another model, and sections of new or keyless pages', () => {
    const reuse = searchReuse(previous, { items: 'model-2', pages: { '/docs/a': 'body-a' } });
    expect(reuse.items).toBeUndefined();
    expect(reuse.sections?.('/docs/a')).toEqual([['a', 'Intro', 'text of a']]);
    expect(reuse.sections?.('/docs/b')).toBeUndefined();
    expect(reuse.sections?.('/docs/c')).toBeUndefined();
  });

  it('takes the rows of the site notes on API pages whole while the API key holds, and only if each noted page has one', () => {
    const noted = ['/docs/api/classes/Certificate'];
    const same = { items: 'model-1', pages: previous.pages };
    expect(searchReuse(previous, same, noted).notes).toEqual([index.pages[2]]);
    // Another model or other notes (both in the API key): built again from the pages.
    expect(searchReuse(previous, { ...same, items: 'model-2' }, noted).notes).toBeUndefined();
    // A page noted now that had no row (a new note file changes the key too; this guards the rows themselves).
    expect(searchReuse(previous, same, [...noted, '/docs/api/classes/OCSPResponse']).notes).toBeUndefined();
    expect(searchReuse(previous, same, []).notes).toEqual([]);
  });

  it('takes nothing from a record without part keys (an older cache) or a damaged text', () => {
    expect(searchReuse({ text: previous.text }, { items: 'model-1', pages: previous.pages })).toEqual({});
    expect(searchReuse({ ...previous, text: '{"items": [' }, { items: 'model-1', pages: previous.pages })).toEqual({});
    expect(searchReuse({ ...previous, text: '{"items": 3}' }, { items: 'model-1', pages: previous.pages })).toEqual({});
    expect(searchReuse(undefined, { items: 'model-1', pages: previous.pages })).toEqual({});
  });
});
