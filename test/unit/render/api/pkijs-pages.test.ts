// Pages of the real pkijs 3.3.2 model: member lists, origins, overloads,
// linked types, "Used by" and TOCs of a few central classes, interfaces and
// an enumeration. Expected headings come from the old site's
// headings-levels.json (an independent record of the same API).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel, ApiPageItem } from '../../../../src/api/model.ts';
import type { PageBody } from '../../../../src/render/body.ts';
import { renderApiItemPage, type ApiRenderContext } from '../../../../src/render/api/index.ts';
import { apiItemHref } from '../../../../src/routes/api-urls.ts';
import { item, loadPkijs, renderContext, ROOT } from '../../api/support.ts';

type Heading = [tag: string, text: string, id: string | null];
const OLD = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/anchors/docusaurus/headings-levels.json'), 'utf8')) as Record<string, Heading[]>;

let model: ApiModel;
let ctx: ApiRenderContext;
beforeAll(async () => {
  ({ model } = await loadPkijs());
  ctx = await renderContext(model);
});

function page(kind: ApiPageItem['kind'], name: string): { body: PageBody; $: cheerio.CheerioAPI } {
  const body = renderApiItemPage(item(model, kind, name), ctx);
  return { body, $: cheerio.load(body.html) };
}

/** The old site's h3 headings of a page, as [text, id]. */
const oldMembers = (href: string) => (OLD[href] ?? []).filter(([tag]) => tag === 'h3').map(([, text, id]) => [text, id]);
const oldId = (href: string, text: string) => oldMembers(href).find(([t]) => t === text)?.[1];
/** What follows a member's h3: its body, or a lone declaration line. */
const body$ = ($: cheerio.CheerioAPI, id: string) => $(`h3#${id}`).next();
const decl = ($: cheerio.CheerioAPI, id: string) => body$($, id).find('code.sig').addBack('code.sig').first();
const origin = ($: cheerio.CheerioAPI, id: string) =>
  body$($, id).find('.or').map((_, p) => `${$(p).text()} → ${$(p).find('a').attr('href') ?? '(text)'}`).get();

describe.each([
  ['class', 'Certificate'],
  ['class', 'SignedData'],
  ['class', 'CryptoEngine'],
  ['interface', 'ICertificate'],
  ['interface', 'CertificateJson'],
  ['enum', 'PKIStatus'],
] as const)('the %s %s page', (kind, name) => {
  it('lists every member under the heading text and id the old site used, and its TOC matches the page', () => {
    const { body, $ } = page(kind, name);
    const h3 = body.toc.filter((e) => e.depth === 3).map((e) => [e.text, e.id]);
    // The same headings and ids; the order is now the declaration order (the old site's was by name).
    const byId = (list: (string | null | undefined)[][]) => [...list].sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(byId(h3)).toEqual(byId(oldMembers(apiItemHref(kind, name))));
    expect($('h3').map((_, h) => [[$(h).text(), $(h).attr('id')]]).get()).toEqual(h3);
    expect(body.toc.filter((e) => e.depth === 2).map((e) => e.id)).toEqual($('h2').map((_, h) => $(h).attr('id')).get());
    expect(body.title).toBe(name);
    expect($('h1').text()).toBe(name);
  });
});

