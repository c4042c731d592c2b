// Pages of the real pkijs 3.3.2 model read like a good reference: asn1js types
// under their namespace and linked to asn1js's documentation, keyword aliases
// (`SchemaType`) by name everywhere.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel, ApiPageItem } from '../../../../src/api/model.ts';
import { renderApiGlobalsPage, renderApiItemPage, type ApiRenderContext } from '../../../../src/render/api/index.ts';
import { ASN1JS_DOCS_URL, BYTESTREAMJS_DOCS_URL } from '../../../../src/render/api/external-types.ts';
import { item, loadPkijs, renderContext } from '../../api/support.ts';

let model: ApiModel;
let ctx: ApiRenderContext;
beforeAll(async () => {
  ({ model } = await loadPkijs());
  ctx = await renderContext(model);
});

const page = (kind: ApiPageItem['kind'], name: string) => cheerio.load(renderApiItemPage(item(model, kind, name), ctx).html);
/** The declaration line under a member's h3. */
const sig = ($: cheerio.CheerioAPI, id: string) => $(`h3#${id}`).next().find('code.sig').addBack('code.sig').first();

describe('types from asn1js and bytestreamjs', () => {
  it('show as asn1js.X, linked to asn1js documentation, on member lines', () => {
    const $ = page('class', 'Certificate');
    expect(sig($, 'serialnumber').text()).toBe('serialNumber: asn1js.Integer');
    expect(sig($, 'serialnumber').find('a').attr('href')).toBe(ASN1JS_DOCS_URL);
    expect(sig($, 'signaturevalue').text()).toBe('signatureValue: asn1js.BitString');
  });

  it('show the same way where the d.ts wrote the prefix itself, and in return types', () => {
    const $ = page('class', 'Certificate');
    expect($('h3#toschema').next().find('code.rt').text()).toBe('asn1js.Sequence');
    const globals = cheerio.load(renderApiGlobalsPage(ctx).html);
    const linked = globals('a').filter((_, a) => globals(a).attr('href') === ASN1JS_DOCS_URL).map((_, a) => globals(a).text()).get();
    expect(linked).toContain('asn1js.Utf8String');
    expect(linked.every((t) => /^asn1js\.[A-Z]\w+$/.test(t) && !t.startsWith('asn1js.asn1js.'))).toBe(true);
  });

  it('never leaves a bare asn1js name on any page', () => {
    const bare: string[] = [];
    for (const i of model.items) {
      if (i.kind !== 'class' && i.kind !== 'interface' && i.kind !== 'enum') continue;
      const $ = cheerio.load(renderApiItemPage(i, ctx).html);
      $('code.sig a, code.rt a, .ps code a').each((_, a) => {
        const href = $(a).attr('href');
        if ((href === ASN1JS_DOCS_URL || href === BYTESTREAMJS_DOCS_URL) && !/^(asn1js|bytestreamjs)\.\w+$/.test($(a).text())) bare.push(`${i.name}: ${$(a).text()}`);
      });
      expect($('code.sig').text()).not.toMatch(/(?<![.\w])bs\.SeqStream/);
    }
    expect(bare).toEqual([]);
  });

  it('show bytestreamjs types as bytestreamjs.X, whether the d.ts wrote them bare or as bs.X', () => {
    const texts = model.items.flatMap((i) => (i.kind === 'class' ? [cheerio.load(renderApiItemPage(i, ctx).html)] : []))
      .flatMap(($) => $('a').filter((_, a) => $(a).attr('href') === BYTESTREAMJS_DOCS_URL).map((_, a) => $(a).text()).get());
    expect(new Set(texts)).toEqual(new Set(['bytestreamjs.SeqStream']));
  });
});

describe('keyword aliases', () => {
  it('SchemaType reads SchemaType in signatures, parameters and object types alike, linked to its alias', () => {
    const $ = page('class', 'Certificate');
    const schema = $('h3#schema-1').next();
    expect(schema.find('code.sig').text()).toBe('schema(parameters?: CertificateSchema): SchemaType');
    expect(schema.find('code.rt').text()).toBe('SchemaType');
    expect(schema.find('code.rt a').attr('href')).toBe('/docs/api/globals#schematype');
    expect(sig($, 'fromschema').text()).toBe('fromSchema(schema: SchemaType): void');
    const globals = cheerio.load(renderApiGlobalsPage(ctx).html);
    expect(globals('h3#extensionparsedvalue').next().text()).toContain('SchemaType');
  });

  it('leaves no `any` where the d.ts wrote SchemaType', () => {
    const certificate = item(model, 'class', 'Certificate');
    const fromSchema = certificate.members.find((m) => m.name === 'fromSchema')!;
    expect(fromSchema.signatures![0]!.parameters[0]!.type).toEqual({ type: 'reference', name: 'SchemaType', target: { kind: 'typeAlias', name: 'SchemaType' } });
    // SchemaType itself is still `any`.
    expect(item(model, 'typeAlias', 'SchemaType').type).toEqual({ type: 'intrinsic', name: 'any' });
  });
});

