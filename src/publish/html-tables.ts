// The generated tables of a rendered page (```table fences, rendered by
// content/plugins/remark-table.ts with the class `data-table`) as GFM
// Markdown tables, in page order, so a page's Markdown twin shows the rows
// rather than the fence that builds them.
import { Parser } from 'htmlparser2';
import { GENERATED_TABLE_CLASS } from '../content/plugins/remark-table.ts';

const cell = (s: string): string => s.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

export function generatedTables(html: string, link: (href: string) => string): string[] {
  const tables: string[] = [];
  let rows: string[][] | undefined;
  let row: string[] = [];
  let text: string | undefined;
  let href: string | undefined;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'table' && (attrs.class ?? '').split(/\s+/).includes(GENERATED_TABLE_CLASS)) rows = [];
      if (!rows) return;
      if (name === 'tr') row = [];
      else if (name === 'td' || name === 'th') text = '';
      else if (name === 'code' && text !== undefined) text += '`';
      else if (name === 'a' && text !== undefined) {
        href = attrs.href;
        text += '[';
      }
    },
    ontext(t) {
      if (text !== undefined) text += t;
    },
    onclosetag(name) {
      if (!rows) return;
      if (name === 'code' && text !== undefined) text += '`';
      else if (name === 'a' && text !== undefined) text += href ? `](${link(href)})` : ']';
      else if ((name === 'td' || name === 'th') && text !== undefined) {
        row.push(cell(text));
        text = undefined;
      } else if (name === 'tr') rows.push(row);
      else if (name === 'table') {
        const [head = [], ...body] = rows;
        tables.push([`| ${head.join(' | ')} |`, `|${head.map(() => ' --- |').join('')}`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
        rows = undefined;
      }
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return tables;
}
