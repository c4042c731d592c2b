// The external-key signing example: a CMS made around a signature from a
// stand-in token, verified by pkijs (the site's verifySignedData) and by
// `openssl cms -verify`, and the mistakes it must not let through.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  commonNameOf, createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import {
  bytesToSign, signDetached, signWithExternalKey, softToken, type ExternalSigner,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/signing-with-an-external-key.ts';
import { parseSignedData, verifySignedData } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const content = new TextEncoder().encode('Transfer 100 EUR to account 42.\n');
const verifyArgs = ['cms', '-verify', '-binary', '-inform', 'DER', '-CAfile', 'ca.pem', '-out', 'out.bin', '-in'];

let ca: KeyAndCertificate;
let alice: KeyAndCertificate;
let token: ExternalSigner;
let signature: ArrayBuffer;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  alice = await issueCertificate(ca, { subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature', 'nonRepudiation'] });
  token = softToken(alice);
  signature = await signDetached(content, token);
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('content.bin', content);
  openssl.write('signed.p7s', signature);
});

describe('signing-with-an-external-key', () => {
  it('makes a detached signature the site verifies, naming the token certificate', async () => {
    const check = await verifySignedData(parseSignedData(signature), [ca.certificate], content);
    expect(check).toMatchObject({ valid: true });
    expect(commonNameOf(check.signer!)).toBe('Alice');
    expect(check.signingTime).toBeInstanceOf(Date);
  });

  it('openssl cms -verify accepts it with the content, and refuses other content', async () => {
    expect((await openssl.run(...verifyArgs, 'signed.p7s', '-content', 'content.bin')).stderr).toContain('Verification successful');
    openssl.write('other.bin', 'Transfer 900 EUR to account 66.\n');
    expect((await openssl.run(...verifyArgs, 'signed.p7s', '-content', 'other.bin')).stderr).toContain('Verification failure');
  });

  it('writes ecdsa-with-SHA256 without parameters, SHA-256, and DER-sorted signed attributes', async () => {
    const { stdout } = await openssl.ok('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'signed.p7s');
    expect(stdout).toMatch(/signatureAlgorithm: \n\s+algorithm: ecdsa-with-SHA256 \(1\.2\.840\.10045\.4\.3\.2\)\n\s+parameter: <ABSENT>/);
    expect(stdout).toMatch(/digestAlgorithm: \n\s+algorithm: sha256 \(2\.16\.840\.1\.101\.3\.4\.2\.1\)/);
    // DER sorts by the whole encoding, so the length byte decides: contentType is 30 18 (24 bytes),
    // signingTime 30 1C (an 11-byte OID, a 13-byte UTCTime), messageDigest 30 2F (a 32-byte digest).
    const order = [...stdout.matchAll(/object: (\w+) \(/g)].map((m) => m[1]);
    expect(order).toEqual(['contentType', 'signingTime', 'messageDigest']);
  });

  it('signs the SET OF encoding: the [0] field with its first byte 0xA0 turned into 0x31', () => {
    const signed = bytesToSign(parseSignedData(signature).signerInfos[0]!.signedAttrs!);
    expect(signed[0]).toBe(0x31);
    // In the file, the same bytes follow the tag 0xA0 of the [0] field.
    const file = Buffer.from(signature);
    const asTransmitted = Buffer.from([0xa0, ...signed.subarray(1)]);
    expect(file.indexOf(asTransmitted)).toBeGreaterThan(0);
    expect(file.indexOf(Buffer.from(signed))).toBe(-1);
  });
});

describe('signing-with-an-external-key: what it must refuse', () => {
  it('the pitfall: a signature over the [0] IMPLICIT encoding fails pkijs and OpenSSL', async () => {
    const signedData = parseSignedData(signature);
    const signerInfo = signedData.signerInfos[0]!;
    const implicitBytes = new Uint8Array(signerInfo.signedAttrs!.toSchema().toBER(false)); // starts with 0xA0
    expect(implicitBytes[0]).toBe(0xa0);
    const raw = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, alice.privateKey, implicitBytes);
    signerInfo.signature = new asn1js.OctetString({ valueHex: pkijs.createCMSECDSASignature(raw) });
    const wrong = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema() }).toSchema().toBER(false);
    const check = await verifySignedData(parseSignedData(wrong), [ca.certificate], content);
    expect(check).toMatchObject({ valid: false, reason: 'The signature does not match the signed attributes' });
    openssl.write('implicit.p7s', wrong);
    const result = await openssl.run(...verifyArgs, 'implicit.p7s', '-content', 'content.bin');
    expect(result.stderr).toContain('Verification failure');
  });

  it('a token holding another key: refused before any CMS is made', async () => {
    const mallory = await issueCertificate(ca, { subject: { commonName: 'Mallory' }, keyUsage: ['digitalSignature'] });
    const swapped: ExternalSigner = { certificate: alice.certificate, sign: softToken(mallory).sign };
    const digest = await crypto.subtle.digest('SHA-256', content);
    await expect(signWithExternalKey(digest, swapped)).rejects.toThrow(/does not verify with the certificate's public key/);
  });

  it('a token answering with a DER signature instead of r‖s: refused', async () => {
    const derToken: ExternalSigner = {
      certificate: alice.certificate,
      sign: async (data) => pkijs.createCMSECDSASignature(await token.sign(data)),
    };
    const digest = await crypto.subtle.digest('SHA-256', content);
    await expect(signWithExternalKey(digest, derToken)).rejects.toThrow(/not a raw r‖s ECDSA signature/);
  });

  it('a changed document: pkijs reports the digest mismatch', async () => {
    const changed = new TextEncoder().encode('Transfer 900 EUR to account 66.\n');
    const check = await verifySignedData(parseSignedData(signature), [ca.certificate], changed);
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/Message digest doesn't match/) });
  });

  it('refuses an extractable key as a token stand-in', async () => {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    expect(() => softToken({ certificate: alice.certificate, privateKey: keys.privateKey })).toThrow(/must not be extractable/);
  });
});
