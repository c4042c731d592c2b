// Static HTML and SVG files run their script at the site's origin, so the
// build refuses one with active content, naming the first such element or
// attribute and its line; the site's own static files still pass.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { activeMarkup, decodeMarkup } from '../../../src/content/static-markup.ts';
import { copyStatic, listStaticFiles } from '../../../src/output/copy-static.ts';
import { own } from '../../../src/output/guard.ts';
import { ROOT } from '../../support/cli.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';

describe('activeMarkup: SVG', () => {
  it('passes the site\'s own static SVG files and a plain image with gradients, <use> and an XML declaration', () => {
    const dir = join(ROOT, 'content/static');
    const svgs = readdirSync(dir).filter((n) => n.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    for (const name of svgs) expect(activeMarkup(name, readFileSync(join(dir, name), 'utf8'))).toBeUndefined();
    const plain = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand --><svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 8"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><circle id="c" r="2" fill="url(#g)"/><use xlink:href="#c" x="4"/><text x="1" y="7">hi</text></svg>`;
    expect(activeMarkup('plain.svg', plain)).toBeUndefined();
  });

  it.each([
    ['a <script>', `<svg ${SVG}>\n<script>document.title = "PWNED"</script></svg>`, 2, 'a <script> element'],
    ['an event handler', `<svg ${SVG}>\n\n<rect onload="alert(1)"/></svg>`, 3, 'an inline event handler (onload=) on <rect>'],
    ['a javascript: link', `<svg ${SVG}><a href="javascript:alert(1)"><rect/></a></svg>`, 1, 'a <a> element, which is not on the list of allowed SVG'],
    ['animation writing an href', `<svg ${SVG}><use href="#x"><set attributeName="href" to="javascript:alert(1)"/></use></svg>`, 1, 'a <set> element'],
    ['an href out of the file', `<svg ${SVG}><use href="data:image/svg+xml,x"/></svg>`, 1, 'the link href="data:image/svg+xml,x" on <use>'],
    ['HTML inside <foreignObject>', `<svg ${SVG}><foreignObject><img src="x" onerror="alert(1)"/></foreignObject></svg>`, 1, 'a <foreignObject> element'],
    ['a <style> element', `<svg ${SVG}><style>rect{fill:red}</style></svg>`, 1, 'a <style> element'],
    ['an XHTML script by namespace prefix', `<svg ${SVG}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`, 1, 'a <h:script> element'],
    ['an XHTML root namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>', 1, 'the namespace declaration xmlns="http://www.w3.org/1999/xhtml"'],
    ['a DOCTYPE declaring an entity', `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg ${SVG}>&x;</svg>`, 1, 'XML that is not well-formed (Named entity isn\'t defined: &x;)'],
    ['a DOCTYPE', `<!DOCTYPE svg>\n<svg ${SVG}/>`, 1, 'a DOCTYPE'],
    ['an XSLT stylesheet', `<?xml-stylesheet type="text/xsl" href="x.xsl"?><svg ${SVG}/>`, 1, 'the processing instruction <?xml-stylesheet?>'],
    ['a script after the <svg>', `<svg ${SVG}></svg>\n<script>alert(1)</script>`, 2, 'XML that is not well-formed (Extra content at the end of the document)'],
    // Read as HTML, a nested <title> is an HTML title whose content is text; read as XML (as a browser reads an .svg), it holds a <script>.
    ['a <script> in a <title> in a <desc>', `<svg ${SVG}>\n<desc><title>\n<script>document.title = "PWNED"</script></title></desc></svg>`, 3, 'a <script> element'],
    ['a <script> in a nested <title>', `<svg ${SVG}><title><title><script>alert(1)</script></title></title></svg>`, 1, 'a <script> element'],
    ['an <svg> in no namespace', '<svg width="1"><rect/></svg>', 1, 'a <svg> element outside the SVG namespace'],
    ['a prefixed SVG element', `<svg ${SVG} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`, 1, 'the namespace declaration xmlns:s='],
  ])('refuses %s, at its line', (_, text, line, what) => {
    const found = activeMarkup('image.svg', text);
    expect(found?.line).toBe(line);
    expect(found?.what).toContain(what);
  });
});

describe('activeMarkup: HTML', () => {
  it('passes a plain page and a verification file', () => {
    expect(activeMarkup('a.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><p>Hi <a href="https://example.org/">x</a></p></body></html>')).toBeUndefined();
    expect(activeMarkup('google1234.html', 'google-site-verification: google1234.html\n')).toBeUndefined();
  });

  it.each([
    ['a <script>', '<!doctype html><title>static</title>\n<script>document.title = "PWNED"</script>', 2, 'a <script> element'],
    ['<body onload>', '<!doctype html>\n<body onload="alert(1)">', 2, 'an inline event handler (onload=) on <body>'],
    ['a refresh to javascript:', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', 1, 'the attribute http-equiv= on <meta>'],
    ['a javascript: link', '<p>\n<a href="javascript:alert(1)">x</a>', 2, 'a javascript: URL in the href attribute of <a>'],
    ['an <img onerror> hidden in <svg><style>', '<p>x</p>\n<svg><style><img src=x onerror=alert(1)></style></svg>', 2, 'a <svg> element'],
    ['a <base> in the head', '<head><base href="https://evil.example/">', 1, 'a <base> element in <head>'],
    // A <frameset> page has no <body>: the frameset stands where the body would be.
    ['a <frameset> with an event handler', '<!doctype html><html><head><title>f</title></head>\n<frameset onload="alert(1)"><frame></frameset></html>', 2, 'a <frameset> element, which is not on the list of allowed HTML'],
    ['a <frame> with a javascript: URL', '<!doctype html><title>f</title>\n<frameset><frame src="javascript:alert(1)"></frameset>', 2, 'a <frameset> element'],
  ])('refuses %s, at its line', (_, text, line, what) => {
    const found = activeMarkup('page.html', text);
    expect(found?.line).toBe(line);
    expect(found?.what).toContain(what);
  });
});

describe('listStaticFiles', () => {
  const TMP = join(ROOT, 'test/.tmp/unit-static-markup');
  const STATIC = join(TMP, 'static');
  beforeEach(() => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(STATIC, { recursive: true });
  });
  afterAll(() => rmSync(TMP, { recursive: true, force: true }));

  it('lists a clean SVG and refuses an active one, naming the file, line and what to do', () => {
    writeFileSync(join(STATIC, 'logo.svg'), `<svg ${SVG}><rect width="2" height="2"/></svg>`);
    writeFileSync(join(STATIC, 'evil.svg'), `<svg ${SVG}>\n<rect/>\n<rect onclick="steal()"/></svg>`);
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(files.map((f) => f.path)).toEqual(['logo.svg']);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'content/active-static-file', severity: 'error', file: join(STATIC, 'evil.svg'), line: 3 });
    expect(diagnostics[0]!.message).toContain('an inline event handler (onclick=) on <rect>');
    expect(diagnostics[0]!.hint).toMatch(/export it again as plain SVG/);
  });
});

