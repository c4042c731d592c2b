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
