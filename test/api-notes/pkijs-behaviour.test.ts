// What the site notes (content/api-notes) state about pkijs 3.3.2, shown by
// pkijs itself: defaults the d.ts cannot show and methods that work on a copy.
// Every OID below is written out as a literal from the RFCs, not taken from
// pkijs or the examples.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import * as ocspReq from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import * as ocspRes from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';
import * as tsReq from '../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import * as tsRes from '../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import * as cms from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';

/** ecdsa-with-SHA1 (RFC 3279 2.2.3), ecdsa-with-SHA256 (RFC 5758 3.2), sha256WithRSAEncryption (RFC 4055 5). */
const ECDSA_WITH_SHA1 = '1.2.840.10045.4.1';
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

let ec: CryptoKeyPair;
let rsa: CryptoKeyPair;
let ca: helpers.KeyAndCertificate;
const bytes = (o: { toSchema(encode?: boolean): asn1js.BaseBlock }) => Buffer.from(o.toSchema().toBER(false)).toString('hex');

beforeAll(async () => {
  helpers.useWebCrypto();
  ec = await helpers.generateKeyPair(helpers.ECDSA_P256);
  rsa = await helpers.generateKeyPair(helpers.RSA_2048); // generated for SHA-256
  ca = await helpers.createCertificateAuthority({ commonName: 'Notes Test CA', organization: 'Example Ltd' });
});

async function unsignedCertificate(keys = ec): Promise<pkijs.Certificate> {
  const subject = helpers.buildName({ commonName: 'notes.example' });
  return new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ value: 7 }),
    issuer: subject,
    subject,
    subjectPublicKeyInfo: await helpers.toPublicKeyInfo(keys.publicKey),
    notBefore: helpers.x509Time(new Date('2026-01-01T00:00:00Z')),
    notAfter: helpers.x509Time(new Date('2027-01-01T00:00:00Z')),
  });
}

