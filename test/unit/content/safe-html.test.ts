// Raw HTML is parsed as a browser parses it and checked against the
// allow-list: what it refuses is a content error at its file line (Markdown
// links and images included), the package's text is cleaned with a warning,
// and what it allows is kept as written.
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { sanitizeHtmlFragment } from '../../../src/shared/safe-html.ts';
import { ROOT } from '../../support/cli.ts';

const dir = join(ROOT, 'test/.tmp/safe-html-test');
let markdown: RenderMarkdown;

beforeAll(async () => {
  markdown = createDocMarkdown(await loadHighlighter(), new Map());
});

function render(body: string, lineOffset = 0, markup: 'refuse' | 'strip' = 'refuse') {
  return renderDoc({ file: join(dir, 'page.md'), body, lineOffset, data: { title: 'Page' } }, { markdown, routeOfFile: () => undefined, contentDir: dir }, markup);
}

function check(body: string, lineOffset = 0) {
  return render(body, lineOffset).diagnostics.map((d) => ({ code: d.code, line: d.line, message: d.message }));
}

const what = (html: string): string[] => sanitizeHtmlFragment(html).problems.map((p) => p.what);

describe('the allow-list, on HTML parsed as a browser parses it', () => {
  it('finds scripts, handlers and script URLs as a browser would read them', () => {
    expect(what('<div>\n<SCRIPT>x()</SCRIPT>\n<img src="x.png" OnError="x()">\n<a href="java&#x09;script:x()">a</a>\n<a href=" &#106;avascript:x()">b</a>\n<iframe srcdoc="&lt;script&gt;"></iframe>\n<form action="vbscript:x"></form>\n</div>')).toEqual([
      'a <script> element',
      'an inline event handler (onerror=) on <img>',
      'a javascript: URL in the href attribute of <a>',
      'a javascript: URL in the href attribute of <a>',
      'a <iframe> element, which is not on the list of allowed HTML',
      'a <form> element, which is not on the list of allowed HTML',
    ]);
  });

  it('refuses the layout\'s ids, styles and unknown attributes', () => {
    expect(what('<div id="__pkidocs-content"></div><p id="__pkidocs-x"></p><p id="contents" style="color:red" foo="1"></p>')).toEqual([
      'the id "__pkidocs-content", which the page layout uses',
      'the id "__pkidocs-x", which the page layout uses',
      'the attribute style= on <p>, which is not on the list of allowed HTML',
      'the attribute foo= on <p>, which is not on the list of allowed HTML',
    ]);
  });

  it('keeps ordinary HTML as written (and text that only mentions scripts)', () => {
    const html = '<details open><summary>More</summary><p>The onerror attribute and <code>&#x3C;script></code>.</p><a href="https://x.org/?q=javascript:">x</a><img src="/img/a.png" alt="online"></details>';
    expect(sanitizeHtmlFragment(html)).toEqual({ html, problems: [] });
  });

  it('removes everything refused, text of script-like elements included', () => {
    const { html } = sanitizeHtmlFragment('<p>a<script>x()</script><style>p{}</style><img src=x onerror=y()><a href="javascript:x">b</a></p>');
    expect(html).toBe('<p>a<img src="x"><a>b</a></p>');
  });
});

describe('the Markdown pipeline refuses code in pages', () => {
  it('reports raw HTML at its file line, front matter included', () => {
    const found = check('# T\n\nText\n\n<script>alert(document.cookie)</script>\n\nInline <img src=x onerror="alert(1)"> here.\n', 4);
    expect(found.map((f) => [f.code, f.line])).toEqual([['content/unsafe-html', 9], ['content/unsafe-html', 11]]);
    expect(found[0]!.message).toMatch(/^The page contains a <script> element\. Pages may hold only the HTML of the allow-list/);
    expect(found[1]!.message).toMatch(/^The page contains an inline event handler \(onerror=\) on <img>\./);
  });

  it('reports the line of a tag inside a multi-line HTML block', () => {
    expect(check('<div>\n<p>fine</p>\n<a href="javascript:void(0)">x</a>\n</div>\n').map((f) => f.line)).toEqual([3]);
  });

  it('reports Markdown links, images, autolinks and references to script URLs, entity-obfuscated and percent-encoded too', () => {
    const found = check('[a](javascript:alert(1))\n\n![i](JaVaScRiPt:alert(1))\n\n<javascript:alert(1)>\n\n[r][d]\n\n[d]: java&#x09;script:alert(1)\n\n[e](data:text/html,<script>x</script>)\n\n[f](javascript:alert%281%29%3D1)\n');
    expect(found.map((f) => [f.line, f.message.split('. ')[0]])).toEqual([
      [1, 'The page contains a javascript: URL in the href attribute of <a>'],
      [3, 'The page contains a javascript: URL in the src attribute of <img>'],
      [5, 'The page contains a javascript: URL in the href attribute of <a>'],
      [7, 'The page contains a java%09script: URL in the href attribute of <a>'],
      [11, 'The page contains a data: URL in the href attribute of <a>'],
      [13, 'The page contains a javascript: URL in the href attribute of <a>'],
    ]);
  });

  it('keeps other raw HTML, ordinary links, tables, task lists and footnotes', () => {
    const { page, diagnostics } = render('<details>\n<summary>More</summary>\n\nText with <kbd>Ctrl</kbd> and [a link](https://example.com) and ![img](./a.png).\n\n</details>\n\n| a | b |\n|:-:|---|\n| 1 | 2 |\n\n- [x] done\n\nNote[^1].\n\n[^1]: The note.\n');
    expect(diagnostics).toEqual([]);
    const $ = cheerio.load(page.html);
    expect($('details > summary').text()).toBe('More');
    expect($('kbd').text()).toBe('Ctrl');
    expect($('td[align="center"]').length).toBe(1);
    expect($('input[type="checkbox"][disabled][checked]').length).toBe(1);
    expect($('a[data-footnote-ref][href="#user-content-fn-1"]').length).toBe(1);
    expect($('li#user-content-fn-1').length).toBe(1);
  });

  it('cleans the package\'s text with a warning instead of failing', () => {
    const { page, diagnostics } = render('Badge <img src=x onerror="alert(1)">\n', 0, 'strip');
    expect(diagnostics.map((d) => [d.severity, d.line, d.message.split('. ')[0]])).toEqual([['warning', 1, 'The package\'s text contains an inline event handler (onerror=) on <img>']]);
    expect(page.html).toContain('<img src="x">');
    expect(page.html).not.toMatch(/onerror/i);
  });
});
