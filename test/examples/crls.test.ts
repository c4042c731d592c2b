// Runs the CRL example: encoding checked against RFC 5280 with literal values,
// the signature with WebCrypto, and the helper's checks against CRLs from the
// wrong key and from an issuer that may not sign CRLs.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cert from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import * as crls from '../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import { ecdsaVerifies, hex } from './support/pki.ts';

let ca: helpers.KeyAndCertificate;
let server: helpers.KeyAndCertificate;
let secondServer: helpers.KeyAndCertificate;
let crl: pkijs.CertificateRevocationList;
let der: ArrayBuffer;

/** The reason code of each entry, read from the raw ENUMERATED (RFC 5280 5.3.1, id-ce-cRLReasons 2.5.29.21). */
function rawReasons(list: pkijs.CertificateRevocationList): (number | undefined)[] {
  return (list.revokedCertificates ?? []).map((entry) => {
    const extension = entry.crlEntryExtensions?.extensions.find((e) => e.extnID === '2.5.29.21');
    return extension ? (asn1js.fromBER(extension.extnValue.getValue()).result as asn1js.Enumerated).valueBlock.valueDec : undefined;
  });
}

beforeAll(async () => {
  helpers.useWebCrypto();
  ca = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
  server = await cert.createServerCertificate(ca, 'www.example.com');
  secondServer = await cert.createServerCertificate(ca, 'mail.example.com');
  crl = await crls.createCrl(ca, {
    crlNumber: 7,
    validHours: 24,
    revocations: [{ serialNumber: server.certificate.serialNumber, revokedAt: new Date(), reason: 'keyCompromise' }],
  });
  der = crls.crlToDer(crl);
});