describe('Certificate', () => {
  it('has its sections in order, with the examples highlighted', () => {
    const { $ } = page('class', 'Certificate');
    expect($('h2').map((_, h) => $(h).text()).get()).toEqual(['Examples', 'Hierarchy', 'Used by', 'Constructors', 'Properties', 'Accessors', 'Methods']);
    expect($('h2#examples').next().find('pre.shiki')).toHaveLength(2);
  });

  it('marks inherited, overriding and implementing members, linked to the member they come from', () => {
    const { $ } = page('class', 'Certificate');
    const pki = '/docs/api/classes/PkiObject';
    expect(origin($, 'fromschema')).toEqual([`Overrides PkiObject.fromSchema → ${pki}#${oldId(pki, 'fromSchema()')}`]);
    expect(origin($, 'tostring')).toEqual([`Inherited from PkiObject.toString → ${pki}#${oldId(pki, 'toString()')}`]);
    expect(origin($, 'fromber')).toEqual([`Inherited from PkiObject.fromBER → ${pki}#${oldId(pki, 'fromBER()')}`]);
    expect(origin($, 'schema-1')).toEqual([`Overrides PkiObject.schema → ${pki}#schema-1`]);
    expect(origin($, 'extensions')).toEqual(['Implementation of ICertificate.extensions → /docs/api/interfaces/ICertificate#extensions']);
    expect(origin($, 'tbsview')).toEqual([]);
    expect(body$($, 'schema-1').find('.fl span').text()).toBe('static');
  });

  it('gives each of the 14 defaultValues overloads an anchor', () => {
    const { $ } = page('class', 'Certificate');
    const ids = body$($, 'defaultvalues').find('.sg').map((_, s) => $(s).attr('id') ?? '').get();
    expect(ids).toEqual(['', ...Array.from({ length: 13 }, (_, i) => `defaultvalues-${i + 1}`)]);
  });

  it('links pkijs types, asn1js types to asn1js documentation, and leaves WebCrypto types as text', () => {
    const { $ } = page('class', 'Certificate');
    expect(decl($, 'issuer').find('a').attr('href')).toBe('/docs/api/classes/RelativeDistinguishedNames');
    expect(decl($, 'serialnumber').text()).toBe('serialNumber: asn1js.Integer');
    expect(decl($, 'serialnumber').find('a').attr('href')).toMatch(/^https:\/\/github\.com\/PeculiarVentures\/asn1\.js/);
    const sign = body$($, 'sign').find('code.sig');
    expect(sign.text()).toBe('sign(\n    privateKey: CryptoKey,\n    hashAlgorithm?: string,\n    crypto?: ICryptoEngine,\n): Promise<void>');
    expect(sign.find('a').map((_, a) => $(a).attr('href')).get()).toEqual(['/docs/api/interfaces/ICryptoEngine']);
  });

  it('shows the ASN.1 schema of schema() as a code block', () => {
    const { $ } = page('class', 'Certificate');
    const schema = body$($, 'schema-1');
    expect(schema.find('h4.tg').text()).toBe('ASN.1');
    expect(schema.find('.code-block pre').text()).toMatch(/^Certificate ::= SEQUENCE\s+\{/);
  });

  it('is used by the functions and types that take or return it', () => {
    const { $ } = page('class', 'Certificate');
    const users = $('h2#used-by').next('ul').find('a').map((_, a) => `${$(a).text()} ${$(a).attr('href')}`).get();
    // checkCA(cert: Certificate, …): Certificate | null; CertificateChainValidationEngine's certs: Certificate[]
    expect(users).toContain('checkCA /docs/api/globals#checkca');
    expect(users).toContain('CertificateChainValidationEngine /docs/api/classes/CertificateChainValidationEngine');
    expect(users).not.toContain('Certificate /docs/api/classes/Certificate');
    expect(users.length).toBeGreaterThan(10);
  });
});

describe('SignedData, CryptoEngine, ICertificate, CertificateJson, PKIStatus', () => {
  it('SignedData: overloaded verify(), linked to what it implements', () => {
    const { $ } = page('class', 'SignedData');
    expect(body$($, 'verify').find('.sg').map((_, s) => $(s).attr('id') ?? '').get()).toEqual(['', 'verify-1']);
    // Past 72 columns the parameters go one per line.
    expect(body$($, 'verify').find('.sg code.sig').first().text()).toBe(
      'verify(\n    params?: SignedDataVerifyParams & { extendedMode?: false },\n    crypto?: ICryptoEngine,\n): Promise<boolean>',
    );
    expect(origin($, 'signerinfos')).toEqual(['Implementation of ISignedData.signerInfos → /docs/api/interfaces/ISignedData#signerinfos']);
  });

  it('CryptoEngine: extends AbstractCryptoEngine, whose members it inherits or overrides', () => {
    const { $ } = page('class', 'CryptoEngine');
    expect($('dt#extends').next('dd').find('a').attr('href')).toBe('/docs/api/classes/AbstractCryptoEngine');
    expect(origin($, 'decrypt')).toEqual(['Inherited from AbstractCryptoEngine.decrypt → /docs/api/classes/AbstractCryptoEngine#decrypt']);
    expect(origin($, 'getpublickey')).toEqual(['Overrides AbstractCryptoEngine.getPublicKey → /docs/api/classes/AbstractCryptoEngine#getpublickey']);
    expect(body$($, 'generatekey').find('.sg')).toHaveLength(4);
  });

  it('ICertificate: implemented by Certificate, used by CertificateParameters', () => {
    const { $ } = page('interface', 'ICertificate');
    expect($('dt#implemented-by').next('dd').find('a').attr('href')).toBe('/docs/api/classes/Certificate');
    expect($('h2#used-by').next('ul').find('a').map((_, a) => $(a).attr('href')).get()).toContain('/docs/api/globals#certificateparameters');
    expect(decl($, 'extensions').text()).toBe('extensions?: Extension[]');
    expect(body$($, 'extensions').find('.fl span').text()).toBe('optional');
  });

  it('CertificateJson: its properties link to the other JSON interfaces', () => {
    const { $ } = page('interface', 'CertificateJson');
    expect(decl($, 'extensions').text()).toBe('extensions?: ExtensionJson[]');
    expect(decl($, 'extensions').find('a').attr('href')).toBe('/docs/api/interfaces/ExtensionJson');
    expect(decl($, 'issuer').find('a').attr('href')).toBe('/docs/api/interfaces/RelativeDistinguishedNamesJson');
  });

  it('PKIStatus: each member with its value, in order of value', () => {
    const { $ } = page('enum', 'PKIStatus');
    const values = $('h3').map((_, h) => decl($, $(h).attr('id')!).text()).get();
    expect(values).toEqual([
      'granted = 0', 'grantedWithMods = 1', 'rejection = 2', 'waiting = 3', 'revocationWarning = 4', 'revocationNotification = 5',
    ]);
  });
});
