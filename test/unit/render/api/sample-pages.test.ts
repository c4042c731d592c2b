// Page bodies of the sample fixture: the sections of a class, interface and
// enumeration page, doc comments and their tags, flags, overloads, origins,
// "Used by", the TOC, and the globals page.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../../src/api/model.ts';
import type { PageBody } from '../../../../src/render/body.ts';
import { renderApiGlobalsPage, renderApiItemPage, type ApiRenderContext } from '../../../../src/render/api/index.ts';
import { item, loadSample, renderContext } from '../../api/support.ts';

let model: ApiModel;
let ctx: ApiRenderContext;
beforeAll(async () => {
  ({ model } = await loadSample());
  ctx = await renderContext(model);
});

function page(kind: 'class' | 'interface' | 'enum', name: string): { body: PageBody; $: cheerio.CheerioAPI } {
  const body = renderApiItemPage(item(model, kind, name), ctx);
  return { body, $: cheerio.load(body.html) };
}

/** The body of the member under the h3 with that id. */
const memberBody = ($: cheerio.CheerioAPI, id: string) => $(`h3#${id}`).next();
const texts = ($: cheerio.CheerioAPI, selector: string) => $(selector).map((_, el) => $(el).text()).get();

describe('a class page', () => {
  it('has the name as h1 with its kind, the title and description', () => {
    const { body, $ } = page('class', 'Base');
    expect($('h1').text()).toBe('Base');
    expect($('.ah .kd').text()).toBe('abstract Class');
    expect(body.title).toBe('Base');
    expect(body.description).toBe('The root of the sample hierarchy. See Circle and its radius.');
  });

  it('renders the doc comment as Markdown with its links, then @remarks and a highlighted @example', () => {
    const { $ } = page('class', 'Base');
    const doc = $('.api > .dc').first();
    expect(doc.find('a').map((_, a) => $(a).attr('href')).get()).toEqual(['/docs/api/classes/Circle', '/docs/api/classes/Circle#radius-1']);
    expect(texts($, '.api > .dc li')).toEqual(['first point', 'second point']);
    expect(doc.find('p.tg').text()).toBe('Remarks');
    expect($('h2#examples').next('.dc').find('pre.shiki').text()).toContain('const c = new Circle(2);');
  });

  it('lists sections in order, members under h3s, with the TOC to match', () => {
    const { body, $ } = page('class', 'Circle');
    expect(texts($, 'h2')).toEqual(['Hierarchy', 'Used by', 'Type Parameters', 'Constructors', 'Properties', 'Accessors', 'Methods']);
    const h3 = $('h3').map((_, h) => ({ depth: 3, id: $(h).attr('id'), text: $(h).text() })).get();
    const h2 = $('h2').map((_, h) => ({ depth: 2, id: $(h).attr('id'), text: $(h).text() })).get();
    expect(body.toc.filter((e) => e.depth === 3)).toEqual(h3);
    expect(body.toc.filter((e) => e.depth === 2)).toEqual(h2);
    expect(texts($, 'h3')).toEqual([
      // Declaration order, own members before inherited ones.
      'T', 'Constructor', 'radius', 'payload?', 'name', 'tag?', 'secret', 'CLASS_NAME', 'id', 'label',
      'area()', 'scale()', 'describe()', 'schema()', 'compare()',
    ]);
  });

  it('links the hierarchy both ways', () => {
    const circle = page('class', 'Circle').$;
    expect(circle('dt#extends').next('dd').find('a').attr('href')).toBe('/docs/api/classes/Base');
    expect(circle('dt#implements').next('dd').find('a').attr('href')).toBe('/docs/api/interfaces/Shape');
    const base = page('class', 'Base').$;
    expect(base('dt#extended-by').nextAll('dd').map((_, dd) => base(dd).text()).get()).toEqual(['Circle', 'Square']);
    expect(base('dt#implements').next('dd').text()).toBe('Named');
    const shape = page('interface', 'Shape').$;
    expect(shape('dt#implemented-by').next('dd').find('a').attr('href')).toBe('/docs/api/classes/Circle');
  });

  it('shows flags, and where inherited, overriding and implementing members come from', () => {
    const { $ } = page('class', 'Circle');
    expect(texts($, 'h3#secret + .am .fl span')).toEqual(['protected']);
    expect(texts($, 'h3#class_name + .am .fl span')).toEqual(['static']);
    expect(texts($, 'h3#name + .am .fl span')).toEqual(['readonly']);
    expect(texts($, 'h3#payload + .am .fl span')).toEqual(['optional']);
    const origins = (id: string) =>
      memberBody($, id).find('.or').map((_, p) => `${$(p).text()} → ${$(p).find('a').attr('href')}`).get();
    expect(origins('describe')).toEqual(['Inherited from Base.describe → /docs/api/classes/Base#describe']);
    expect(origins('schema')).toEqual(['Overrides Base.schema → /docs/api/classes/Base#schema']);
    expect(origins('area')).toEqual([
      'Overrides Base.area → /docs/api/classes/Base#area',
      'Implementation of Shape.area → /docs/api/interfaces/Shape#area',
    ]);
    expect(texts(page('class', 'Base').$, 'h3#area + .am .fl span')).toEqual(['abstract']);
  });

  it('gives each overload its own anchor and signature block', () => {
    const { $ } = page('class', 'Circle');
    const scale = memberBody($, 'scale').find('.sg');
    expect(scale.map((_, s) => $(s).attr('id') ?? '').get()).toEqual(['', 'scale-1']);
    expect(scale.find('code.sig').map((_, c) => $(c).text()).get()).toEqual([
      'scale(factor: number): Circle<T>',
      'scale(other: Shape): Circle<T>',
    ]);
    expect(texts($, '#constructor-1 code.sig')).toEqual(['new Circle<T = unknown>(diameter: number, unit: "cm" | "mm")']);
  });

  it('structures a signature: parameters with types and descriptions, return type and its description', () => {
    const { $ } = page('class', 'Base');
    const describe = memberBody($, 'describe');
    expect(describe.find('h4').map((_, h) => $(h).text()).get()).toEqual(['Parameters', 'Returns']);
    const param = describe.find('.ps li');
    expect(param.children('code').map((_, c) => $(c).text()).get()).toEqual(['verbose?', 'boolean']);
    expect(param.find('.d').text()).toBe('Whether to add details');
    expect(describe.find('code.rt').text()).toBe('string');
    expect(describe.find('code.rt + .d').text()).toBe('A description');
    expect(memberBody($, 'label').find('code.sig').map((_, c) => $(c).text()).get()).toEqual(['get label(): string', 'set label(value: string)']);
  });

  it('shows @deprecated first, then @throws with its type, @since, @see, the ASN.1 tag and unknown tags', () => {
    const circle = page('class', 'Circle').$;
    const compare = memberBody(circle, 'compare').find('.dc');
    expect(compare.children().first().is('.dep')).toBe(true);
    expect(compare.find('.dep').text()).toBe('DeprecatedUse Circle.area instead.');
    expect(compare.find('.dep a').attr('href')).toBe('/docs/api/classes/Circle#area');
    expect(compare.find('h4.tg').text()).toBe('Throws RangeError');
    expect(texts(circle, '.api > .dc p.tg')).toEqual(['Since', 'See']);
    const schema = memberBody(circle, 'schema');
    expect(schema.find('h4.tg').text()).toBe('ASN.1');
    expect(schema.find('.code-block pre').text()).toBe('Circle ::= SEQUENCE { radius INTEGER }');
    const square = page('class', 'Square').$;
    expect(memberBody(square, 'rotate').find('h4.tg').text()).toBe('Custom tag');
    expect(memberBody(square, 'rotate').find('h4.tg + p').text()).toBe('Something special');
  });

  it('lists the items that take or return the class under "Used by"', () => {
    const { $ } = page('class', 'Circle');
    expect($('h2#used-by').next('ul').find('a').map((_, a) => `${$(a).text()} ${$(a).attr('href')}`).get()).toEqual([
      'ConstructorT /docs/api/globals#constructort',
      'FunctionT /docs/api/globals#functiont',
      'isCircle /docs/api/globals#iscircle',
      'make /docs/api/globals#make',
      'ShapeFactory /docs/api/interfaces/ShapeFactory',
    ]);
  });
});

