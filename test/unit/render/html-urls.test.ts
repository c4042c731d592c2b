import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { htmlWithBase } from '../../../src/render/html-urls.ts';

describe('htmlWithBase', () => {
  it('gives every URL attribute the base, and nothing else', () => {
    const html = '<a class=x href="/docs/x?a=1&amp;b=2#s">a</a><a href="#top">t</a><a href="https://e.org/">e</a><a href="mailto:a@b">m</a>'
      + '<img src=/img/a.png srcset="/img/a.png 1x, /img/b.png 2x" alt=""><form action="/search"></form><a HREF=\'/q\'>q</a>';
    const $ = cheerio.load(htmlWithBase(html, '/PKI.js/'));
    expect($('a').map((_, a) => $(a).attr('href')).get()).toEqual(['/PKI.js/docs/x?a=1&b=2#s', '#top', 'https://e.org/', 'mailto:a@b', '/PKI.js/q']);
    expect($('img').attr('src')).toBe('/PKI.js/img/a.png');
    expect($('img').attr('srcset')).toBe('/PKI.js/img/a.png 1x, /PKI.js/img/b.png 2x');
    expect($('form').attr('action')).toBe('/PKI.js/search');
    expect($('a.x').length).toBe(1);
  });

  it('leaves text that only looks like an attribute alone (code samples, other attribute values)', () => {
    const html = '<pre><code>&lt;a href="/z"&gt; href="/y"</code></pre><p title=" href=/x">p</p>';
    expect(htmlWithBase(html, '/PKI.js/')).toBe(html);
  });

  it('changes nothing under the root base', () => {
    const html = '<a href="/docs/x">x</a>';
    expect(htmlWithBase(html, '/')).toBe(html);
  });
});