describe('sign() without a hash algorithm signs with SHA-1 (an ECDSA key)', () => {
  it('Certificate#sign', async () => {
    const certificate = await unsignedCertificate();
    await certificate.sign(ec.privateKey);
    const reread = pkijs.Certificate.fromBER(certificate.toSchema().toBER(false));
    expect(reread.signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
    expect(reread.signature.algorithmId).toBe(ECDSA_WITH_SHA1);
    // Named, it is what it says.
    await certificate.sign(ec.privateKey, 'SHA-256');
    expect(pkijs.Certificate.fromBER(certificate.toSchema(true).toBER(false)).signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA256);
  });

  it('CertificationRequest#sign', async () => {
    const request = new pkijs.CertificationRequest({ subject: helpers.buildName({ commonName: 'notes.example' }) });
    request.subjectPublicKeyInfo = await helpers.toPublicKeyInfo(ec.publicKey);
    await request.sign(ec.privateKey);
    expect(pkijs.CertificationRequest.fromBER(request.toSchema().toBER(false)).signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
  });

  it('CertificateRevocationList#sign', async () => {
    const crl = new pkijs.CertificateRevocationList({
      version: 1,
      issuer: helpers.buildName({ commonName: 'notes.example' }),
      thisUpdate: helpers.x509Time(new Date('2026-01-01T00:00:00Z')),
    });
    await crl.sign(ec.privateKey);
    expect(pkijs.CertificateRevocationList.fromBER(crl.toSchema().toBER(false)).signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
  });

  it('an RSA key signs with the hash it was generated for, whatever hashAlgorithm says', async () => {
    const certificate = await unsignedCertificate(rsa);
    await certificate.sign(rsa.privateKey);
    expect(pkijs.Certificate.fromBER(certificate.toSchema().toBER(false)).signatureAlgorithm.algorithmId).toBe(SHA256_WITH_RSA);
    await certificate.sign(rsa.privateKey, 'SHA-512');
    expect(pkijs.Certificate.fromBER(certificate.toSchema(true).toBER(false)).signatureAlgorithm.algorithmId).toBe(SHA256_WITH_RSA);
  });
});

describe('toSchema() of a parsed object encodes the bytes it was parsed from', () => {
  it('a changed field of a parsed Certificate is lost without toSchema(true)', async () => {
    const certificate = await unsignedCertificate();
    await certificate.sign(rsa.privateKey, 'SHA-256');
    const parsed = pkijs.Certificate.fromBER(certificate.toSchema().toBER(false));
    parsed.serialNumber = new asn1js.Integer({ value: 8 });
    expect(pkijs.Certificate.fromBER(parsed.toSchema().toBER(false)).serialNumber.valueBlock.valueDec).toBe(7);
    expect(pkijs.Certificate.fromBER(parsed.toSchema(true).toBER(false)).serialNumber.valueBlock.valueDec).toBe(8);
  });
});

describe('SignedData#verify', () => {
  it('does not check the signer\'s certificate chain unless checkChain is set', async () => {
    // A signer no one trusts: its own self-made CA.
    const stranger = await helpers.createCertificateAuthority({ commonName: 'Nobody Trusts Me' });
    const der = await cms.signData(new TextEncoder().encode('hello'), stranger);
    const signed = cms.parseSignedData(der);
    expect(await signed.verify({ signer: 0 })).toBe(true);
    const checked = await signed.verify({ signer: 0, checkChain: true, trustedCerts: [ca.certificate], extendedMode: true }).catch((e: unknown) => e);
    expect(checked).toBeInstanceOf(pkijs.SignedDataVerifyError);
    expect((checked as pkijs.SignedDataVerifyError).message).toMatch(/^Validation of signer's certificate failed/);
    expect(checked).toMatchObject({ signerCertificateVerified: false });
  });

  it('ContentInfo.DATA, which the upstream example names, is the id-data OID', () => {
    expect(pkijs.ContentInfo.DATA).toBe('1.2.840.113549.1.7.1');
  });
});

describe('OCSPResponse and TimeStampResp work on a copy', () => {
  let responder: helpers.KeyAndCertificate;
  let server: helpers.KeyAndCertificate;
  beforeAll(async () => {
    responder = await ocspRes.createResponderCertificate(ca);
    server = await helpers.issueCertificate(ca, { subject: { commonName: 'server.example' }, keyUsage: ['digitalSignature'], dnsNames: ['server.example'] });
  });

  async function ocspResponse(): Promise<pkijs.OCSPResponse> {
    const request = await ocspReq.createOcspRequest(server.certificate, ca.certificate);
    return ocspRes.createOcspResponse(request, ca.certificate, responder, () => ({ status: 'good' }));
  }

  it('OCSPResponse#sign leaves the response as it was: the signature it makes is thrown away', async () => {
    const response = await ocspResponse();
    const before = bytes(response);
    const otherKey = await helpers.generateKeyPair();
    await response.sign(otherKey.privateKey, 'SHA-256');
    expect(bytes(response)).toBe(before);
    // The BasicOCSPResponse inside still verifies with the responder's key, not the new one.
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes!.response.getValue());
    expect(await basic.verify({ trustedCerts: [ca.certificate] })).toBe(true);
  });

  it('OCSPResponse#verify rejects a good response signed by a delegated responder: it passes no trusted certificates', async () => {
    const response = await ocspResponse();
    await expect(response.verify()).rejects.toThrow("Validation of signer's certificate failed");
    await expect(response.verify(ca.certificate)).rejects.toThrow("Validation of signer's certificate failed");
    // The same bytes verify once the BasicOCSPResponse is given its trust anchor.
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes!.response.getValue());
    expect(await basic.verify({ trustedCerts: [ca.certificate] })).toBe(true);
  });

  it('BasicOCSPResponse#sign without a hash algorithm signs with SHA-1', async () => {
    const response = await ocspResponse();
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes!.response.getValue());
    await basic.sign(ec.privateKey);
    expect(pkijs.BasicOCSPResponse.fromBER(basic.toSchema().toBER(false)).signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
  });

  it('TimeStampResp#sign leaves the response as it was', async () => {
    const tsa = await tsRes.createTsaCertificate(ca);
    const request = await tsReq.createTimeStampRequest(new TextEncoder().encode('document'));
    const response = await tsRes.createTimeStampResponse(request, tsa);
    const before = bytes(response);
    const otherKey = await helpers.generateKeyPair();
    await response.sign(otherKey.privateKey, 'SHA-256');
    expect(bytes(response)).toBe(before);
  });
});
