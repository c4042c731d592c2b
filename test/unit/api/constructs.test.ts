// The constructs fixture (test/fixtures/api/constructs): a declaration file
// nobody tuned the reference for, converted, rendered and written as twins.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/model.ts';
import { apiItemMarkdown, apiMarkdownContext } from '../../../src/publish/api-markdown.ts';
import { renderApiGlobalsPage, renderApiItemPage, type ApiRenderContext } from '../../../src/render/api/index.ts';
import { item, loadConstructs, renderContext } from './support.ts';
import { loadApi } from '../../../src/api/index.ts';
import { CACHE_DIR, CONSTRUCTS_DTS } from './support.ts';

let model: ApiModel;
let ctx: ApiRenderContext;
beforeAll(async () => {
  ({ model } = await loadConstructs());
  ctx = await renderContext(model);
});

const twin = (name: string) => apiItemMarkdown(item(model, 'class', name), apiMarkdownContext(model, (p) => `https://example.org${p}`));

describe('a class index signature', () => {
  it('is converted', () => {
    const sig = item(model, 'class', 'Items').indexSignatures?.[0];
    expect(sig?.parameter).toMatchObject({ name: 'n', type: { type: 'intrinsic', name: 'number' } });
    expect(sig?.type).toMatchObject({ type: 'reference', name: 'T', typeParameter: true });
  });

  it('is rendered on the class page, in an Index Signatures section', () => {
    const $ = cheerio.load(renderApiItemPage(item(model, 'class', 'Items'), ctx).html);
    expect($('h2#index-signatures').text()).toBe('Index Signatures');
    expect($('#index-signatures-0').next().find('code, pre').first().text()).toBe('[n: number]: T');
  });

  it('is in the Markdown twin', () => {
    expect(twin('Items')).toContain('## Index signatures\n\n```ts\n[n: number]: T\n```');
  });
});

describe('the Markdown twin of a class', () => {
  it('writes each flag once', () => {
    const text = twin('Items');
    expect(text).toContain('static readonly DATA: string');
    expect(text).toContain('protected readonly tag: number');
    expect(text).not.toMatch(/\b(\w+) \1\b/);
  });

  it('puts no HTML inside its code fences, even for another package\'s types', () => {
    const fences = [...twin('Items').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(fences.join('\n')).toContain('toSchema(): asn1js.Sequence');
    expect(fences.filter((f) => /<a[\s>]|<\/a>|<[a-z]+ [a-z-]+=/i.test(f))).toEqual([]);
  });
});

describe('a namespace', () => {
  it('has its members converted, each under its qualified name, and references to them resolved', () => {
    const names = model.items.filter((i) => i.name.startsWith('Geometry.')).map((i) => `${i.kind} ${i.name}`);
    expect(names).toEqual(['function Geometry.area', 'typeAlias Geometry.Pair', 'interface Geometry.Point', 'variable Geometry.UNIT']);
    const pair = item(model, 'typeAlias', 'Geometry.Pair').type;
    expect(pair).toMatchObject({ type: 'tuple', elements: [{ type: 'reference', target: { kind: 'interface', name: 'Geometry.Point' } }, {}] });
  });

  it('has its members rendered: functions, aliases and variables on the globals page, an interface on a page of its own', () => {
    const $ = cheerio.load(renderApiGlobalsPage(ctx).html);
    const headings = $('h3').map((_, h) => $(h).text()).get();
    expect(headings).toEqual(expect.arrayContaining(['Geometry.area()', 'Geometry.Pair', 'Geometry.UNIT']));
    expect($('a[href="/docs/api/interfaces/Geometry.Point"]').length).toBeGreaterThan(0);
    const page = cheerio.load(renderApiItemPage(item(model, 'interface', 'Geometry.Point'), ctx).html);
    expect(page('h1').text()).toBe('Geometry.Point');
    expect(page('h3').map((_, h) => page(h).text()).get()).toEqual(['x', 'y']);
  });

  it('leaves no export out: the conversion reports nothing unsupported', async () => {
    const { diagnostics } = await loadApi({ entry: CONSTRUCTS_DTS, cacheDir: CACHE_DIR, useCache: true });
    expect(diagnostics.filter((d) => d.code === 'api/unsupported-export')).toEqual([]);
  });
});

describe('readability', () => {
  const globals = () => cheerio.load(renderApiGlobalsPage(ctx).html);
  const code = ($: cheerio.CheerioAPI, id: string) => $(`h3#${id}`).next().find('pre, code').first().text();

  it('shows a type alias as TypeScript declares it, `type Name<…> =`', () => {
    expect(code(globals(), 'frozen')).toMatch(/^type Frozen<T> = \{/);
    expect(code(globals(), 'triple')).toMatch(/^type Triple = \[/);
  });

  it('writes a conditional chain one branch per line, each level indented', () => {
    expect(code(globals(), 'kind')).toBe([
      'type Kind<T> = T extends string',
      '    ? "text"',
      '    : T extends number',
      '        ? "number"',
      '        : T extends boolean',
      '            ? "flag"',
      '            : "other"',
    ].join('\n'));
  });

  it('puts each accessor of an object type on a line of its own', () => {
    expect(code(globals(), 'withaccessors')).toBe([
      'type WithAccessors = {',
      '    readonly label: string;',
      '    get size(): number;',
      '    set size(value: number);',
      '}',
    ].join('\n'));
  });

  it('does not show @category as a block of the doc comment', () => {
    expect(item(model, 'class', 'Items').doc?.tags.map((t) => t.tag)).toEqual([]);
    const $ = cheerio.load(renderApiItemPage(item(model, 'class', 'Items'), ctx).html);
    expect($('.api').text()).not.toContain('Collections');
  });
});
