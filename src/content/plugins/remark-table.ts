// Generated tables, so that a table of codes or OIDs cannot drift from the
// code it describes:
//
//   ```table rows=./data/oids.ts#OID_ROWS
//   OID = `oid`
//   Name = name
//   ```
//   ```table rows=enum:ChainValidationCode explain=./data/codes.ts#chain key=name
//   Code = `value`
//   Meaning = meaning
//   ```
//
// `rows` is an array export of a data module (src/content/data-module.ts) or
// the members of an enumeration of the API model (`enum:Name`, rows
// `{ name, value }` in value order). `explain` merges a second export into the
// rows by `key`; a row without an explanation, or an explanation without a
// row, fails the build, so a new code in pkijs cannot go unexplained. Each line
// of the fence is a column: `Header = field`, or `` Header = `field` `` for a
// cell in code style. Cells are inline Markdown (links, emphasis, code); raw
// HTML in data is shown as text. Relative links in data resolve from the page.
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { Code, PhrasingContent, Root, RootContent, Table, TableCell } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { error } from '../../diagnostics/diagnostic.ts';
import { loadDataModule, type DataValue } from '../data-module.ts';
import { isInside } from '../../shared/path-inside.ts';
import { realpathOrUndefined } from '../read-file.ts';
import type { DocContext } from './context.ts';

/** What tables may read of the API model (built by routes/api.ts). */
export interface ApiFacts {
  /** Each enumeration's members with their values, in value order. */
  enums: ReadonlyMap<string, readonly { name: string; value: number | string }[]>;
}

type Row = Record<string, DataValue>;

interface Column {
  header: string;
  field: string;
  code: boolean;
}

/** Class name of generated tables: the search index leaves them out (they are data, not prose). */
export const GENERATED_TABLE_CLASS = 'data-table';

const cellParser = unified().use(remarkParse).use(remarkGfm).freeze();

export default function remarkTable(facts: ApiFacts = { enums: new Map() }) {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.doc;
    if (!ctx) return;
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.lang !== 'table' || index === undefined || !parent) return;
      const line = (node.position?.start.line ?? 1) + ctx.lineOffset;
      const fail = (code: string, message: string, hint: string): void => {
        ctx.report(error('content', `content/${code}`, message, { file: ctx.source, line, hint }));
      };
      const table = buildTable(node, ctx, facts, fail);
      if (!table) return;
      parent.children.splice(index, 1, table as RootContent);
    });
  };
}

type Fail = (code: string, message: string, hint: string) => void;

function buildTable(node: Code, ctx: DocContext, facts: ApiFacts, fail: Fail): Table | undefined {
  const meta = node.meta ?? '';
  const attr = (name: string): string | undefined => new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(meta)?.[1];
  const rowsRef = attr('rows');
  const explainRef = attr('explain');
  const key = attr('key');
  if (!rowsRef) {
    fail('table-directive', 'The table block has no rows=… attribute.', 'Write ```table rows=./file.ts#export (or rows=enum:Name), then one `Header = field` line per column.');
    return undefined;
  }
  if (explainRef && !key) {
    fail('table-directive', `The table block merges ${explainRef} but has no key=… attribute naming the field that matches rows to explanations.`, 'Add key=<field>, e.g. key=name.');
    return undefined;
  }
  const columns = parseColumns(node.value);
  if (typeof columns === 'string') {
    fail('table-directive', `The table block's column line "${columns}" is not "Header = field".`, 'Write one column per line: `Header = field`, or `Header = `field`` for code style.');
    return undefined;
  }
  let rows = rowsRef.startsWith('enum:') ? enumRows(rowsRef.slice(5), facts, fail) : exportOf(rowsRef, ctx, fail);
  if (!rows) return undefined;
  if (explainRef && key) {
    rows = merge(rows, explainRef, key, ctx, fail);
    if (!rows) return undefined;
  }
  for (const [i, row] of rows.entries()) {
    const missing = columns.find((c) => !Object.hasOwn(row, c.field)); // own fields only: every object "has" constructor and toString
    if (missing) {
      fail('table-field', `Row ${i + 1} of the table (${rowsRef}) has no field "${missing.field}" for the column "${missing.header}".`, 'Add the field to the data or fix the column line.');
      return undefined;
    }
  }
  const position = node.position;
  const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children, position });
  return {
    type: 'table',
    align: columns.map(() => null),
    position,
    data: { hProperties: { className: [GENERATED_TABLE_CLASS] } },
    children: [
      { type: 'tableRow', children: columns.map((c) => cell([{ type: 'text', value: c.header }])) },
      ...rows.map((row) => ({
        type: 'tableRow' as const,
        children: columns.map((c) => cell(c.code ? [{ type: 'inlineCode', value: text(row[c.field]) }] : inline(text(row[c.field]), position))),
      })),
    ],
  };
}

