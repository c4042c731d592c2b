// The region rules of code includes, on literal text: which lines a region
// shows, how markers nest and end, and the indentation taken off.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Code, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';
import remarkInclude, { extractRegion } from '../../../src/content/plugins/remark-include.ts';
import { ROOT } from '../../support/cli.ts';

const FILE = [
  'import x from "x";',
  '// #region outer',
  'function outer() {',
  '  // #region inner',
  '  const a = 1;',
  '',
  '    const b = 2;',
  '  // #endregion inner',
  '  return a;',
  '}',
  '// #endregion outer',
  '//#region tight',
  'tight();',
  '//#endregion',
  '  // #region  spaced',
  '  spaced();',
  '  // #endregion',
  '// #regionless',
  'export {};',
].join('\n');

describe('extractRegion', () => {
  it('shows the whole file without any marker line', () => {
    expect(extractRegion(FILE, undefined)).toBe(
      ['import x from "x";', 'function outer() {', '  const a = 1;', '', '    const b = 2;', '  return a;', '}', 'tight();', '  spaced();', '// #regionless', 'export {};'].join('\n'),
    );
    expect(extractRegion(FILE, '')).toBe(extractRegion(FILE, undefined));
  });

  it('shows a region up to its own end marker, inner markers left out', () => {
    expect(extractRegion(FILE, 'outer')).toBe(['function outer() {', '  const a = 1;', '', '    const b = 2;', '  return a;', '}'].join('\n'));
  });

  it('takes off the indentation the region lines share, ignoring blank lines', () => {
    expect(extractRegion(FILE, 'inner')).toBe(['const a = 1;', '', '  const b = 2;'].join('\n'));
  });

  it('ends a region at an unnamed end marker and reads markers without a space or with several', () => {
    expect(extractRegion(FILE, 'tight')).toBe('tight();');
    expect(extractRegion(FILE, 'spaced')).toBe('spaced();');
  });

  it('has no region for a name that is not marked, nor for a word that only starts like a marker', () => {
    expect(extractRegion(FILE, 'missing')).toBeUndefined();
    expect(extractRegion(FILE, 'less')).toBeUndefined();
    expect(extractRegion('// #endregion a\nx', 'a')).toBeUndefined();
  });

  it('does not count a line of spaces alone as indentation', () => {
    expect(extractRegion('// #region w\n    a\n  \n    b\n// #endregion w', 'w')).toBe('a\n\nb');
  });

  it('reads an empty region as empty, and a region left open to the end of the file', () => {
    expect(extractRegion('// #region e\n// #endregion e', 'e')).toBe('');
    expect(extractRegion('// #region open\n  a\n  b', 'open')).toBe('a\nb');
  });
});

describe('the include plugin on a page', () => {
  const content = join(ROOT, 'test/.tmp/unit-remark-include/content');
  beforeAll(() => {
    rmSync(content, { recursive: true, force: true });
    mkdirSync(join(content, 'docs'), { recursive: true });
    writeFileSync(join(content, 'docs/code.ts'), '// #region make\nmake();\n// #endregion make\nrest();\n\n\n');
  });
  afterAll(() => rmSync(join(ROOT, 'test/.tmp/unit-remark-include'), { recursive: true, force: true }));

  /** Runs the plugin alone on a page's Markdown, as the doc processor does. */
  function run(markdown: string, lineOffset = 0) {
    const diagnostics: Diagnostic[] = [];
    const dependencies = new Set<string>();
    const file = new VFile({ value: markdown });
    file.data.doc = { source: join(content, 'docs/page.md'), lineOffset, routeOfFile: () => undefined, contentDir: content, maxIncludeBytes: 1_000_000, dependencies, report: (d) => diagnostics.push(d) };
    const tree = unified().use(remarkParse).parse(file) as Root;
    (remarkInclude() as (tree: Root, file: VFile) => void)(tree, file);
    const codes = tree.children.filter((n): n is Code => n.type === 'code').map((n) => ({ value: n.value, meta: n.meta ?? null, lang: n.lang }));
    return { codes, diagnostics, dependencies };
  }

  it('fills the block with the file or region, drops trailing blank lines, keeps the rest of its meta and notes the file', () => {
    const { codes, dependencies, diagnostics } = run('```ts include=./code.ts#make title="Make it"\n```\n\n```ts include=./code.ts\n```\n\n```ts title="plain"\nkept\n```');
    expect(diagnostics).toEqual([]);
    expect(codes).toEqual([
      { value: 'make();', meta: 'title="Make it"', lang: 'ts' },
      { value: 'make();\nrest();', meta: null, lang: 'ts' },
      { value: 'kept', meta: 'title="plain"', lang: 'ts' },
    ]);
    expect([...dependencies]).toEqual([join(content, 'docs/code.ts')]);
  });

  it('reports what is wrong at the page line, with what to do', () => {
    const { diagnostics, codes } = run('text\n\n```ts include=/etc/passwd\n```\n\n```ts include=./missing.ts\n```\n\n```ts include=./code.ts#nope\n```', 10);
    expect(diagnostics.map((d) => [d.category, d.code, d.line, d.message, d.hint])).toEqual([
      ['content', 'content/include-outside', 13, 'The code block includes "/etc/passwd", which is outside the content folder. Includes are read from the content folder only.', 'Use a path relative to the page that stays inside the content folder (no absolute path, no ../ out of it).'],
      ['content', 'content/missing-include', 16, 'The code block includes "./missing.ts", which does not exist.', expect.stringMatching(/^Create .*missing\.ts or fix the include path \(relative to the page\)\.$/)],
      ['content', 'content/missing-region', 19, 'The code block includes region "nope" of "./code.ts", but that file has no "// #region nope".', 'Add the region markers to the file or fix the region name.'],
    ]);
    expect(codes.map((c) => c.value)).toEqual(['', '', '']);
    expect(diagnostics.every((d) => d.file === join(content, 'docs/page.md'))).toBe(true);
  });

  it('leaves a page alone when it is not rendered as a doc page', () => {
    const file = new VFile({ value: '```ts include=./code.ts\n```' });
    const tree = unified().use(remarkParse).parse(file) as Root;
    (remarkInclude() as (tree: Root, file: VFile) => void)(tree, file);
    expect((tree.children[0] as Code).value).toBe('');
  });
});
