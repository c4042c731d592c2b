// Type expressions → HTML: every kind TypeDoc produces, parenthesised where
// TypeScript needs it, pkijs references linked and others plain.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiType } from '../../../../src/api/model.ts';
import { renderApiGlobalsPage } from '../../../../src/render/api/index.ts';
import { createTypeRenderer } from '../../../../src/render/api/type-html.ts';
import { loadSample, renderContext } from '../../api/support.ts';

describe('type expressions of the sample fixture, on the globals page', () => {
  let $: cheerio.CheerioAPI;
  beforeAll(async () => {
    const { model } = await loadSample();
    $ = cheerio.load(renderApiGlobalsPage(await renderContext(model)).html);
  });

  /** The declaration line under a global's h3, as text. */
  const line = (id: string) => $(`h3#${id}`).next().find('code.sig').addBack('code.sig').first().text();
  const links = (id: string) =>
    $(`h3#${id}`).next().find('a').map((_, a) => `${$(a).text()} → ${$(a).attr('href')}`).get();

  it.each([
    ['uniont', 'type UnionT = string | number | null'],
    ['intersectiont', 'type IntersectionT = Shape & { extra: boolean }'],
    ['arrayt', 'type ArrayT = (string | number)[]'],
    ['tuplet', 'type TupleT = [x: number, y?: number]'],
    ['plaintuplet', 'type PlainTupleT = [number, string?, ...boolean[]]'],
    ['stringliteralt', 'type StringLiteralT = "a" | "b"'],
    ['numberliteralt', 'type NumberLiteralT = -1 | 2.5'],
    ['bigintliteralt', 'type BigintLiteralT = 10n'],
    ['booleanliteralt', 'type BooleanLiteralT = true'],
    ['functiont', 'type FunctionT = (shape: Shape, scale?: number) => Circle'],
    ['constructort', 'type ConstructorT = new (radius: number) => Circle'],
    // Past 72 columns: one member per line, indented, as TypeDoc lays it out.
    ['objectt', 'type ObjectT = {\n    [k: string]: unknown;\n    readonly a: number;\n    b?: string;\n    m(x: number): void;\n}'],
    ['indexedt', 'type IndexedT = Options["names"]'],
    ['keyoft', 'type KeyofT = keyof Shape'],
    ['uniquet', 'type UniqueT = typeof token'],
    ['readonlyarrayt', 'type ReadonlyArrayT = readonly Color[]'],
    ['queryt', 'type QueryT = typeof Color'],
    ['conditionalt', 'type ConditionalT<T> = T extends (infer U extends string)[] ? U : never'],
    ['mappedt', 'type MappedT<T> = {\n    readonly [K in keyof T as `get${Capitalize<string & K>}`]-?: T[K];\n}'],
    ['templatet', 'type TemplateT = `id-${number}-${string}`'],
    ['generict', 'type GenericT<T extends Shape = Circle> = Promise<T[]>'],
    ['enummembert', 'type EnumMemberT = Color.Red'],
  ])('renders %s as %s', (id, text) => {
    expect(line(id)).toBe(text);
  });

  it('links pkijs references to their page, member anchor or globals anchor, and leaves the rest as text', () => {
    expect(links('functiont')).toEqual(['Shape → /docs/api/interfaces/Shape', 'Circle → /docs/api/classes/Circle']);
    expect(links('enummembert')).toEqual(['Color.Red → /docs/api/enumerations/Color#red']);
    expect(links('uniquet')).toEqual(['token → #token']); // same page
    // Not Promise, not T; once in the declaration line, once in the Type Parameters list.
    expect(links('generict')).toEqual(['Shape → /docs/api/interfaces/Shape', 'Circle → /docs/api/classes/Circle', 'Shape → /docs/api/interfaces/Shape', 'Circle → /docs/api/classes/Circle']);
    expect(links('mappedt')).toEqual([]); // Capitalize is TypeScript's
  });

  it('renders predicates and rest parameters in function signatures', () => {
    expect($('h3#iscircle').next().find('code.sig').text()).toBe('isCircle(value: unknown): value is Circle<unknown>');
    expect($('h3#assertshape').next().find('code.sig').text()).toBe('assertShape(value: unknown): asserts value is Shape');
    // 78 columns: the parameters go one per line.
    expect($('h3#many').next().find('code.sig').text()).toBe('many<T extends Shape = Circle<unknown>>(\n    count: number,\n    ...extra: T[],\n): T[]');
  });
});

describe('parentheses', () => {
  const render = createTypeRenderer(() => undefined).type;
  const ref = (name: string): ApiType => ({ type: 'reference', name });
  const fn: ApiType = { type: 'object', members: [], callSignatures: [{ parameters: [], returns: ref('R') }] };
  const union: ApiType = { type: 'union', types: [ref('A'), ref('B')] };

  it.each<[string, ApiType, string]>([
    ['a union in an array', { type: 'array', element: union }, '(A | B)[]'],
    ['a function in a union', { type: 'union', types: [fn, ref('C')] }, '(() => R) | C'],
    ['a union in an intersection', { type: 'intersection', types: [union, ref('C')] }, '(A | B) & C'],
    ['an intersection in a union', { type: 'union', types: [{ type: 'intersection', types: [ref('A'), ref('B')] }, ref('C')] }, 'A & B | C'],
    ['keyof in an array', { type: 'array', element: { type: 'typeOperator', operator: 'keyof', target: ref('T') } }, '(keyof T)[]'],
    ['a union under keyof', { type: 'typeOperator', operator: 'keyof', target: union }, 'keyof (A | B)'],
    ['a conditional in a conditional check', {
      type: 'conditional',
      check: { type: 'conditional', check: ref('A'), extends: ref('B'), trueType: ref('C'), falseType: ref('D') },
      extends: ref('E'), trueType: ref('F'), falseType: ref('G'),
    }, '(A extends B ? C : D) extends E ? F : G'],
    ['a function in an indexed access', { type: 'indexedAccess', object: fn, index: ref('K') }, '(() => R)[K]'],
  ])('adds them around %s', (_, type, text) => {
    expect(cheerio.load(render(type)).text()).toBe(text);
  });

  it('escapes what could be read as markup', () => {
    expect(render({ type: 'literal', value: '"<b>&"' })).toBe('"&lt;b&gt;&amp;"');
    expect(render({ type: 'unknown', name: 'A<B>' })).toBe('A&lt;B&gt;');
  });
});
