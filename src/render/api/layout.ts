// Declaration lines broken past a width, as TypeDoc lays them out: a union one
// member per line (`| A`), an object type one member per line, parameters one
// per line, each level indented by four spaces. Types are built as a small
// document tree (after Wadler's "prettier printer"); a group is printed on one
// line when it fits in what is left of the line, else its line breaks are taken
// and its inner groups decide again. Strings are HTML: width counts the text.
import { oneOf, trimRun } from '../../shared/linear-text.ts';

export const LINE_WIDTH = 72;
const INDENT = 4;

export type Doc = string | readonly Doc[] | Group | Indent | Line | IfBreak;
/** `force`: always broken, and so is every group around it (a conditional chain, an object with accessors). */
interface Group { kind: 'group'; body: Doc; force?: boolean }
interface Indent { kind: 'indent'; body: Doc }
/** One line break: `flat` on one line; a newline, the indentation and `broken` otherwise. */
interface Line { kind: 'line'; flat: string; broken: string }
/** Text that depends on whether the enclosing group broke (a trailing `;` or `,`). */
interface IfBreak { kind: 'ifBreak'; flat: string; broken: string }

export const group = (body: Doc): Doc => ({ kind: 'group', body });
export const brokenGroup = (body: Doc): Doc => ({ kind: 'group', body, force: true });
export const indent = (body: Doc): Doc => ({ kind: 'indent', body });
export const line = (flat = ' ', broken = ''): Doc => ({ kind: 'line', flat, broken });
export const ifBreak = (broken: string, flat = ''): Doc => ({ kind: 'ifBreak', flat, broken });

/** Width of HTML as shown: tags take no room, an entity one column. */
export function textWidth(html: string): number {
  let width = 0;
  let inTag = false;
  for (let i = 0; i < html.length; i++) {
    const c = html[i];
    if (inTag) inTag = c !== '>';
    else if (c === '<') inTag = true;
    else if (c === '&') {
      const end = html.indexOf(';', i);
      if (end !== -1 && end - i < 10) i = end;
      width++;
    } else width++;
  }
  return width;
}

const widths = new WeakMap<object, number>();

function flatWidth(doc: Doc): number {
  if (typeof doc === 'string') return textWidth(doc);
  const known = widths.get(doc);
  if (known !== undefined) return known;
  let width: number;
  if (Array.isArray(doc)) width = (doc as readonly Doc[]).reduce<number>((n, d) => n + flatWidth(d), 0);
  else {
    const node = doc as Group | Indent | Line | IfBreak;
    width = node.kind === 'group' && node.force ? Infinity
      : node.kind === 'group' || node.kind === 'indent' ? flatWidth(node.body) : textWidth(node.flat);
  }
  widths.set(doc, width);
  return width;
}

/** Prints a document: on one line where it fits in `width` columns, broken where not. */
export function printDoc(doc: Doc, width = LINE_WIDTH): string {
  const out: string[] = [];
  let col = 0;
  const walk = (d: Doc, level: number, broken: boolean): void => {
    if (typeof d === 'string') {
      out.push(d);
      col += textWidth(d);
    } else if (Array.isArray(d)) {
      for (const part of d as readonly Doc[]) walk(part, level, broken);
    } else {
      const node = d as Group | Indent | Line | IfBreak;
      switch (node.kind) {
        case 'group':
          walk(node.body, level, broken && (node.force === true || col + flatWidth(node.body) > width));
          break;
        case 'indent':
          walk(node.body, level + INDENT, broken);
          break;
        case 'line':
          if (!broken) {
            out.push(node.flat);
            col += textWidth(node.flat);
          } else {
            if (out.length) out[out.length - 1] = trimRun(out[out.length - 1]!, oneOf(' '));
            out.push(`\n${' '.repeat(level)}${node.broken}`);
            col = level + textWidth(node.broken);
          }
          break;
        case 'ifBreak':
          out.push(broken ? node.broken : node.flat);
          col += textWidth(broken ? node.broken : node.flat);
          break;
      }
    }
  };
  // The root is "broken": every group below it decides for itself.
  walk(doc, 0, true);
  return out.join('');
}

/** Items separated by `separator` + a line, with a trailing `separator` when broken: `a, b` or `a,\n b,`. */
export function joinLines(items: readonly Doc[], separator: string): Doc[] {
  return items.flatMap((item, i) => (i === 0 ? [line('', ''), item] : [separator, line(' ', ''), item])).concat(ifBreak(separator));
}
