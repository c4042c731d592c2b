// HTML that would run code is a content error at its file line, in raw HTML
// and in Markdown links and images alike; other raw HTML passes.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { dangerousScheme, unsafeHtml } from '../../../src/content/plugins/remark-safe-html.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { ROOT } from '../../support/cli.ts';

const dir = join(ROOT, 'test/.tmp/safe-html-test');
let markdown: RenderMarkdown;

beforeAll(async () => {
  markdown = createDocMarkdown(await loadHighlighter(), new Map());
});

function check(body: string, lineOffset = 0) {
  const out = renderDoc({ file: join(dir, 'page.md'), body, lineOffset, data: { title: 'Page' } }, { markdown, routeOfFile: () => undefined, contentDir: dir });
  return out.diagnostics.map((d) => ({ code: d.code, line: d.line, message: d.message }));
}

describe('dangerousScheme', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    [' JavaScript:alert(1)', 'javascript:'],
    ['java\tscript:alert(1)', 'javascript:'],
    ['java\nscript:alert(1)', 'javascript:'],
    ['\u0001javascript:x', 'javascript:'],
    ['VBScript:msgbox', 'vbscript:'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'data:text/html'],
    ['DATA: text/html,<script>', 'data:text/html'],
  ])('%j is %s', (url, scheme) => {
    expect(dangerousScheme(url)).toBe(scheme);
  });

  it.each(['https://example.com/javascript:', '/docs/x', '#javascript', 'mailto:a@b.c', 'data:image/png;base64,AA==', 'javascript-guide.md'])('%j is allowed', (url) => {
    expect(dangerousScheme(url)).toBeUndefined();
  });
});

describe('unsafeHtml', () => {
  it('finds scripts, handlers and script URLs as a browser would read them, each at its line', () => {
    const html = '<div>\n<SCRIPT>x()</SCRIPT>\n<img src="x.png" OnError="x()">\n<a href="java&#x09;script:x()">a</a>\n<a href=" &#106;avascript:x()">b</a>\n<iframe srcdoc="&lt;script&gt;"></iframe>\n<form action="vbscript:x"></form>\n<svg><a xlink:href="javascript:x"><animate attributeName="href" to="javascript:x"/></a></svg>\n</div>';
    expect(unsafeHtml(html)).toEqual([
      { line: 1, message: 'a <script> element' },
      { line: 2, message: 'an inline event handler (onerror=) on <img>' },
      { line: 3, message: 'a javascript: URL in the href attribute of <a>' },
      { line: 4, message: 'a javascript: URL in the href attribute of <a>' },
      { line: 5, message: 'an HTML document in the srcdoc attribute of <iframe>' },
      { line: 6, message: 'a vbscript: URL in the action attribute of <form>' },
      { line: 7, message: 'a javascript: URL in the xlink:href attribute of <a>' },
      { line: 7, message: 'a javascript: URL in the to attribute of <animate>' },
    ]);
  });

  it('refuses the layout\'s ids in raw HTML', () => {
    expect(unsafeHtml('<div id="content"></div><p id="__pkidocs-x"></p><p id="contents"></p>').map((p) => p.message)).toEqual([
      'the id "content", which the page layout uses',
      'the id "__pkidocs-x", which the page layout uses',
    ]);
  });

  it('passes ordinary HTML (and text that only mentions scripts)', () => {
    expect(unsafeHtml('<details><summary>More</summary><p>The onerror attribute and <code>&lt;script&gt;</code>.</p><a href="https://x.org/?q=javascript:">x</a><img src="data:image/png;base64,AA==" alt="online"></details>')).toEqual([]);
  });
});

describe('the Markdown pipeline refuses code in pages', () => {
  it('reports raw HTML at its file line, front matter included', () => {
    const found = check('# T\n\nText\n\n<script>alert(document.cookie)</script>\n\nInline <img src=x onerror="alert(1)"> here.\n', 4);
    expect(found.map((f) => [f.code, f.line])).toEqual([['content/unsafe-html', 9], ['content/unsafe-html', 11]]);
    expect(found[0]!.message).toMatch(/^The page contains a <script> element\. Pages may not run code/);
    expect(found[1]!.message).toMatch(/^The page contains an inline event handler \(onerror=\) on <img>\./);
  });

  it('reports the line of a tag inside a multi-line HTML block', () => {
    expect(check('<div>\n<p>fine</p>\n<a href="javascript:void(0)">x</a>\n</div>\n').map((f) => f.line)).toEqual([3]);
  });

  it('reports Markdown links, images, autolinks and definitions to script URLs, entity-obfuscated too', () => {
    const found = check('[a](javascript:alert(1))\n\n![i](JaVaScRiPt:alert(1))\n\n<javascript:alert(1)>\n\n[r][d]\n\n[d]: java&#x09;script:alert(1)\n\n[e](data:text/html,<script>x</script>)\n\n[f](%20javascript:x)\n');
    expect(found.map((f) => [f.line, f.message.split('.')[0]])).toEqual([
      [1, 'The page contains a link to a javascript: URL'],
      [3, 'The page contains an image to a javascript: URL'],
      [5, 'The page contains a link to a javascript: URL'],
      [9, 'The page contains a link to a javascript: URL'],
      [11, 'The page contains a link to a data:text/html URL'],
    ]);
  });

  it('keeps other raw HTML and ordinary links', () => {
    expect(check('<details>\n<summary>More</summary>\n\nText with <kbd>Ctrl</kbd> and [a link](https://example.com) and ![img](./a.png).\n\n</details>\n')).toEqual([]);
  });
});
