// What the link check reads from a page: every element id, the name of an
// <a name> anchor, and the href of every <a> (entities decoded), nothing else.
import { describe, expect, it } from 'vitest';
import { collectLinks } from '../../../src/links/collect.ts';

describe('collectLinks', () => {
  it('takes ids from any element and names from <a> only', () => {
    const { ids } = collectLinks('<h2 id="one">1</h2><a name="two">2</a><div name="three"></div><input name="four"><p id="a&amp;b"></p>');
    expect([...ids]).toEqual(['one', 'two', 'a&b']);
  });

  it('takes hrefs from <a> only, an empty one included, decoded', () => {
    const { hrefs } = collectLinks('<link href="/style.css"><a href="/x?a=1&amp;b=2">x</a><a>no href</a><a href="">empty</a><area href="/map">');
    expect(hrefs).toEqual(['/x?a=1&b=2', '']);
  });
});
