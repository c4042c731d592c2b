// What the link check reads from a page: every element id, the name of an
// <a name> anchor, and the href of every <a> (entities decoded), nothing else.
import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
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

/** What htmlparser2's Parser reports for the same HTML: the reference collectLinks must match exactly. */
function byParser(html: string): { ids: string[]; hrefs: string[] } {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if (attrs.id) ids.add(attrs.id);
      if (name === 'a' && attrs.name) ids.add(attrs.name);
      if (name === 'a' && attrs.href !== undefined) hrefs.push(attrs.href);
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return { ids: [...ids], hrefs };
}

describe('collectLinks reads what the HTML parser reads', () => {
  const cases: Record<string, string> = {
    'upper-case tags and attributes': '<A HREF="/up" NAME="Top">x</A><DIV ID="Big"></DIV><aB href="/ab">no</aB>',
    'names and hrefs of other one-letter elements': '<b href="/b" name="b-name">x</b><p name="p-name" id="p-id">y</p><i href="/i">z</i><q name="q">w</q>',
    'the first of a repeated attribute': '<a href="/one" href="/two" id="i1" id="i2" name="n1" NAME="n2">x</a>',
    'entities in values': '<a href="/q?a=1&amp;b=&#x32;&#51;&lt;&quot;&nbsp;" id="&eacute;t&eacute;">x</a><a href=\'/s&apos;\'>y</a>',
    'unquoted and valueless attributes': '<a href=/bare id=plain>x</a><a href>empty</a><a name>none</a><div id></div>',
    'self-closing elements and foreign content': '<svg><a href="/in-svg" id="svg-a"/><use id="u"/></svg><a href="/after"/>',
    'raw text elements hide tags': '<script>"<a href=/no id=no>"</script><style>a{}</style><title><a href="/t"></title><textarea id="ta"><a href="/ta"></textarea><a href="/yes">',
    'comments, CDATA and declarations': '<!doctype html><!-- <a href="/c" id="c"> --><![CDATA[<a href="/cd">]]><?pi <a href="/pi"> ?><a href="/real">',
    'attributes on closing tags and stray brackets': '<a href="/x">a</a id="closing"><p id="p1">1 < 2 > 0</p><a href="/y" id="y">',
    'a tag cut short at the end': '<a href="/done">x</a><a href="/cut" id="cut"',
    'odd whitespace and quotes': '<a\nhref\t=\n"/ws"\nid = \'q\' >x</a><a id="one"two="/z">',
  };
  for (const [name, html] of Object.entries(cases)) {
    it(name, () => {
      const mine = collectLinks(html);
      expect({ ids: [...mine.ids], hrefs: mine.hrefs }).toEqual(byParser(html));
    });
  }

  it('on a whole page of real markup', () => {
    const page = `<!doctype html><html><head><title>T &amp; U</title><script>const s = "</div><a href='/no'>";</script></head><body><nav><ul>${
      Array.from({ length: 50 }, (_, i) => `<li class="menu__item"><a class="menu__link${i === 7 ? ' menu__link--active' : ''}" href="/docs/p${i}#s&amp;${i}" aria-current="${i === 7 ? 'page' : ''}">P${i}</a></li>`).join('')
    }</ul></nav><main><h2 id="intro">Intro<a href="#intro" class="hash-link">#</a></h2><a name="old"></a></main></body></html>`;
    const mine = collectLinks(page);
    expect(mine.hrefs).toHaveLength(51);
    expect({ ids: [...mine.ids], hrefs: mine.hrefs }).toEqual(byParser(page));
  });
});
