// Attack suite, second look at signatures: PDF signatures (verifyPdfSignatures),
// detached S/MIME signatures (verifySignedMessage) and time-stamps
// (verifyTimeStampResponse). pkijs's SignedData.verify ignores the detached
// data it is given when the CMS carries content of its own, and validates a
// time-stamping certificate at the genTime the token itself claims.
// `openssl cms -verify` and `openssl ts -verify` judge.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { OID, createCertificateAuthority, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { base64Body } from '../../../content/docs/examples/other/S-MIME-signature-encryption.ts';
import { createSignedMessage, verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { createTimeStampRequest, timeStampRequestToDer } from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, createTsaCertificate, verifyTimeStampResponse } from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import * as pkijs from 'pkijs';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
let cast: Cast;
let alice: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'root'));
});

/** `openssl cms -verify` of a DER signature over the detached `content`; true on success. */
async function opensslVerifiesDetached(signature: ArrayBuffer, content: Uint8Array): Promise<boolean> {
  openssl.write('signature.der', signature);
  openssl.write('content.bin', content);
  const result = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.bin',
    '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.bin');
  return result.code === 0 && /Verification successful/.test(result.output);
}

describe('fresh eyes: PDF files given to verifyPdfSignatures', () => {
  /** A PDF whose /Contents is Alice's detached signature over exactly the bytes its ByteRange covers. */
  async function signedPdf(note?: string): Promise<Buffer> {
    const parts = pdfTemplate(note);
    const pdf = withByteRange(parts, wholeFileRange(parts));
    return withContents(pdf, parts, await signData(new Uint8Array(covered(pdf, wholeFileRange(parts))), alice, { detached: true }));
  }
  const verdict = async (pdf: Buffer) => verifyPdfSignatures(new Uint8Array(pdf), [cast.root.certificate]);

  it('accepts Alice\'s genuine signature over the whole file, as OpenSSL does (the control)', async () => {
    const pdf = await signedPdf();
    expect(await verdict(pdf)).toMatchObject([{ valid: true, coversWholeFile: true }]);
  });

  it('refuses a signature that carries its own content: Alice signed other bytes, not this file', async () => {
    // Any attached signature Alice ever made (here over a harmless text) pasted into /Contents of any PDF.
    const parts = pdfTemplate('Pay 900 EUR to account 66.');
    const range = wholeFileRange(parts);
    const cms = await signData(utf8('See you on Monday.'), alice);
    const pdf = withContents(withByteRange(parts, range), parts, cms);
    expect(await opensslVerifiesDetached(cms, covered(pdf, range))).toBe(false);
    expect((await verdict(pdf))[0]).toMatchObject({ valid: false });
  });

  it('refuses a file changed inside the signed range, as OpenSSL does', async () => {
    const pdf = await signedPdf();
    const changed = Buffer.from(pdf.toString('latin1').replace('Pay 100 EUR', 'Pay 900 EUR'), 'latin1');
    const [check] = await verdict(changed);
    expect(check).toMatchObject({ valid: false });
    const cms = Buffer.from(changed.subarray(changed.indexOf('/Contents <') + 11, changed.indexOf('>', changed.indexOf('/Contents <'))).toString('latin1').replace(/0+$/, ''), 'hex');
    expect(await opensslVerifiesDetached(new Uint8Array(cms).buffer, covered(changed, check!.byteRange))).toBe(false);
  });

  it('refuses a ByteRange that leaves the start of the file unsigned, or reaches past its end', async () => {
    const parts = pdfTemplate();
    for (const range of [[1, parts.contentsStart - 1, parts.contentsEnd, parts.pdf.length - parts.contentsEnd], [0, parts.contentsStart, parts.contentsEnd, parts.pdf.length - parts.contentsEnd + 1]] as const) {
      const pdf = withByteRange(parts, [...range]);
      const signed = withContents(pdf, parts, await signData(new Uint8Array(covered(pdf, [...range])), alice, { detached: true }));
      expect((await verdict(signed))[0]).toMatchObject({ valid: false, reason: 'The ByteRange does not describe this file' });
    }
  });

  it('flags bytes appended after the signed range (an incremental update) as not covered', async () => {
    const pdf = Buffer.concat([await signedPdf(), Buffer.from('4 0 obj << /Note (Pay 900 EUR) >> endobj\n%%EOF\n', 'latin1')]);
    expect(await verdict(pdf)).toMatchObject([{ valid: true, coversWholeFile: false }]);
  });

  it('refuses a signer from another CA', async () => {
    const mallory = await issueCertificate(cast.attackerRoot, ALICE);
    const parts = pdfTemplate();
    const pdf = withByteRange(parts, wholeFileRange(parts));
    const signed = withContents(pdf, parts, await signData(new Uint8Array(covered(pdf, wholeFileRange(parts))), mallory, { detached: true, chain: [cast.attackerRoot.certificate] }));
    expect((await verdict(signed))[0]).toMatchObject({ valid: false });
  });
});

