// The ```table directive and the data modules it reads: rendered tables,
// explanations merged by key, and the build errors (file:line) for a code
// without an explanation and for hostile data modules.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { ROOT } from '../../support/cli.ts';

const dir = join(ROOT, 'test/.tmp/table-test');
const content = join(dir, 'content');
let markdown: RenderMarkdown;
const enums = new Map([['Colour', [{ name: 'red', value: 1 }, { name: 'green', value: 2 }]]]);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(content, 'data'), { recursive: true });
  writeFileSync(join(dir, 'outside.ts'), 'export const secret = "outside";\n');
  markdown = createDocMarkdown(await loadHighlighter(), new Map(), { enums });
});

function module(name: string, source: string): void {
  writeFileSync(join(content, 'data', name), source);
}

function render(body: string) {
  const out = renderDoc({ file: join(content, 'page.md'), body, lineOffset: 4, data: { title: 'Page' } }, {
    markdown,
    routeOfFile: () => undefined,
    contentDir: content,
  });
  return { ...out, $: cheerio.load(out.page.html) };
}

const cells = ($: cheerio.CheerioAPI) => $('table tr').map((_, tr) => [$(tr).children().map((__, c) => $(c).text()).get()]).get() as string[][];

describe('```table', () => {
  it('renders rows of a data module, computed and imported, with code and Markdown cells', () => {
    module('parts.ts', 'export const base = "1.2";\n');
    module('rows.ts', 'import { base } from "./parts.ts";\nexport const rows = [1, 2].map((n) => ({ oid: `${base}.${n}`, name: `[n${n}](https://example.com/${n}) *x*` }));\n');
    const { $, diagnostics, page } = render('```table rows=./data/rows.ts#rows\nOID = `oid`\nName = name\n```');
    expect(diagnostics).toEqual([]);
    expect(cells($)).toEqual([['OID', 'Name'], ['1.2.1', 'n1 x'], ['1.2.2', 'n2 x']]);
    expect($('table.data-table td code').first().text()).toBe('1.2.1');
    expect($('td a').attr('href')).toBe('https://example.com/1');
    expect($('td em').length).toBe(2);
    // Both files are dependencies, so watch mode re-renders the page when either changes.
    expect(page.dependencies.map((f) => f.slice(content.length))).toEqual(expect.arrayContaining(['/data/rows.ts', '/data/parts.ts']));
  });

  it('takes the rows of an enumeration of the API model in value order and merges explanations by key', () => {
    module('colours.ts', 'export const colours = { green: { meaning: "go" }, red: { meaning: "stop" } };\n');
    const { $, diagnostics } = render('```table rows=enum:Colour explain=./data/colours.ts#colours key=name\nValue = `value`\nName = name\nMeaning = meaning\n```');
    expect(diagnostics).toEqual([]);
    expect(cells($)).toEqual([['Value', 'Name', 'Meaning'], ['1', 'red', 'stop'], ['2', 'green', 'go']]);
  });

  it('fails the build at the fence when a row has no explanation, or an explanation no row', () => {
    module('partial.ts', 'export const colours = { red: { meaning: "stop" } };\n');
    const { diagnostics } = render('text\n\n```table rows=enum:Colour explain=./data/partial.ts#colours key=name\nMeaning = meaning\n```');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'content/table-missing-explanation', file: join(content, 'page.md'), line: 7 });
    expect(diagnostics[0]!.message).toContain('green');
    module('extra.ts', 'export const colours = { red: { meaning: "stop" }, green: { meaning: "go" }, blue: { meaning: "?" } };\n');
    const stale = render('```table rows=enum:Colour explain=./data/extra.ts#colours key=name\nMeaning = meaning\n```').diagnostics;
    expect(stale[0]).toMatchObject({ code: 'content/table-stale-explanation', line: 5 });
    expect(stale[0]!.message).toContain('blue');
  });

  it('reports an unknown enumeration, a missing export, a missing field and a bad column line', () => {
    module('one.ts', 'export const rows = [{ a: 1 }];\n');
    const codes = (body: string) => render(body).diagnostics.map((d) => d.code);
    expect(codes('```table rows=enum:Nope\nA = a\n```')).toEqual(['content/table-unknown-enum']);
    expect(codes('```table rows=./data/one.ts#other\nA = a\n```')).toEqual(['content/table-missing-export']);
    expect(codes('```table rows=./data/one.ts#rows\nB = b\n```')).toEqual(['content/table-field']);
    expect(codes('```table rows=./data/one.ts#rows\njust words\n```')).toEqual(['content/table-directive']);
    expect(codes('```table rows=./data/missing.ts#rows\nA = a\n```')).toEqual(['content/table-missing-module']);
  });

  describe('hostile data modules', () => {
    const problem = (source: string) => {
      module('hostile.ts', source);
      const { diagnostics } = render('```table rows=./data/hostile.ts#rows\nA = a\n```');
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({ code: 'content/table-data-module', file: join(content, 'page.md'), line: 5 });
      return diagnostics[0]!.message;
    };

    it('has no require, process or fs', () => {
      expect(problem('declare const require: (m: string) => unknown;\nconst fs = require("fs") as { readFileSync(p: string): string };\nexport const rows = [{ a: fs.readFileSync("/etc/passwd") }];\n')).toMatch(/require is not defined.*without Node\.js/);
      expect(problem('declare const process: { env: Record<string, string> };\nexport const rows = [{ a: process.env.HOME }];\n')).toMatch(/process is not defined/);
      expect(problem('import { readFileSync } from "node:fs";\nexport const rows = [{ a: readFileSync("/etc/passwd", "utf8") }];\n')).toMatch(/require is not defined/);
    });

    it('cannot reach the host through constructors or eval', () => {
      expect(problem('export const rows = [{ a: (0, eval)("1") }];\n')).toMatch(/tried to reach outside its sandbox \(Code generation from strings disallowed/);
      expect(problem('const F = ({}).constructor.constructor as (s: string) => () => unknown;\nexport const rows = [{ a: F("return process")() }];\n')).toMatch(/tried to reach outside its sandbox \(Code generation from strings disallowed/);
    });

    it('imports nothing outside the content folder', () => {
      expect(problem('import { secret } from "../../outside.ts";\nexport const rows = [{ a: secret }];\n')).toMatch(/outside\.ts, which is outside the content folder/);
    });

    it('opens no file to bundle it that it may not import: a FIFO outside the content folder or inside it', () => {
      // esbuild used to read the import before the inputs were checked: a FIFO hung the build for good.
      execFileSync('mkfifo', [join(dir, 'outside.fifo'), join(content, 'data/inside.fifo')]);
      expect(problem('import text from "../../outside.fifo" with { type: "text" };\nexport const rows = [{ a: text }];\n')).toMatch(/it imports \.\.\/outside\.fifo, which is outside the content folder.* \(data\/hostile\.ts:1:\d+\)\.$/);
      expect(problem('import text from "./inside.fifo" with { type: "text" };\nexport const rows = [{ a: text }];\n')).toMatch(/it imports data\/inside\.fifo, which is not a regular file.* \(data\/hostile\.ts:1:\d+\)\.$/);
    });

    it('exports plain data only, and finishes', () => {
      expect(problem('export const rows = [{ a: () => 1 }];\n')).toMatch(/function, not plain data/);
      expect(problem('export const rows = [{ a: 1n }];\n')).toMatch(/bigint/);
      expect(problem('while (true) {}\nexport const rows = [];\n')).toMatch(/did not finish/);
      expect(problem('export const rows = [{ a: 1 }]\nexport const = ;\n')).toMatch(/does not compile: .*hostile\.ts:2/);
    });

    it('shows HTML in data as text, and refuses javascript: links in cells', () => {
      module('html.ts', 'export const rows = [{ a: "<img src=x onerror=alert(1)>" }];\n');
      const { $, diagnostics } = render('```table rows=./data/html.ts#rows\nA = a\n```');
      expect(diagnostics).toEqual([]);
      expect($('td img').length).toBe(0);
      expect($('td').text()).toBe('<img src=x onerror=alert(1)>');
      module('link.ts', 'export const rows = [{ a: "[x](javascript:alert(1))" }];\n');
      expect(render('```table rows=./data/link.ts#rows\nA = a\n```').diagnostics.map((d) => d.code)).toEqual(['content/unsafe-html']);
    });

    it('reads no module outside the content folder', () => {
      const { diagnostics } = render('```table rows=../outside.ts#secret\nA = a\n```');
      expect(diagnostics.map((d) => d.code)).toEqual(['content/table-outside']);
    });
  });
});
