// Attack suite: the signing-certificate-v2 attribute of a PDF signature (RFC
// 5035). The signer's certificate and identifier in a CMS are not signed; the
// attribute is, and binds the signature to one certificate. PAdES
// (ETSI.CAdES.detached) requires it; for adbe.pkcs7.detached it is optional but,
// when present, must hold. verifyPdfSignatures used to ignore it.
// OpenSSL 3.0's `cms -verify` does not compare the attribute with the signer's
// certificate, so it cannot judge most of these attacks: there the test asserts
// that OpenSSL verifies the signature itself, which shows that the attribute is
// the only thing wrong. It does count the attribute and its values, and judges
// those two attacks.
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildName, OID, profileExtensions, signCertificate, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { signingCertificateV2 } from '../../../content/docs/examples/other/signing-a-PDF-file.ts';
import { signWithExternalKey, softToken } from '../../../content/docs/examples/signing-and-encryption-with-CMS/signing-with-an-external-key.ts';
import { parseSignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, createCast, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
const PADES = 'ETSI.CAdES.detached';
const ADBE = 'adbe.pkcs7.detached';
let cast: Cast;
let alice: KeyAndCertificate;
/** A second certificate for Alice's key, under another name: what a substitution swaps in. */
let aliceTwin: pkijs.Certificate;
let mallory: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'root'));
  const twinSpec = {
    subject: buildName({ commonName: 'Alice', organization: 'Example Ltd, Board of directors' }),
    publicKey: alice.certificate.subjectPublicKeyInfo, validDays: 365, extensions: profileExtensions(ALICE),
  };
  aliceTwin = await signCertificate(twinSpec, cast.root);
  mallory = (await createCast()).server; // a certificate of the attacker's own
});

interface EssOptions { hash?: 'SHA-1' | 'SHA-256' | 'SHA-384'; hashOid?: string; flipHashByte?: boolean; issuerSerial?: pkijs.IssuerSerial }

/** A signing-certificate-v2 attribute for `certificate`, spelled as the attack needs. */
function essAttribute(certificate: pkijs.Certificate, options: EssOptions = {}): pkijs.Attribute {
  const hash = Buffer.from(createHash((options.hash ?? 'SHA-256').replace('-', '').toLowerCase())
    .update(Buffer.from(certificate.toSchema().toBER(false))).digest());
  if (options.flipHashByte) hash.writeUInt8(hash.readUInt8(0) ^ 0x01, 0);
  const fields: asn1js.AsnType[] = [];
  if (options.hashOid) fields.push(new pkijs.AlgorithmIdentifier({ algorithmId: options.hashOid }).toSchema());
  fields.push(new asn1js.OctetString({ valueHex: Uint8Array.from(hash).buffer }));
  if (options.issuerSerial) fields.push(options.issuerSerial.toSchema());
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: fields })] })] });
  return new pkijs.Attribute({ type: OID.signingCertificateV2, values: [value] });
}

function issuerSerial(issuer: pkijs.Certificate['issuer'], serialNumber: asn1js.Integer): pkijs.IssuerSerial {
  return new pkijs.IssuerSerial({ issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: issuer })] }), serialNumber });
}

/** Puts `certificate` in the CMS as the signer's, in place of the one it was signed with: the signature stays valid. */
function substitute(cms: ArrayBuffer, certificate: pkijs.Certificate): ArrayBuffer {
  const signedData = parseSignedData(cms);
  signedData.certificates = [certificate];
  signedData.signerInfos[0]!.sid = new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber });
  return new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema(true) }).toSchema().toBER(false);
}

/** A PDF with `subFilter`, signed by Alice with exactly `attributes` besides content-type and message-digest. */
async function signedPdf(subFilter: string, attributes: pkijs.Attribute[], swap?: pkijs.Certificate): Promise<Uint8Array> {
  const parts = pdfTemplate('Transfer the house to Mallory.', subFilter);
  const range = wholeFileRange(parts);
  const pdf = withByteRange(parts, range);
  const digest = createHash('sha256').update(covered(pdf, range)).digest();
  const signed = await signWithExternalKey(Uint8Array.from(digest).buffer, softToken(alice), attributes);
  const cms = swap ? substitute(signed, swap) : signed;
  openssl.write('signature.der', cms);
  openssl.write('content.bin', covered(pdf, range));
  return new Uint8Array(withContents(pdf, parts, cms));
}

/** What `openssl cms -verify` says of the last signed PDF's CMS over its ByteRange bytes. */
async function opensslVerify(): Promise<string> {
  return (await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der',
    '-content', 'content.bin', '-CAfile', 'root.pem', '-out', 'out.bin')).output;
}

const opensslVerifiesSignature = async () => /Verification successful/.test(await opensslVerify());

async function verdict(pdf: Uint8Array) {
  const checks = await verifyPdfSignatures(pdf, [cast.root.certificate]);
  expect(checks).toHaveLength(1);
  return checks[0]!;
}