describe('interface and enumeration pages', () => {
  it('show call, construct and index signatures of an interface', () => {
    const { $ } = page('interface', 'ShapeFactory');
    expect(texts($, 'h2')).toEqual(['Hierarchy', 'Call Signatures', 'Index Signatures', 'Constructors', 'Properties', 'Methods']);
    expect(texts($, '#call-signatures + .ms code.sig')).toEqual(['(radius: number): Circle']);
    expect(texts($, '#index-signatures + .ms code.sig')).toEqual(['[key: string]: unknown']);
    expect(memberBody($, 'constructor').find('code.sig').text()).toBe('new (radius: number): Circle');
    expect(memberBody($, 'many').find('.ps li > code').first().text()).toBe('...radii');
  });

  it('show each enumeration member with its value and description', () => {
    const { body, $ } = page('enum', 'Color');
    expect($('.kd').text()).toBe('Enumeration');
    expect(body.toc.map((e) => e.id)).toEqual(['enumeration-members', 'red', 'green', 'blue']);
    expect($('h3').map((_, h) => `${$(h).text()}: ${$(h).next().find('code.sig').addBack('code.sig').first().text()}`).get()).toEqual([
      'Red: Red = 1',
      'Green: Green = 2',
      'Blue: Blue = 4',
    ]);
    expect(memberBody($, 'red').find('.dc').text()).toBe('The colour red.');
    expect(page('enum', 'Unit').$('h3#centimetre').next().text()).toBe('Centimetre = "cm"');
  });

  it('refuse an item that lives on the globals page', () => {
    expect(() => renderApiItemPage(item(model, 'typeAlias', 'UnionT'), ctx)).toThrow(/globals page/);
  });
});