describe('long declarations', () => {
  const globals = () => cheerio.load(renderApiGlobalsPage(ctx).html);
  const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

  it('a long union goes one member per line, each after "| ", indented', () => {
    const text = sig(globals(), 'attributevaluetype').text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('type AttributeValueType =');
    expect(lines.slice(1)).toHaveLength(12);
    expect(lines[1]).toBe('    | asn1js.Utf8String');
    expect(lines.every((l, i) => i === 0 || /^ {4}\| asn1js\.\w+$/.test(l))).toBe(true);
  });

  it('a *Schema alias puts each member of its object type on a line of its own', () => {
    expect(sig(globals(), 'certificateschema').text()).toBe([
      'type CertificateSchema = SchemaParameters<{',
      '    tbsCertificate?: TBSCertificateSchema;',
      '    signatureAlgorithm?: AlgorithmIdentifierSchema;',
      '    signatureValue?: string;',
      '}>',
    ].join('\n'));
  });

  it('a long signature puts one parameter per line, and a long parameter type breaks again inside', () => {
    const $ = page('class', 'EnvelopedData');
    const text = $('h3#addrecipientbypredefineddata').next().find('code.sig').first().text();
    expect(text.split('\n').slice(0, 4)).toEqual([
      'addRecipientByPreDefinedData(',
      '    preDefinedData: ArrayBuffer,',
      '    parameters:',
      '        | {',
    ]);
    expect(text).toContain('\n            keyIdentifier?: ArrayBuffer;\n');
    expect(text.endsWith('    variant: number,\n    crypto?: ICryptoEngine,\n): void')).toBe(true);
    expect(widest(text)).toBeLessThanOrEqual(72);
  });

  it('deriveKey: both unions one member per line under their parameter', () => {
    const $ = page('class', 'CryptoEngine');
    const text = $('h3#derivekey').next().find('code.sig').first().text();
    expect(text).toMatch(/^deriveKey\(\n {4}algorithm:\n {8}\| AlgorithmIdentifier\n/);
    expect(text).toContain('\n    derivedKeyType:\n        | AlgorithmIdentifier\n');
    expect(text.endsWith('\n    keyUsages: KeyUsage[],\n): Promise<CryptoKey>')).toBe(true);
    expect(widest(text)).toBeLessThanOrEqual(72);
  });

  it('short declarations stay on one line', () => {
    const $ = page('class', 'Certificate');
    expect(sig($, 'version').text()).toBe('version: number');
    expect($('h3#tojson').next().find('code.sig').first().text()).toBe('toJSON(): CertificateJson');
  });
});

describe('type parameters, this, undocumented members', () => {
  it('a generic method lists its type parameters with their constraint and default', () => {
    const $ = page('class', 'Certificate');
    const fromBER = $('h3#fromber').next();
    const heads = fromBER.find('h4').map((_, h) => $(h).text()).get();
    expect(heads).toEqual(['Type Parameters', 'Parameters', 'Returns']);
    expect(fromBER.find('h4:contains("Type Parameters") + ul.ps li').text()).toBe('T extends PkiObject');
  });

  it('a generic item lists its type parameters in a section of its own', () => {
    const $ = page('class', 'SafeBag');
    expect($('h2#type-parameters').text()).toBe('Type Parameters');
    expect($('h2#type-parameters').next('.ms').find('code.sig').first().text()).toMatch(/^T extends /);
  });

  it('a generic type alias lists its type parameters with their defaults', () => {
    const $ = cheerio.load(renderApiGlobalsPage(ctx).html);
    const listed = $('h3#safebagparameters').next().find('h4:contains("Type Parameters") + ul.ps li').map((_, li) => $(li).text()).get();
    expect(listed).toEqual(['T extends BagType = BagType']);
  });

  it('keeps `this:` in the signature line but not among the parameters a caller passes', () => {
    const $ = page('class', 'Certificate');
    const fromBER = $('h3#fromber').next();
    expect(fromBER.find('code.sig').text()).toBe('fromBER<T extends PkiObject>(\n    this: PkiObjectConstructor<T>,\n    raw: BufferSource,\n): T');
    expect(fromBER.find('h4:contains("Parameters"):not(:contains("Type")) + ul.ps > li > code:first-child').map((_, c) => $(c).text()).get()).toEqual(['raw']);
  });

  it('an undocumented member has the same wrapper as a documented one (Certificate#tbsView)', () => {
    const $ = page('class', 'Certificate');
    for (const id of ['tbsview', 'version']) {
      expect($(`h3#${id}`).next().is('div.am'), id).toBe(true);
      expect($(`h3#${id}`).next().children().first().is('code.sig'), id).toBe(true);
    }
    expect($('h3#tbsview').next().find('.dc')).toHaveLength(0);
  });
});
