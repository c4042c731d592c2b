// Runs the PKCS#10 example: the request's self-signature checked with WebCrypto,
// the extensionRequest attribute read from raw ASN.1 with the literal PKCS #9 OID.
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as csr from '../../content/docs/examples/certificates-and-revocation/working-with-certificate-requests.ts';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import { ecdsaVerifies, findExtension, hex, pemToDer } from './support/pki.ts';

let ca: helpers.KeyAndCertificate;
let keys: CryptoKeyPair;
let pem: string;
const spec = { subject: { commonName: 'shop.example.com', organization: 'Example Shop', country: 'DE' }, dnsNames: ['shop.example.com', 'www.shop.example.com'] };

beforeAll(async () => {
  helpers.useWebCrypto();
  ca = await helpers.createCertificateAuthority({ commonName: 'Test Root CA' });
  keys = await helpers.generateKeyPair();
  pem = csr.requestToPem(await csr.createCertificationRequest(keys, spec));
});

describe('working-with-certificate-requests', () => {
  it('creates a request whose self-signature verifies (checked with WebCrypto)', async () => {
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n/);
    const parsed = pkijs.CertificationRequest.fromBER(pemToDer(pem));
    expect(parsed.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(await ecdsaVerifies(parsed.tbsView, parsed.signatureValue.valueBlock.valueHexView, parsed.subjectPublicKeyInfo)).toBe(true);
    expect(await csr.readCertificationRequest(parsed)).toEqual({
      subject: 'C=DE, O=Example Shop, CN=shop.example.com', dnsNames: spec.dnsNames, signatureValid: true,
    });
  });

  it('asks for the names in a PKCS #9 extensionRequest attribute (1.2.840.113549.1.9.14)', () => {
    const parsed = pkijs.CertificationRequest.fromBER(pemToDer(pem));
    expect(parsed.attributes?.map((a) => a.type)).toEqual(['1.2.840.113549.1.9.14']);
    const extensions = parsed.attributes![0]!.values[0] as asn1js.Sequence;
    const [extension] = extensions.valueBlock.value as [asn1js.Sequence];
    expect((extension.valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString()).toBe('2.5.29.17'); // subjectAltName
  });

  it('detects a tampered request and refuses to issue from it', async () => {
    const der = new Uint8Array(pemToDer(pem));
    const at = Buffer.from(der).indexOf('shop.example.com');
    der[at] = 'x'.charCodeAt(0); // "xhop.example.com" in the subject
    const tampered = pkijs.CertificationRequest.fromBER(der);
    expect((await csr.readCertificationRequest(tampered)).signatureValid).toBe(false);
    await expect(csr.issueFromRequest(ca, tampered, spec.dnsNames)).rejects.toThrow('The request signature is invalid');
  });

  it('issues a certificate with the requested key and checked names, its own subject and the CA\'s own profile', async () => {
    const request = csr.requestFromPem(pem);
    const issued = await csr.issueFromRequest(ca, request, spec.dnsNames);
    expect(await issued.verify(ca.certificate)).toBe(true);
    expect(hex(issued.subjectPublicKeyInfo.toSchema().toBER(false))).toBe(hex(request.subjectPublicKeyInfo.toSchema().toBER(false)));
    // The requested "O=Example Shop, C=DE" is not copied: the CA checked only the DNS names.
    expect(helpers.formatName(issued.subject)).toBe('CN=shop.example.com');
    const altNames = pkijs.GeneralNames.fromBER(findExtension(issued, '2.5.29.17')!.extnValue.getValue());
    expect(altNames.names.map((name) => [name.type, name.value])).toEqual(spec.dnsNames.map((name) => [2, name]));
    expect(pkijs.ExtKeyUsage.fromBER(findExtension(issued, '2.5.29.37')!.extnValue.getValue()).keyPurposes).toEqual(['1.3.6.1.5.5.7.3.1']);
  });
});