describe('static markup beyond HTML and SVG', () => {
  const TMP = join(ROOT, 'test/.tmp/unit-static-markup-more');
  const STATIC = join(TMP, 'static');
  beforeEach(() => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(STATIC, { recursive: true });
  });
  afterAll(() => rmSync(TMP, { recursive: true, force: true }));

  it('refuses XML documents a browser renders with script (XHTML, XSLT, .svgz), naming the file', () => {
    const xhtml = '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>document.title="PWNED"</script></body></html>';
    for (const name of ['evil.xhtml', 'evil.xml', 'style.xsl', 'logo.svgz']) writeFileSync(join(STATIC, name), xhtml);
    writeFileSync(join(STATIC, 'robots.txt'), 'User-agent: *\n');
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(files.map((f) => f.path)).toEqual(['robots.txt']);
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual(['evil.xhtml', 'evil.xml', 'logo.svgz', 'style.xsl'].map((n) => ['content/active-static-file', join(STATIC, n)]));
    expect(diagnostics[0]!.message).toMatch(/static\/evil\.xhtml is served by a static host as application\/xhtml\+xml, a document a browser renders/);
    expect(diagnostics[0]!.hint).toMatch(/Publish it as \.html or \.svg/);
  });

  it('decides by the content type a static host gives the extension (mime-db): any HTML or XML type is refused, other files are copied', () => {
    const xhtml = '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><script>document.title="PWNED"</script></body></html>';
    // .xsd and .rng are application/xml, .rss application/rss+xml, .xslt application/xslt+xml, .XHT application/xhtml+xml.
    for (const name of ['schema.xsd', 'grammar.rng', 'feed.rss', 'style.xslt', 'page.XHT', '.xml']) writeFileSync(join(STATIC, name), xhtml);
    for (const name of ['notes.txt', 'data.json', 'site.webmanifest', 'README']) writeFileSync(join(STATIC, name), xhtml);
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(files.map((f) => f.path).sort()).toEqual(['README', 'data.json', 'notes.txt', 'site.webmanifest']);
    expect(diagnostics.map((d) => /is served by a static host as (\S+),/.exec(d.message)?.[1])).toEqual(['application/rss+xml', 'application/xml', 'application/xhtml+xml', 'application/xml', 'application/xslt+xml']);
    // A hidden name (.xml) is never published, so not judged either.
    expect(diagnostics.some((d) => d.file?.endsWith('/.xml'))).toBe(false);
  });

  it.each([
    ['a UTF-16 byte order mark', Buffer.from('\uFEFF<svg/>', 'utf16le'), 1, 'a UTF-16 byte order mark'],
    ['bytes that are not UTF-8', Buffer.concat([Buffer.from('<p>\uFFFD</p>\n<p>'), Buffer.from([0xe9]), Buffer.from('</p>')]), 2, 'bytes that are not UTF-8'],
    ['the ESC of ISO-2022-JP', Buffer.from('<p>\n\u001b$B<!\u001b(B</p>'), 2, 'the control character U+001B'],
  ])('refuses %s before any parse, at its line', (_, bytes, line, what) => {
    const decoded = decodeMarkup(bytes);
    expect('problem' in decoded && decoded.problem.line).toBe(line);
    expect('problem' in decoded && decoded.problem.what).toContain(what);
  });

  it('refuses an XML declaration of another encoding in an SVG or HTML file, and keeps a UTF-8 byte order mark', () => {
    const svg = `<?xml version="1.0" encoding="ISO-2022-JP"?>\n<svg ${SVG}/>`;
    expect(activeMarkup('kanji.svg', svg)?.what).toMatch(/an XML declaration of the encoding "ISO-2022-JP": the file is checked as UTF-8/);
    expect(activeMarkup('kanji.html', svg.replace('<svg', '<p')?.replace('/>', '>'))?.what).toMatch(/"ISO-2022-JP"/);
    expect(activeMarkup('utf8.svg', svg.replace('ISO-2022-JP', 'utf-8'))).toBeUndefined();
    const bom = decodeMarkup(Buffer.from(`\uFEFF<svg ${SVG}/>`));
    expect(bom).toEqual({ text: `\uFEFF<svg ${SVG}/>` });
    expect(activeMarkup('bom.svg', (bom as { text: string }).text)).toBeUndefined();
  });

  it('refuses a static SVG file in UTF-16, naming the file', () => {
    writeFileSync(join(STATIC, 'wide.svg'), Buffer.from(`\uFEFF<svg ${SVG}><script>alert(1)</script></svg>`, 'utf16le'));
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(files).toEqual([]);
    expect(diagnostics[0]).toMatchObject({ code: 'content/active-static-file', file: join(STATIC, 'wide.svg'), line: 1 });
    expect(diagnostics[0]!.message).toContain('a UTF-16 byte order mark');
  });

  it('refuses an HTML page declaring an encoding other than UTF-8 (ISO-2022-JP escapes hide markup)', () => {
    const page = '<!doctype html><html><head><meta charset="iso-2022-jp"><title>t</title></head><body><p>hi</p></body></html>';
    expect(activeMarkup('page.html', page)?.what).toMatch(/<meta charset="iso-2022-jp">: the file is checked as UTF-8/);
    expect(activeMarkup('page.html', page.replace('iso-2022-jp', 'UTF-8'))).toBeUndefined();
  });

  it('publishes the text it checked, not a file swapped in after the check', async () => {
    const clean = '<!doctype html><html><head><title>t</title></head><body><p>clean</p></body></html>';
    writeFileSync(join(STATIC, 'page.html'), clean);
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(diagnostics).toEqual([]);
    writeFileSync(join(STATIC, 'page.html'), '<script>document.title="PWNED"</script>');
    const out = join(TMP, 'out');
    const forget = await own(out, 'static-markup-test');
    try {
      await copyStatic(files, out);
    } finally {
      forget();
    }
    expect(readFileSync(join(out, 'page.html'), 'utf8')).toBe(clean);
  });
});
