// The two errors of the troubleshooting guide that users quote most, caused
// for real and matched word for word with pkijs 3.3.2's own messages, and the
// guide's fixes (asCertificate, readCertificate) shown to remove them.
import { createRequire } from 'node:module';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, toPem, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import { asCertificate, readCertificate } from '../../content/docs/guides/troubleshooting.ts';
import { PKIJS_4 } from '../examples/support/release.ts';

/**
 * A second copy of pkijs with its own asn1js, as in a bundle that holds two: 4.0.0 of the workspace
 * beside the root's 3.3.2, or 3.3.2 when the tests run on 4.0.0 (PKIDOCS_PKIJS_RELEASE).
 */
const require = createRequire(import.meta.url);
const other = PKIJS_4 ? '../../node_modules' : '../../content/versions/pkijs-4.0/node_modules';
const otherPkijs = require(`${other}/pkijs`) as typeof pkijs;
const otherAsn1js = require(`${other}/asn1js`) as typeof asn1js;

let ca: KeyAndCertificate;
let der: ArrayBuffer;
const signedDataWith = (certificates: unknown[]) => new pkijs.SignedData({
  encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.id_ContentType_Data }),
  certificates: certificates as pkijs.Certificate[],
});
const encode = (certificates: unknown[]) => () => signedDataWith(certificates).toSchema().toBER(false);

beforeAll(async () => {
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  der = ca.certificate.toSchema().toBER(false);
});

describe('"element.toSchema is not a function"', () => {
  it('comes from DER bytes, an asn1js block or a cloned Certificate in SignedData.certificates', () => {
    expect(encode([der])).toThrow(new TypeError('element.toSchema is not a function'));
    expect(encode([ca.certificate.toSchema()])).toThrow('element.toSchema is not a function');
    expect(encode([structuredClone(ca.certificate)])).toThrow('element.toSchema is not a function');
  });

  it('a Certificate of a second pkijs copy still encodes, but fails every instanceof check', () => {
    const foreign = otherPkijs.Certificate.fromBER(der);
    expect(foreign instanceof pkijs.Certificate).toBe(false);
    expect(otherAsn1js.fromBER(der).result instanceof asn1js.Sequence).toBe(false);
    expect(Buffer.from(signedDataWith([foreign]).toSchema().toBER(false)).includes(Buffer.from(der))).toBe(true);
  });

  it('asCertificate turns each of them into a pkijs.Certificate of this copy', () => {
    const inputs = [der, new Uint8Array(der), ca.certificate.toSchema(), otherPkijs.Certificate.fromBER(der), otherAsn1js.fromBER(der).result];
    for (const input of inputs) {
      const certificate = asCertificate(input);
      expect(certificate).toBeInstanceOf(pkijs.Certificate);
      expect(Buffer.from(certificate.toSchema().toBER(false)).equals(Buffer.from(der))).toBe(true);
    }
    expect(encode(inputs.map(asCertificate))).not.toThrow();
    expect(() => asCertificate(structuredClone(ca.certificate))).toThrow(/lost its methods: send its DER/);
    expect(() => asCertificate(JSON.parse(JSON.stringify(ca.certificate)))).toThrow(/lost its methods/);
  });
});

describe('"Object\'s schema was not verified against input data"', () => {
  it('comes from PEM or Base64 text, or another structure, given to new X({ schema })', () => {
    const pem = toPem(der, 'CERTIFICATE');
    const base64 = pem.split('\n').slice(1, -2).join('');
    const schemaOf = (bytes: BufferSource) => asn1js.fromBER(bytes).result;
    const expected = "Object's schema was not verified against input data for Certificate";
    expect(() => new pkijs.Certificate({ schema: schemaOf(new TextEncoder().encode(pem)) })).toThrow(expected);
    expect(() => new pkijs.Certificate({ schema: schemaOf(new TextEncoder().encode(base64)) })).toThrow(expected);
    expect(() => new pkijs.SignedData({ schema: schemaOf(der) })).toThrow("Object's schema was not verified against input data for SignedData");
  });

  it('fromBER words the same mistakes differently', () => {
    const pem = new TextEncoder().encode(toPem(der, 'CERTIFICATE'));
    expect(() => pkijs.Certificate.fromBER(pem)).toThrow("Error during parsing of ASN.1 data. Data is not correct for 'Certificate'.");
    expect(() => pkijs.ContentInfo.fromBER(der)).toThrow("Cannot create 'ContentInfo' from ASN.1 object");
  });

  it('readCertificate takes PEM text, Base64, PEM bytes and DER, and names what else it got', () => {
    const pem = toPem(der, 'CERTIFICATE');
    const base64 = pem.split('\n').slice(1, -2).join('');
    for (const input of [pem, base64, new TextEncoder().encode(pem), new Uint8Array(der)]) {
      expect(Buffer.from(readCertificate(input).toSchema().toBER(false)).equals(Buffer.from(der))).toBe(true);
    }
    expect(() => readCertificate(new TextEncoder().encode(base64))).toThrow(/^Not DER: a certificate starts with 0x30/);
    const contentInfo = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_Data, content: new asn1js.OctetString() });
    expect(() => readCertificate(new Uint8Array(contentInfo.toSchema().toBER(false))))
      .toThrow("The DER is not an X.509 certificate (Cannot create 'Certificate' from ASN.1 object): a CSR, a PKCS#7 bundle or a key?");
  });
});
