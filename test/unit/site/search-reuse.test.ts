// A warm build takes parts of the previous search index only under the keys
// they were built with: the API rows by the model's key, a page's sections by
// its body key. Anything else (another key, no key, a damaged text) is built again.
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

  it('takes nothing from a record without part keys (an older cache) or a damaged text', () => {
    expect(searchReuse({ text: previous.text }, { items: 'model-1', pages: previous.pages })).toEqual({});
    expect(searchReuse({ ...previous, text: '{"items": [' }, { items: 'model-1', pages: previous.pages })).toEqual({});
    expect(searchReuse({ ...previous, text: '{"items": 3}' }, { items: 'model-1', pages: previous.pages })).toEqual({});
    expect(searchReuse(undefined, { items: 'model-1', pages: previous.pages })).toEqual({});
  });
});
