// What every member anchor of an API page names: `section:heading` for an h3
// (`methods:schema() static`), `…#n` for the n-th overload's own id. Used to
// record the ids once (test/fixtures/anchors/pkidocs) and to check them later.
import * as cheerio from 'cheerio';

export function apiAnchorMap(html: string): Record<string, string> {
  const $ = cheerio.load(html);
  const out: Record<string, string> = {};
  $('.api section').each((_, section) => {
    const sectionId = $(section).children('h2').attr('id') ?? '';
    $(section).find('h3[id]').each((_, h3) => {
      const heading = $(h3);
      const body = heading.next('.am');
      const isStatic = body.children('p.fl').children('span').toArray().some((s) => $(s).text() === 'static');
      const name = `${sectionId}:${heading.text()}${isStatic ? ' static' : ''}`;
      out[heading.attr('id')!] = name;
      body.children('.sg').each((i, sg) => {
        const id = $(sg).attr('id');
        if (id) out[id] = `${name}#${i}`;
      });
    });
  });
  return out;
}