function parseColumns(spec: string): Column[] | string {
  const columns: Column[] = [];
  for (const raw of spec.split('\n')) {
    const lineText = raw.trim();
    if (!lineText) continue;
    // Split at the last "=" (a field name holds none) instead of a lazy pattern with \s* around "=":
    // that backtracks n²/2 steps on a line of n blanks with no "=", minutes for one line.
    const at = lineText.lastIndexOf('=');
    const header = lineText.slice(0, Math.max(at, 0)).trimEnd();
    const value = lineText.slice(at + 1).trim();
    const code = value.length > 2 && value.startsWith('`') && value.endsWith('`');
    const field = code ? value.slice(1, -1) : value;
    if (at < 0 || !header || !/^[A-Za-z_$][\w$]*$/.test(field)) return lineText.length > 80 ? `${lineText.slice(0, 80)}…` : lineText;
    columns.push({ header, field, code });
  }
  return columns.length ? columns : '(no columns)';
}

function text(value: DataValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Inline Markdown of a cell; raw HTML becomes text. */
function inline(markdown: string, position: Code['position']): PhrasingContent[] {
  const root = cellParser.parse(markdown);
  const out: PhrasingContent[] = [];
  for (const block of root.children) {
    if (out.length) out.push({ type: 'text', value: ' ' });
    if (block.type === 'paragraph') out.push(...block.children);
    else out.push({ type: 'text', value: markdown });
  }
  visit({ type: 'paragraph', children: out } as never, (n: { type: string; value?: string; position?: unknown }) => {
    if (n.type === 'html') n.type = 'text';
    n.position = position;
  });
  return out;
}

function enumRows(name: string, facts: ApiFacts, fail: Fail): Row[] | undefined {
  const members = facts.enums.get(name);
  if (!members) {
    fail('table-unknown-enum', `The table reads enum:${name}, but the API has no enumeration "${name}".`, `Use one of: ${[...facts.enums.keys()].join(', ') || '(none)'}.`);
    return undefined;
  }
  return members.map((m) => ({ name: m.name, value: m.value }));
}

/** An array-of-objects or object export of a data module: `./file.ts#name`. */
function loadExport(ref: string, ctx: DocContext, fail: Fail): DataValue | undefined {
  const [target = '', name] = ref.split('#');
  if (!name) {
    fail('table-directive', `The table reads "${ref}", which names no export.`, 'Write the export after a #, e.g. rows=./data.ts#rows.');
    return undefined;
  }
  const abs = resolve(dirname(ctx.source), target);
  if (isAbsolute(target) || !isInside(abs, resolve(ctx.contentDir), { orSelf: true }) || !isInside(realpathOrUndefined(abs) ?? abs, realpathOrUndefined(ctx.contentDir) ?? ctx.contentDir, { orSelf: true })) {
    fail('table-outside', `The table reads "${target}", which is outside the content folder.`, 'Data modules are read from the content folder only: use a relative path that stays inside it.');
    return undefined;
  }
  if (realpathOrUndefined(abs) === undefined) {
    fail('table-missing-module', `The table reads "${target}", which does not exist.`, `Create ${relative(process.cwd(), abs)} or fix the path (relative to the page).`);
    return undefined;
  }
  const loaded = loadDataModule(abs, ctx.contentDir);
  if (loaded.problem !== undefined) {
    fail('table-data-module', `The data module ${target} cannot be read: ${loaded.problem}.`, 'A data module is TypeScript that exports plain data (strings, numbers, arrays, objects) and imports only files of the content folder.');
    return undefined;
  }
  for (const input of loaded.module.inputs) ctx.dependencies.add(input);
  if (!(name in loaded.module.exports)) {
    fail('table-missing-export', `The data module ${target} has no export "${name}".`, `It exports: ${Object.keys(loaded.module.exports).join(', ') || '(nothing)'}.`);
    return undefined;
  }
  return loaded.module.exports[name];
}

const isRow = (v: DataValue): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

function exportOf(ref: string, ctx: DocContext, fail: Fail): Row[] | undefined {
  const value = loadExport(ref, ctx, fail);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isRow)) {
    fail('table-rows', `The rows ${ref} are not an array of objects.`, 'Export an array with one object per row.');
    return undefined;
  }
  return value;
}

function merge(rows: Row[], ref: string, key: string, ctx: DocContext, fail: Fail): Row[] | undefined {
  const value = loadExport(ref, ctx, fail);
  if (value === undefined) return undefined;
  const byKey = new Map<string, Row>();
  if (Array.isArray(value) && value.every(isRow)) {
    for (const e of value) byKey.set(text(e[key]), e);
  } else if (isRow(value) && Object.values(value).every(isRow)) {
    for (const [k, e] of Object.entries(value)) byKey.set(k, e as Row);
  } else {
    fail('table-rows', `The explanations ${ref} are neither an array of objects nor an object of objects.`, `Export an object keyed by ${key}, or an array of objects with a ${key} field.`);
    return undefined;
  }
  const keys = new Set(rows.map((r) => text(r[key])));
  const unexplained = [...keys].filter((k) => !byKey.has(k));
  if (unexplained.length) {
    fail('table-missing-explanation', `The table has rows with no explanation in ${ref}: ${unexplained.join(', ')}.`, `Add an entry for each to ${ref.split('#')[0]} (keyed by ${key}); every row must be explained.`);
    return undefined;
  }
  const stale = [...byKey.keys()].filter((k) => !keys.has(k));
  if (stale.length) {
    fail('table-stale-explanation', `${ref} explains ${stale.join(', ')}, which the table's rows do not have.`, 'Remove the entry, or fix its key if the code was renamed.');
    return undefined;
  }
  return rows.map((r) => ({ ...byKey.get(text(r[key]))!, ...r }));
}
