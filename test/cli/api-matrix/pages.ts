// The built reference (out/docs/api) → the fact lines expected.ts writes from
// TypeDoc's JSON: each page's title, each index entry, and for each h3 its
// flags and every declaration (`code.sig`), as the HTML shows them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { fact, listed, titled } from './expected.ts';

const DIRS = ['classes', 'interfaces', 'enumerations', 'namespaces'];

/** The fact lines of every API page under `out`, with each declaration passed through `code`. */
export function pageFacts(out: string, code: (text: string) => string): string[] {
  const api = join(out, 'docs/api');
  const pages = ['globals', ...DIRS.flatMap((d) => (existsSync(join(api, d)) ? readdirSync(join(api, d)).filter((n) => !n.endsWith('.md')).map((n) => `${d}/${n}`) : []))];
  return pages.flatMap((page) => onePage(page, readFileSync(join(api, page, 'index.html'), 'utf8'), code));
}

function onePage(page: string, html: string, code: (text: string) => string): string[] {
  const $ = cheerio.load(html);
  const content = $('#__pkidocs-content');
  const out = [titled(page, content.find('h1').first().text())];
  content.find('section').each((_, section) => {
    const id = $(section).children('h2').attr('id') ?? '';
    $(section).find('dl.ix > dt').each((_, dt) => void out.push(listed(page, id, $(dt).text())));
    let heading = '';
    $(section).find('div.ms').children().each((_, el) => {
      if (el.tagName === 'h3') heading = $(el).text();
      if (el.tagName !== 'div') return;
      const flags = $(el).find('p.fl > span').map((_, s) => $(s).text()).get();
      $(el).find('code.sig').each((_, sig) => void out.push(fact(page, id, heading, flags, code($(sig).text()))));
    });
  });
  return out;
}