describe('the globals page', () => {
  it('groups every export by kind under fixed ids, each with an anchor or a link and its summary', () => {
    const body = renderApiGlobalsPage(ctx);
    const $ = cheerio.load(body.html);
    expect(body.title).toBe(model.packageName);
    expect($('h1').text()).toBe(model.packageName);
    expect(body.toc).toEqual(
      ['enumerations', 'classes', 'interfaces', 'type-aliases', 'variables', 'functions'].map((id) => expect.objectContaining({ depth: 2, id })),
    );
    expect($('#classes').next('dl').find('dt a').map((_, a) => $(a).attr('href')).get()).toEqual([
      '/docs/api/classes/Base',
      '/docs/api/classes/Circle',
      '/docs/api/classes/Square',
    ]);
    expect($('#interfaces').next('dl').find('dd').first().text()).toBe('Anything with a name.');
    for (const global of model.items.filter((i) => ['typeAlias', 'function', 'variable'].includes(i.kind))) {
      expect($(`h3#${global.name.toLowerCase()}`).length, global.name).toBe(1);
    }
    expect($('h3#verbose').next().find('code.sig').text()).toBe('let verbose: boolean');
    // A bare declaration has the same wrapper as any member.
    expect($('h3#token').next().is('div.am')).toBe(true);
    expect($('h3#token').next().children().first().is('code.sig')).toBe(true);
    expect($('h3#default_radius').next().find('code.sig').text()).toBe('const DEFAULT_RADIUS: 1');
    expect($('h3#make').next().find('.sg')).toHaveLength(2);
    expect($('h3#make').text()).toBe('make()');
  });
});