describe('creating-and-parsing-CRLs', () => {
  it('has the reason codes of RFC 5280 5.3.1', () => {
    expect(crls.CrlReason).toEqual({
      unspecified: 0, keyCompromise: 1, cACompromise: 2, affiliationChanged: 3, superseded: 4, cessationOfOperation: 5,
      certificateHold: 6, removeFromCRL: 8, privilegeWithdrawn: 9, aACompromise: 10,
    });
  });

  it('encodes a v2 CRL with the revoked serial, its reason code and the CRL extensions', () => {
    const parsed = pkijs.CertificateRevocationList.fromBER(der);
    expect(hex(parsed.toSchema().toBER(false))).toBe(hex(der));
    expect(parsed.version).toBe(1); // v2
    expect(parsed.revokedCertificates?.map((entry) => hex(entry.userCertificate.valueBlock.valueHexView)))
      .toEqual([hex(server.certificate.serialNumber.valueBlock.valueHexView)]);
    expect(rawReasons(parsed)).toEqual([1]); // keyCompromise
    // authorityKeyIdentifier 2.5.29.35, cRLNumber 2.5.29.20 holding INTEGER 7
    expect(parsed.crlExtensions?.extensions.map((e) => e.extnID)).toEqual(['2.5.29.35', '2.5.29.20']);
    const number = asn1js.fromBER(parsed.crlExtensions!.extensions[1]!.extnValue.getValue()).result as asn1js.Integer;
    expect(number.valueBlock.valueDec).toBe(7);
    expect(asn1js.fromBER(parsed.thisUpdate.toSchema().toBER(false)).result.idBlock.tagNumber).toBe(23); // UTCTime before 2050
  });

  it('encodes each reason with its own code', async () => {
    const list = await crls.createCrl(ca, {
      crlNumber: 8, validHours: 1, revocations: [
        { serialNumber: server.certificate.serialNumber, revokedAt: new Date(), reason: 'cACompromise' },
        { serialNumber: secondServer.certificate.serialNumber, revokedAt: new Date(), reason: 'superseded' },
      ],
    });
    expect(rawReasons(pkijs.CertificateRevocationList.fromBER(crls.crlToDer(list)))).toEqual([2, 4]);
  });

  it('writes dates from 2050 on as GeneralizedTime', async () => {
    const revokedAt = new Date(Date.UTC(2051, 5, 1));
    const list = await crls.createCrl(ca, { crlNumber: 9, validHours: 1, revocations: [{ serialNumber: server.certificate.serialNumber, revokedAt }] });
    const entry = pkijs.CertificateRevocationList.fromBER(crls.crlToDer(list)).revokedCertificates![0]!;
    expect(asn1js.fromBER(entry.revocationDate.toSchema().toBER(false)).result.idBlock.tagNumber).toBe(24);
    expect(entry.revocationDate.value.toISOString()).toBe('2051-06-01T00:00:00.000Z');
  });

  it('is signed by the CA (checked with WebCrypto)', async () => {
    const parsed = pkijs.CertificateRevocationList.fromBER(der);
    expect(parsed.signature.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(await ecdsaVerifies(parsed.tbsView, parsed.signatureValue.valueBlock.valueHexView, ca.certificate.subjectPublicKeyInfo)).toBe(true);
  });

  it('parses PEM into a summary with number, reason and dates', () => {
    const summary = crls.describeCrl(crls.parseCrl(crls.crlToPem(crl)));
    expect(summary).toMatchObject({
      issuer: 'C=GB, O=Example Ltd, CN=Test Root CA',
      crlNumber: 7n,
      revoked: [{ serialNumber: hex(server.certificate.serialNumber.valueBlock.valueHexView), reason: 'keyCompromise' }],
    });
    expect((summary.nextUpdate?.getTime() ?? 0) - summary.thisUpdate.getTime()).toBe(24 * 3_600_000);
  });

  it('checks certificates against the CRL, including staleness', async () => {
    const parsed = crls.parseCrl(der);
    expect(await crls.checkCertificateAgainstCrl(parsed, ca.certificate, server.certificate))
      .toEqual({ signatureValid: true, current: true, revoked: true });
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await crls.checkCertificateAgainstCrl(parsed, ca.certificate, secondServer.certificate, tomorrow))
      .toEqual({ signatureValid: true, current: false, revoked: false });
  });

  it('refuses a CRL signed by another key under the same name', async () => {
    const impostor = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
    const forged = await crls.createCrl(impostor, { crlNumber: 7, validHours: 24, revocations: [] });
    const check = await crls.checkCertificateAgainstCrl(crls.parseCrl(crls.crlToDer(forged)), ca.certificate, server.certificate);
    expect(check.signatureValid).toBe(false);
  });

  it('refuses a CRL from an issuer without cRLSign, so validateChain finds no usable CRL (code 11)', async () => {
    const signOnly = await helpers.issueCertificate(ca, { subject: { commonName: 'No CRL CA' }, keyUsage: ['keyCertSign'] });
    const leaf = await cert.createServerCertificate(signOnly, 'leaf.example.com');
    const list = crls.parseCrl(crls.crlToDer(await crls.createCrl(signOnly, { crlNumber: 1, validHours: 1, revocations: [] })));
    expect(await list.verify({ issuerCertificate: signOnly.certificate })).toBe(true); // the signature alone is fine
    expect((await crls.checkCertificateAgainstCrl(list, signOnly.certificate, leaf.certificate)).signatureValid).toBe(false);
    const rootList = crls.parseCrl(crls.crlToDer(await crls.createCrl(ca, { crlNumber: 2, validHours: 1, revocations: [] })));
    const result = await cert.validateChain({ received: [leaf.certificate, signOnly.certificate], trustAnchors: [ca.certificate], crls: [list, rootList] });
    expect(result).toMatchObject({ result: false, resultCode: 11, resultMessage: expect.stringMatching(/No usable CRL for CN=leaf\.example\.com \(The CRL naming CN=No CRL CA is not signed by the issuer/) });
  });

  it('refuses a CRL of another issuer for this certificate', async () => {
    const other = await helpers.createCertificateAuthority({ commonName: 'Other CA' });
    const list = crls.parseCrl(crls.crlToDer(await crls.createCrl(other, { crlNumber: 1, validHours: 1, revocations: [] })));
    expect((await crls.checkCertificateAgainstCrl(list, other.certificate, server.certificate)).signatureValid).toBe(false);
  });

  it('makes chain validation fail for the revoked certificate only', async () => {
    const parsed = crls.parseCrl(der);
    expect(await crls.validateWithCrl(server.certificate, ca.certificate, parsed)).toMatchObject({ result: false, resultCode: 12 });
    expect((await crls.validateWithCrl(secondServer.certificate, ca.certificate, parsed)).result).toBe(true);
  });

  it('leaves out an empty list and the "unspecified" reason', async () => {
    const empty = pkijs.CertificateRevocationList.fromBER(crls.crlToDer(await crls.createCrl(ca, { crlNumber: 8, validHours: 1, revocations: [] })));
    expect(empty.revokedCertificates).toBeUndefined();
    expect(crls.describeCrl(empty).revoked).toEqual([]);
    const unspecified = await crls.createCrl(ca, {
      crlNumber: 9, validHours: 1, revocations: [{ serialNumber: server.certificate.serialNumber, revokedAt: new Date(), reason: 'unspecified' }],
    });
    const entry = pkijs.CertificateRevocationList.fromBER(crls.crlToDer(unspecified)).revokedCertificates?.[0];
    expect(entry?.crlEntryExtensions).toBeUndefined();
  });
});
