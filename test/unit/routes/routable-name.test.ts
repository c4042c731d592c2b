// The names an API page path or anchor may be made of (api-urls.ts): the
// build refuses any other export name (api/unroutable-name).
import { describe, expect, it } from 'vitest';
import { isRoutableName } from '../../../src/routes/api-urls.ts';

describe('isRoutableName', () => {
  it('accepts an identifier and a namespace member', () => {
    expect(['Certificate', 'Geometry.area', '$x', '_y', 'café'].filter((name) => !isRoutableName(name))).toEqual([]);
  });

  it('refuses a path, a space, a leading digit and an empty name or part', () => {
    expect(['../Certificate', 'a/b', 'a b', '1a', '', 'a..b', '.a', 'a.'].filter((name) => isRoutableName(name))).toEqual([]);
  });
});
