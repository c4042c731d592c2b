// The constructs fixture (test/fixtures/api/constructs): a declaration file
// nobody tuned the reference for, converted, rendered and written as twins.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/model.ts';
import { apiItemMarkdown, apiMarkdownContext, globalsMarkdown } from '../../../src/publish/api-markdown.ts';
import { apiRoutes } from '../../../src/routes/api.ts';
import { apiItemHref, apiNamespaceHref, namespaceOf } from '../../../src/routes/api-urls.ts';
import { buildSidebars } from '../../../src/routes/sidebars.ts';
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
    expect(names).toEqual([
      'function Geometry.area', 'class Geometry.Circle', 'typeAlias Geometry.Pair', 'interface Geometry.Point', 'variable Geometry.UNIT',
      'typeAlias Geometry.Units.Length', 'interface Geometry.Units.Scale', 'function Geometry.Units.toLength',
    ]);
    const pair = item(model, 'typeAlias', 'Geometry.Pair').type;
    expect(pair).toMatchObject({ type: 'tuple', elements: [{ type: 'reference', target: { kind: 'interface', name: 'Geometry.Point' } }, {}] });
  });

  it('is in the model itself, nested ones too, with its summary', () => {
    expect(model.namespaces?.map((n) => [n.name, n.summary])).toEqual([
      ['Geometry', 'Helpers grouped in a namespace.'],
      ['Geometry.Units', 'Units of length, nested in Geometry.'],
    ]);
  });

  it('has a page listing its members: pages linked, functions, aliases and variables in place', () => {
    const body = renderApiGlobalsPage(ctx, 'Geometry');
    const $ = cheerio.load(body.html);
    expect($('h1').text()).toBe('Namespace Geometry');
    expect($('.dc').text()).toContain('Helpers grouped in a namespace.');
    const index = (id: string) => $(`h2#${id}`).next('dl').find('dt a').map((_, a) => `${$(a).text()} ${$(a).attr('href')}`).get();
    expect(index('namespaces')).toEqual(['Geometry.Units /docs/api/namespaces/Geometry.Units']);
    expect(index('classes')).toEqual(['Geometry.Circle /docs/api/classes/Geometry.Circle']);
    expect(index('interfaces')).toEqual(['Geometry.Point /docs/api/interfaces/Geometry.Point']);
    expect($('h3').map((_, h) => `${$(h).attr('id')} ${$(h).text()}`).get()).toEqual(['pair Pair', 'unit UNIT', 'area area()']);
    expect(body.toc.map((t) => t.id)).toEqual(['namespaces', 'classes', 'interfaces', 'type-aliases', 'variables', 'functions']);
  });

  it('is linked where its members are: each href names an id of the page it points to', () => {
    const pages = new Map([['Geometry', renderApiGlobalsPage(ctx, 'Geometry').html], ['Geometry.Units', renderApiGlobalsPage(ctx, 'Geometry.Units').html]]);
    for (const name of ['Geometry.area', 'Geometry.Pair', 'Geometry.UNIT', 'Geometry.Units.toLength', 'Geometry.Units.Length']) {
      const found = model.items.find((i) => i.name === name)!;
      const [path, id] = apiItemHref(found.kind, found.name).split('#');
      expect(path).toBe(apiNamespaceHref(namespaceOf(name)));
      expect(cheerio.load(pages.get(namespaceOf(name))!)(`[id="${id}"]`).length, name).toBe(1);
    }
  });

  it('leaves its members off the globals page, which links the namespace instead', () => {
    const $ = cheerio.load(renderApiGlobalsPage(ctx).html);
    expect($('h3').map((_, h) => $(h).text()).get().filter((t) => t.includes('.'))).toEqual([]);
    expect($('h2#namespaces').next('dl').find('dt a').map((_, a) => $(a).attr('href')).get()).toEqual(['/docs/api/namespaces/Geometry']);
    const page = cheerio.load(renderApiItemPage(item(model, 'interface', 'Geometry.Point'), ctx).html);
    expect(page('h1').text()).toBe('Geometry.Point');
    expect(page('h3').map((_, h) => page(h).text()).get()).toEqual(['x', 'y']);
  });

  it('has a route, a sidebar entry and a Markdown twin', () => {
    const paths = apiRoutes(model, CONSTRUCTS_DTS, 'README.md').filter((r) => r.kind === 'api-namespace').map((r) => r.path);
    expect(paths).toEqual(['/docs/api/namespaces/Geometry', '/docs/api/namespaces/Geometry.Units']);
    const api = buildSidebars('/docs', [], model).docs.at(-1);
    const category = api?.type === 'category' ? api.items.find((n) => n.label === 'Namespaces') : undefined;
    expect(category?.type === 'category' && category.items.map((n) => (n.type === 'link' ? n.href : ''))).toEqual(paths);
    const twin = globalsMarkdown(apiMarkdownContext(model, (p) => `https://example.org${p}`), (i) => apiItemHref(i.kind, i.name), 'Geometry');
    expect(twin).toContain('# Namespace Geometry');
    expect(twin).toContain('- [Geometry.Units](https://example.org/docs/api/namespaces/Geometry.Units) — Units of length, nested in Geometry.');
    expect(twin).toContain('- [Geometry.area](https://example.org/docs/api/namespaces/Geometry#area)');
    expect(twin).not.toContain('toLength');
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
