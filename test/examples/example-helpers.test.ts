// The shared example helpers, checked against literal values from the RFCs
// (never against the helpers' own constants) and against raw ASN.1.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import { ecdsaVerifies, extensionOids, findExtension, hex, pemToDer } from './support/pki.ts';

let ca: helpers.KeyAndCertificate;

beforeAll(async () => {
  helpers.useWebCrypto();
  ca = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
});

describe('example-helpers', () => {
  it('installs WebCrypto as the pkijs engine and returns it', () => {
    const engine = helpers.useWebCrypto();
    expect(pkijs.getEngine().crypto).toBe(engine);
    expect(pkijs.getEngine().name).toBe('webcrypto');
  });

  it('names the OIDs the RFCs define', () => {
    expect(helpers.OID).toMatchObject({
      serverAuth: '1.3.6.1.5.5.7.3.1', // RFC 5280 4.2.1.12
      emailProtection: '1.3.6.1.5.5.7.3.4',
      timeStamping: '1.3.6.1.5.5.7.3.8',
      ocspSigning: '1.3.6.1.5.5.7.3.9',
      anyExtendedKeyUsage: '2.5.29.37.0',
      ocspNonce: '1.3.6.1.5.5.7.48.1.2', // RFC 6960 4.4.1
      ocspNoCheck: '1.3.6.1.5.5.7.48.1.5', // RFC 6960 4.2.2.2.1
      contentType: '1.2.840.113549.1.9.3', // RFC 5652 11
      messageDigest: '1.2.840.113549.1.9.4',
      signingTime: '1.2.840.113549.1.9.5',
      signingCertificateV2: '1.2.840.113549.1.9.16.2.47', // RFC 5035
      extensionRequest: '1.2.840.113549.1.9.14', // RFC 2985
      friendlyName: '1.2.840.113549.1.9.20',
      localKeyId: '1.2.840.113549.1.9.21',
      emailAddress: '1.2.840.113549.1.9.1',
      pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2', // RFC 7292 4.2
      certBag: '1.2.840.113549.1.12.10.1.3',
      commonName: '2.5.4.3',
      country: '2.5.4.6',
      organization: '2.5.4.10',
    });
  });

  it('makes a self-signed CA: one attribute per RDN, critical basic constraints and key usage', async () => {
    const parsed = pkijs.Certificate.fromBER(pemToDer(helpers.toPem(ca.certificate.toSchema().toBER(false), 'CERTIFICATE')));
    expect(parsed.version).toBe(2);
    expect(parsed.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(await ecdsaVerifies(parsed.tbsView, parsed.signatureValue.valueBlock.valueHexView, parsed.subjectPublicKeyInfo)).toBe(true);
    const subject = asn1js.fromBER(parsed.subject.toSchema().toBER(false)).result as asn1js.Sequence;
    expect(subject.valueBlock.value.map((rdn) => (rdn as asn1js.Set).valueBlock.value.length)).toEqual([1, 1, 1]);
    expect(parsed.subject.typesAndValues.map((t) => t.type)).toEqual(['2.5.4.6', '2.5.4.10', '2.5.4.3']);
    expect(parsed.subject.typesAndValues[0]!.value).toBeInstanceOf(asn1js.PrintableString);
    // basicConstraints!, keyUsage!, subjectKeyIdentifier, authorityKeyIdentifier
    expect(extensionOids(parsed)).toEqual(['2.5.29.19!', '2.5.29.15!', '2.5.29.14', '2.5.29.35']);
    const keyUsage = asn1js.fromBER(findExtension(parsed, '2.5.29.15')!.extnValue.getValue()).result as asn1js.BitString;
    expect({ bits: hex(keyUsage.valueBlock.valueHexView), unused: keyUsage.valueBlock.unusedBits }).toEqual({ bits: '06', unused: 1 });
    // Key identifier, RFC 5280 4.2.1.2 (1): SHA-1 of the public key bits; self-signed: authority = subject.
    const expectedId = hex(await crypto.subtle.digest('SHA-1', new Uint8Array(parsed.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)));
    const subjectKeyId = asn1js.fromBER(findExtension(parsed, '2.5.29.14')!.extnValue.getValue()).result as asn1js.OctetString;
    expect(hex(subjectKeyId.valueBlock.valueHexView)).toBe(expectedId);
  });

  it('issues end-entity certificates with the profile extensions, signed by the issuer', async () => {
    const { certificate } = await helpers.issueCertificate(ca, {
      subject: { commonName: 'Alice' },
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extendedKeyUsage: ['1.3.6.1.5.5.7.3.4'],
      emails: ['alice@example.com'],
      dnsNames: ['alice.example.com'],
    });
    expect(await certificate.verify(ca.certificate)).toBe(true);
    expect(extensionOids(certificate)).toEqual(['2.5.29.19!', '2.5.29.15!', '2.5.29.37', '2.5.29.17', '2.5.29.14', '2.5.29.35']);
    expect(pkijs.BasicConstraints.fromBER(findExtension(certificate, '2.5.29.19')!.extnValue.getValue()).cA).toBe(false);
    const keyUsage = asn1js.fromBER(findExtension(certificate, '2.5.29.15')!.extnValue.getValue()).result as asn1js.BitString;
    expect({ bits: hex(keyUsage.valueBlock.valueHexView), unused: keyUsage.valueBlock.unusedBits }).toEqual({ bits: 'c0', unused: 6 });
    expect(helpers.keyUsagesOf(certificate)).toEqual(['digitalSignature', 'nonRepudiation']);
    const names = pkijs.GeneralNames.fromBER(findExtension(certificate, '2.5.29.17')!.extnValue.getValue()).names;
    expect(names.map((n) => [n.type, n.value])).toEqual([[2, 'alice.example.com'], [1, 'alice@example.com']]);
    expect(helpers.allowsPurpose(certificate, '1.3.6.1.5.5.7.3.4')).toBe(true);
    expect(helpers.allowsPurpose(certificate, '1.3.6.1.5.5.7.3.1')).toBe(false);
    expect(helpers.allowsPurpose(ca.certificate, '1.3.6.1.5.5.7.3.1')).toBe(true); // no EKU extension: any purpose
  });

  it('keeps private keys inside WebCrypto unless asked', async () => {
    const locked = await helpers.issueCertificate(ca, { subject: { commonName: 'Locked' }, keyUsage: ['digitalSignature'] });
    expect(locked.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', locked.privateKey)).rejects.toThrow();
    const exportable = await helpers.issueCertificate(ca, { subject: { commonName: 'Exportable' }, keyUsage: ['digitalSignature'], extractable: true });
    expect(exportable.privateKey.extractable).toBe(true);
  });

  it('switches to GeneralizedTime from 2050 on (RFC 5280 4.1.2.5)', () => {
    const before = asn1js.fromBER(helpers.x509Time(new Date(Date.UTC(2049, 11, 31, 23, 59, 59, 900))).toSchema().toBER(false)).result;
    const after = asn1js.fromBER(helpers.x509Time(new Date(Date.UTC(2050, 0, 1))).toSchema().toBER(false)).result;
    expect(before.idBlock.tagNumber).toBe(23); // UTCTime
    expect(after.idBlock.tagNumber).toBe(24); // GeneralizedTime
    expect((before as asn1js.UTCTime).toDate().toISOString()).toBe('2049-12-31T23:59:59.000Z');
  });

  it('gives unique, positive 16-byte serial numbers', () => {
    const serials = Array.from({ length: 20 }, () => helpers.randomSerialNumber().valueBlock.valueHexView);
    expect(new Set(serials.map((s) => hex(s))).size).toBe(20);
    for (const serial of serials) {
      expect(serial.length).toBe(16);
      expect(serial[0]).toBeGreaterThanOrEqual(0x40);
      expect(serial[0]).toBeLessThan(0x80);
    }
  });

  it('converts PEM, Base64 and hex without Buffer, byte for byte', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff);
    expect(helpers.toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect([...helpers.fromBase64(`${Buffer.from(bytes).toString('base64').slice(0, 40)}\r\n${Buffer.from(bytes).toString('base64').slice(40)}`)]).toEqual([...bytes]);
    expect(helpers.toHex(bytes.subarray(250, 256))).toBe(Buffer.from(bytes.subarray(250, 256)).toString('hex'));
    expect(helpers.toHex(new Uint8Array([0, 15, 16, 255]))).toBe('000f10ff');
    const pem = helpers.toPem(bytes, 'TEST');
    expect(pem).toMatch(/^-----BEGIN TEST-----\n([A-Za-z0-9+/=]{64}\n){6}[A-Za-z0-9+/=]{1,64}\n-----END TEST-----\n$/);
    expect([...helpers.fromPem(`junk before\n${pem}junk after`, 'TEST')]).toEqual([...bytes]);
    expect(() => helpers.fromPem(pem, 'CERTIFICATE')).toThrow('No "CERTIFICATE" PEM block found');
  });
});
