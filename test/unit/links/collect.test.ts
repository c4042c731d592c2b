// What the link check reads from a page: every element id, the name of an
// <a name> anchor, the href of every <a> (entities decoded), and the URLs of
// the files the page loads, nothing else.
import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import { collectLinks, srcsetUrls } from '../../../src/links/collect.ts';

describe('collectLinks', () => {
  it('takes ids from any element and names from <a> only', () => {
    const { ids } = collectLinks('<h2 id="one">1</h2><a name="two">2</a><div name="three"></div><input name="four"><p id="a&amp;b"></p>');
    expect([...ids]).toEqual(['one', 'two', 'a&b']);
  });

  it('takes hrefs from <a> only, an empty one included, decoded', () => {
    const { hrefs } = collectLinks('<link href="/style.css"><a href="/x?a=1&amp;b=2">x</a><a>no href</a><a href="">empty</a><area href="/map">');
    expect(hrefs).toEqual(['/x?a=1&b=2', '']);
  });

  it('takes the files a page loads: images, sources, scripts, and links whose rel fetches them, not canonical or alternate', () => {
    const { loads, hrefs } = collectLinks([
      '<link rel="canonical" href="https://pkijs.org/docs/x"><link rel="alternate" href="/docs/x.md"><link rel="ICON" href="/favicon.svg">',
      '<link href="/s.css" rel="preload stylesheet"><link rel="manifest" href="/site.webmanifest"><link rel="next" href="/docs/y">',
      '<img src="/img/a.png" srcset="/img/a-2x.png 2x, /img/a-3x.png 3x"><img src=""><picture><source srcset="/img/b.webp" src="/ignored"></picture>',
      '<script src="/_pkidocs/app.js"></script><script>"<img src=/no>"</script><a href="/docs/z"><img src="/img/c.png" src="/img/second.png"></a>',
    ].join(''));
    expect(loads).toEqual(['/favicon.svg', '/s.css', '/site.webmanifest', '/img/a.png', '/img/a-2x.png', '/img/a-3x.png', '/ignored', '/img/b.webp', '/_pkidocs/app.js', '/img/c.png']);
    expect(hrefs).toEqual(['/docs/z']);
  });

  it('splits a srcset as a browser does: a URL to whitespace, descriptors to a comma outside parentheses', () => {
    expect(srcsetUrls(' a.png 1x,b.png  2x , c, d.png 480w,data:image/png;base64,AAA= 3x,,e.png')).toEqual(['a.png', 'b.png', 'c', 'd.png', 'data:image/png;base64,AAA=', 'e.png']);
    // A comma inside a URL is part of it (only commas at its end close it).
    expect(srcsetUrls('x,y.png 1x')).toEqual(['x,y.png']);
    expect(srcsetUrls('f.png (max-width: 1px, 2px) 1x, g.png')).toEqual(['f.png', 'g.png']);
    expect(srcsetUrls('')).toEqual([]);
  });
});

/** What htmlparser2's Parser reports for the same HTML: the reference collectLinks must match exactly. */
function byParser(html: string): { ids: string[]; hrefs: string[]; loads: string[] } {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  const loads: string[] = [];
  const load = (url: string | undefined): void => {
    if (url?.trim()) loads.push(url.trim());
  };
  const rels = new Set(['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'mask-icon', 'stylesheet', 'preload', 'modulepreload', 'prefetch', 'manifest']);
  const parser = new Parser({
    onopentag(name, attrs) {
      if (attrs.id) ids.add(attrs.id);
      if (name === 'a' && attrs.name) ids.add(attrs.name);
      if (name === 'a' && attrs.href !== undefined) hrefs.push(attrs.href);
      if (name === 'link' && attrs.rel?.toLowerCase().split(/\s+/).some((r) => rels.has(r))) load(attrs.href);
      if (name === 'img' || name === 'source' || name === 'script') load(attrs.src);
      if ((name === 'img' || name === 'source') && attrs.srcset !== undefined) srcsetUrls(attrs.srcset).forEach(load);
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return { ids: [...ids], hrefs, loads };
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
    'files a page loads, in any case and order': '<LINK HREF="/f.svg" REL="Icon"><link rel=stylesheet href=/s.css rel=canonical><IMG SRCSET="/a.png 1x" SRC=" /b.png "><Script src="/x.js" SRC="/y.js"></Script><source src="/v.mp4"><imgx src="/no"><img srcset>',
    'loads beside ids and names': '<img id="pic" name="n" src="/p.png" href="/no"><script id="s" srcset="/no.js"></script><link id="l" href="/no.css"><a src="/no" href="/a">a</a>',
  };
  for (const [name, html] of Object.entries(cases)) {
    it(name, () => {
      const mine = collectLinks(html);
      expect({ ids: [...mine.ids], hrefs: mine.hrefs, loads: mine.loads }).toEqual(byParser(html));
    });
  }

  it('on a whole page of real markup', () => {
    const page = `<!doctype html><html><head><title>T &amp; U</title><script>const s = "</div><a href='/no'>";</script></head><body><nav><ul>${
      Array.from({ length: 50 }, (_, i) => `<li class="menu__item"><a class="menu__link${i === 7 ? ' menu__link--active' : ''}" href="/docs/p${i}#s&amp;${i}" aria-current="${i === 7 ? 'page' : ''}">P${i}</a></li>`).join('')
    }</ul></nav><main><h2 id="intro">Intro<a href="#intro" class="hash-link">#</a></h2><a name="old"></a></main></body></html>`;
    const mine = collectLinks(page);
    expect(mine.hrefs).toHaveLength(51);
    expect({ ids: [...mine.ids], hrefs: mine.hrefs, loads: mine.loads }).toEqual(byParser(page));
  });
});
