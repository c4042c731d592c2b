// The concepts guide's code, run: parsing, bytes kept at parse time, the
// encode flag, and the asn1js basics, with values from X.690 and RFC 5280.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { asn1jsBasics, parseCertificate, parseInTwoSteps, renameParsedCertificate } from '../../content/docs/guides/concepts.ts';
import { createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';

let ca: KeyAndCertificate;
let leaf: KeyAndCertificate;
let der: ArrayBuffer;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Guide Root' });
  leaf = await issueCertificate(ca, { subject: { commonName: 'original.example' }, keyUsage: ['digitalSignature'] });
  der = leaf.certificate.toSchema().toBER();
});

const cn = (c: pkijs.Certificate) => c.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value as string;

describe('the concepts guide', () => {
  it('parses DER in one step or two, and refuses bytes that are not a certificate', () => {
    expect(cn(parseCertificate(der))).toBe('original.example');
    const { asn1, certificate } = parseInTwoSteps(der);
    expect(asn1).toBeInstanceOf(asn1js.Sequence);
    expect(certificate.serialNumber.isEqual(leaf.certificate.serialNumber)).toBe(true);
    expect(() => parseCertificate(new Uint8Array([0x30, 0x03, 0x02]))).toThrow(pkijs.AsnError);
    expect(() => parseCertificate(new asn1js.Integer({ value: 5 }).toBER())).toThrow(/Certificate/);
    expect(() => parseInTwoSteps(new Uint8Array([0x30, 0x83]).buffer)).toThrow(/Not BER/);
  });

  it('loses an edit with toSchema() and breaks the signature with toSchema(true)', async () => {
    const { kept, reencoded } = renameParsedCertificate(der, 'renamed.example');
    expect(new Uint8Array(kept)).toEqual(new Uint8Array(der));
    expect(cn(pkijs.Certificate.fromBER(kept))).toBe('original.example');
    const changed = pkijs.Certificate.fromBER(reencoded);
    expect(cn(changed)).toBe('renamed.example');
    expect(await pkijs.Certificate.fromBER(kept).verify(ca.certificate)).toBe(true);
    expect(await changed.verify(ca.certificate)).toBe(false);
  });

  it('shows asn1js values as X.690 encodes them', () => {
    const basics = asn1jsBasics();
    expect(basics).toMatchObject({ serialHex: '010203', oid: '2.5.4.3', text: 'Example' });
    // SEQUENCE { INTEGER 010203, OCTET STRING ff }
    expect(Array.from(basics.der)).toEqual([0x30, 0x08, 0x02, 0x03, 0x01, 0x02, 0x03, 0x04, 0x01, 0xff]);
  });
});