describe('fresh eyes: S/MIME messages given to verifySignedMessage', () => {
  it('refuses a multipart/signed whose signature part carries its own content: the text shown was never signed', async () => {
    const cms = await signData(utf8('Content-Type: text/plain\r\n\r\nSee you on Monday.\r\n'), alice); // attached, signed long ago
    const shown = 'Content-Type: text/plain\r\n\r\nPay 900 EUR to account 66.\r\n';
    const message = [
      'From: Alice <alice@example.com>', 'To: bob@example.com', 'Subject: Invoice', 'MIME-Version: 1.0',
      'Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="b1"', '',
      '--b1', shown.replace(/\r\n$/, ''), '--b1', 'Content-Type: application/pkcs7-signature; name="smime.p7s"',
      'Content-Transfer-Encoding: base64', '', base64Body(new Uint8Array(cms)), '--b1--', '',
    ].join('\r\n');
    openssl.write('message.eml', message);
    const result = await openssl.run('cms', '-verify', '-in', 'message.eml', '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.txt');
    expect(result.output).not.toContain('Verification successful');
    expect(await verifySignedMessage(message, [cast.root.certificate])).toMatchObject({ trusted: false });
  });
});

describe('fresh eyes: time-stamps given to verifyTimeStampResponse', () => {
  const DOCUMENT = utf8('Pay 100 EUR to account 42.');
  let request: pkijs.TimeStampReq;
  beforeAll(async () => {
    request = await createTimeStampRequest(DOCUMENT);
    openssl.write('request.tsq', timeStampRequestToDer(request));
    openssl.write('document.bin', DOCUMENT);
  });
  afterEach(() => { vi.useRealTimers(); });

  async function stamp(tsa: KeyAndCertificate): Promise<ArrayBuffer> {
    const der = (await createTimeStampResponse(request, tsa)).toSchema().toBER(false);
    openssl.write('response.tsr', der);
    return der;
  }
  const opensslTs = async () => (await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'document.bin', '-CAfile', 'root.pem')).output;

  it('refuses a stamp from a TSA whose certificate expired, back-dated into its validity', async () => {
    // A CA set up 30 days ago certified a TSA key for 10 days; the retired key now stamps with a genTime of 25 days ago.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 30 * 86_400_000);
    const oldRoot = await createCertificateAuthority({ commonName: 'Old Root CA' });
    const retired = await issueCertificate(oldRoot, {
      subject: { commonName: 'Retired TSA' }, keyUsage: ['digitalSignature'], validDays: 10,
      extensions: [makeExtension(pkijs.id_ExtKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema())],
    });
    vi.setSystemTime(Date.now() + 5 * 86_400_000);
    const der = await stamp(retired);
    vi.useRealTimers();
    openssl.write('old-root.pem', certificateToPem(oldRoot.certificate));
    const verdict = await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'document.bin', '-CAfile', 'old-root.pem');
    expect(verdict.output).toMatch(/Verification: FAILED[\s\S]*certificate has expired/);
    await expect(verifyTimeStampResponse(der, request, DOCUMENT, [oldRoot.certificate])).rejects.toThrow();
  });

  it('refuses a stamp from a TSA certificate whose key usage forbids signatures', async () => {
    const tsa = await issueCertificate(cast.root, {
      subject: { commonName: 'Encryption-only TSA' }, keyUsage: ['keyEncipherment'],
      extensions: [makeExtension(pkijs.id_ExtKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema())],
    });
    const der = await stamp(tsa);
    expect(await opensslTs()).toContain('Verification: FAILED');
    await expect(verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).rejects.toThrow(/time-stamping certificate/);
  });

  it('refuses a stamp from a certificate whose extended key usage is not time-stamping alone and critical (RFC 3161 2.3)', async () => {
    const shared = await issueCertificate(cast.root, {
      subject: { commonName: 'Web server that also stamps' }, keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.serverAuth, OID.timeStamping],
    });
    const der = await stamp(shared);
    expect(await opensslTs()).toContain('Verification: FAILED');
    await expect(verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).rejects.toThrow(/time-stamping certificate/);
  });

  it('accepts the example TSA\'s stamp, as OpenSSL does (the control)', async () => {
    const der = await stamp(await createTsaCertificate(cast.root));
    expect(await opensslTs()).toContain('Verification: OK');
    expect((await verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).policy).toBe(OID.testPolicyOne);
  });
});

describe('fresh eyes: an S/MIME signer certificate made for TLS', () => {
  it('verifySignedMessage does not trust a valid signature by a server-only certificate carrying Alice\'s address', async () => {
    const server = await issueCertificate(cast.root, { ...ALICE, extendedKeyUsage: [OID.serverAuth] });
    const entity = 'Content-Type: text/plain\r\n\r\nPay 100 EUR to account 42.\r\n';
    const message = await createSignedMessage(entity, server, { from: 'alice@example.com', to: 'bob@example.com', subject: 'Invoice' });
    expect(await verifySignedMessage(message, [cast.root.certificate])).toMatchObject({ valid: false, senderMatches: true, problems: ['not issued for e-mail protection (extended key usage)'], trusted: false });
  });
});