describe('attack: the signing-certificate-v2 attribute of a PDF signature, given to verifyPdfSignatures', () => {
  it('accepts a PAdES signature whose attribute names Alice\'s certificate (the control)', async () => {
    const pdf = await signedPdf(PADES, [await signingCertificateV2(alice.certificate)]);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: true, coversWholeFile: true });
  });

  it('honours SHA-384 and an issuerSerial that match (the control)', async () => {
    const matching = issuerSerial(alice.certificate.issuer, alice.certificate.serialNumber);
    const pdf = await signedPdf(PADES, [essAttribute(alice.certificate, { hash: 'SHA-384', hashOid: OID.sha384, issuerSerial: matching })]);
    expect(await verdict(pdf)).toMatchObject({ valid: true });
  });

  it('refuses a PAdES signature without the attribute', async () => {
    const pdf = await signedPdf(PADES, []);
    expect(await opensslVerifiesSignature()).toBe(true); // OpenSSL has no notion of PAdES
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/must carry the signing-certificate-v2/) });
  });

  it('refuses an attribute naming the attacker\'s own certificate', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(mallory.certificate)]);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
  });

  it('refuses an attribute naming the CA\'s certificate', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(cast.root.certificate)]);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
  });

  it('refuses a substitution: Alice\'s other certificate for the same key swapped into the CMS', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(alice.certificate)], aliceTwin);
    expect(await opensslVerifiesSignature()).toBe(true); // the same key verifies the signature
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
  });

  it('refuses two signing-certificate-v2 attributes', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(alice.certificate), essAttribute(alice.certificate, { hashOid: OID.sha256 })]);
    // Here OpenSSL judges: RFC 5035 allows the attribute once, with one value (cms_att.c).
    expect(await opensslVerify()).toMatch(/ossl_cms_si_check_attributes:attribute error/);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/one attribute with one value/) });
  });

  it('refuses one attribute with two values', async () => {
    const attribute = essAttribute(alice.certificate);
    attribute.values.push(attribute.values[0]);
    const pdf = await signedPdf(PADES, [attribute]);
    expect(await opensslVerify()).toMatch(/ossl_cms_si_check_attributes:attribute error/);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/one attribute with one value/) });
  });

  it('refuses a hash algorithm other than SHA-256/384/512, even with the right SHA-1 hash', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(alice.certificate, { hash: 'SHA-1', hashOid: OID.sha1 })]);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/hash algorithm 1\.3\.14\.3\.2\.26/) });
  });

  it('refuses a SHA-256 hash named as SHA-384 (the named algorithm is the one used)', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(alice.certificate, { hash: 'SHA-256', hashOid: OID.sha384 })]);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
  });

  it('refuses a tampered hash', async () => {
    const pdf = await signedPdf(PADES, [essAttribute(alice.certificate, { flipHashByte: true })]);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
  });

  it('refuses an issuerSerial with another serial number, or another issuer', async () => {
    const otherSerial = issuerSerial(alice.certificate.issuer, aliceTwin.serialNumber);
    const otherIssuer = issuerSerial(cast.intermediate.certificate.subject, alice.certificate.serialNumber);
    for (const wrong of [otherSerial, otherIssuer]) {
      const pdf = await signedPdf(PADES, [essAttribute(alice.certificate, { issuerSerial: wrong })]);
      expect(await opensslVerifiesSignature()).toBe(true);
      expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/issuerSerial/) });
    }
  });

  it('refuses a SHA-1 signing-certificate (v1) attribute', async () => {
    const v1 = essAttribute(alice.certificate, { hash: 'SHA-1' });
    const pdf = await signedPdf(PADES, [new pkijs.Attribute({ type: OID.signingCertificate, values: v1.values })]);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/v1/) });
  });
});

describe('attack: adbe.pkcs7.detached signatures, where the attribute is optional', () => {
  it('accepts one without the attribute (the control)', async () => {
    const pdf = await signedPdf(ADBE, []);
    expect(await verdict(pdf)).toMatchObject({ valid: true });
  });

  it('refuses one whose attribute names another certificate, or that was swapped', async () => {
    const naming = await signedPdf(ADBE, [essAttribute(mallory.certificate)]);
    expect(await verdict(naming)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
    const swapped = await signedPdf(ADBE, [essAttribute(alice.certificate)], aliceTwin);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(swapped)).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
  });

  it('refuses a SubFilter it does not verify as detached CMS (adbe.pkcs7.sha1)', async () => {
    const pdf = await signedPdf('adbe.pkcs7.sha1', [essAttribute(alice.certificate)]);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/SubFilter adbe\.pkcs7\.sha1/) });
  });

  it('refuses a dictionary that names two SubFilters, PAdES and the one where the attribute is optional', async () => {
    const pdf = await signedPdf(`${PADES} /SubFilter /${ADBE}`, []);
    expect(await opensslVerifiesSignature()).toBe(true); // OpenSSL sees only the CMS
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/no single SubFilter/) });
  });
});
