// The PDF signing example: the CMS part of a PAdES signature, written into a
// PDF as a PDF library would, then verified by the site's PDF verification
// example and by `openssl cms -verify` over the ByteRange bytes.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  commonNameOf, createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { signingCertificateProblem, verifyPdfSignatures } from '../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { contentsHex, createPadesSignature, signingCertificateV2 } from '../../content/docs/examples/other/signing-a-PDF-file.ts';
import { signWithExternalKey, softToken } from '../../content/docs/examples/signing-and-encryption-with-CMS/signing-with-an-external-key.ts';
import { parseSignedData } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, type PdfParts } from './attacks/pdf-fixture.ts';
import { useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const RESERVED = 4096; // bytes the fixture reserves for /Contents (8192 hex digits)
const verifyArgs = ['cms', '-verify', '-binary', '-inform', 'DER', '-CAfile', 'ca.pem', '-out', 'out.bin', '-in'];

let ca: KeyAndCertificate;
let alice: KeyAndCertificate;
let parts: PdfParts;
let pdf: Buffer;
let cms: ArrayBuffer;

/** What the PDF library does around createPadesSignature: fix /ByteRange, hash it, write /Contents. */
async function signPdf(signer: KeyAndCertificate, make = createPadesSignature): Promise<{ pdf: Buffer; cms: ArrayBuffer }> {
  const range = wholeFileRange(parts);
  const file = withByteRange(parts, range);
  const digest = createHash('sha256').update(covered(file, range)).digest();
  const signature = await make(Uint8Array.from(digest).buffer, softToken(signer));
  file.write(contentsHex(signature, RESERVED), parts.contentsStart + 1, 'latin1');
  return { pdf: file, cms: signature };
}

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  alice = await issueCertificate(ca, { subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature', 'nonRepudiation'] });
  parts = pdfTemplate(undefined, 'ETSI.CAdES.detached');
  ({ pdf, cms } = await signPdf(alice));
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('sig.p7s', cms);
  openssl.write('covered.bin', covered(pdf, wholeFileRange(parts)));
});

describe('signing-a-PDF-file', () => {
  it('the site\'s PDF verification example accepts the signed file, covering the whole file', async () => {
    const [check, ...others] = await verifyPdfSignatures(pdf, [ca.certificate]);
    expect(others).toHaveLength(0);
    expect(check).toMatchObject({ valid: true, coversWholeFile: true });
    expect(commonNameOf(check!.signer!)).toBe('Alice');
  });

  it('openssl cms -verify accepts the CMS over the ByteRange bytes', async () => {
    const result = await openssl.run(...verifyArgs, 'sig.p7s', '-content', 'covered.bin');
    expect(result.stderr).toContain('Verification successful');
  });

  it('carries content-type, message-digest and signing-certificate-v2, and no signing-time', async () => {
    const { stdout } = await openssl.ok('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'sig.p7s');
    const objects = [...stdout.matchAll(/object: ([\w-]+) \(([\d.]+)\)/g)].map((m) => m[2]).sort();
    expect(objects).toEqual(['1.2.840.113549.1.9.16.2.47', '1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4']); // RFC 5035, RFC 5652 11.1, 11.2
    expect(stdout).not.toContain('1.2.840.113549.1.9.5'); // signingTime
    expect(stdout).toMatch(/eContent: <ABSENT>/);
  });

  it('puts the SHA-256 of the signer certificate in signing-certificate-v2', async () => {
    const attribute = await signingCertificateV2(alice.certificate);
    const der = Buffer.from(attribute.toSchema().toBER(false));
    const certHash = createHash('sha256').update(Buffer.from(alice.certificate.toSchema().toBER(false))).digest();
    expect(der.indexOf(Buffer.concat([Buffer.from([0x04, 0x20]), certHash]))).toBeGreaterThan(0);
    // The DEFAULT hash algorithm (id-sha256, 2.16.840.1.101.3.4.2.1) is not written out.
    expect(der.indexOf(Buffer.from('608648016503040201', 'hex'))).toBe(-1);
  });

  it('pads /Contents with zeros to the reserved size', () => {
    const hex = contentsHex(new Uint8Array([0x30, 0x0a]).buffer, 4);
    expect(hex).toBe('300A0000');
  });
});

describe('signing-a-PDF-file: what must be refused', () => {
  it('a byte changed inside the ByteRange: the digest no longer matches', async () => {
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('Pay 100 EUR') + 'Pay '.length;
    tampered.write('9', at, 'latin1');
    const [check] = await verifyPdfSignatures(tampered, [ca.certificate]);
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/Message digest doesn't match/) });
  });

  it('signing-certificate-v2 naming another certificate: OpenSSL 3.0 accepts it, the PDF verifier refuses it', async () => {
    const other = await issueCertificate(ca, { subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature'] });
    const wrongAttribute = await signingCertificateV2(other.certificate);
    const range = wholeFileRange(parts);
    const digest = createHash('sha256').update(covered(withByteRange(parts, range), range)).digest();
    const swapped = await signWithExternalKey(Uint8Array.from(digest).buffer, softToken(alice), [wrongAttribute]);
    openssl.write('swapped.p7s', swapped);
    const result = await openssl.run(...verifyArgs, 'swapped.p7s', '-content', 'covered.bin');
    expect(result.stderr).toContain('Verification successful'); // why the example checks it itself
    const swappedPdf = withByteRange(parts, range);
    swappedPdf.write(contentsHex(swapped, RESERVED), parts.contentsStart + 1, 'latin1');
    expect((await verifyPdfSignatures(swappedPdf, [ca.certificate]))[0]).toMatchObject({ valid: false, reason: expect.stringMatching(/names another certificate/) });
    const signerInfo = (der: ArrayBuffer) => parseSignedData(der).signerInfos[0]!;
    expect(await signingCertificateProblem(signerInfo(swapped), alice.certificate, true)).toMatch(/names another certificate/);
    expect(await signingCertificateProblem(signerInfo(cms), alice.certificate, true)).toBeUndefined();
    expect(await signingCertificateProblem(signerInfo(cms), other.certificate, true)).toMatch(/names another certificate/);
  });

  it('a CMS larger than the reserved space, and a digest that is not SHA-256', async () => {
    expect(() => contentsHex(new ArrayBuffer(RESERVED + 1), RESERVED)).toThrow(/needs 4097 bytes but \/Contents reserves 4096/);
    await expect(createPadesSignature(new ArrayBuffer(20), softToken(alice))).rejects.toThrow(/32-byte SHA-256/);
  });

  it('an untrusted signer is not valid', async () => {
    const [check] = await verifyPdfSignatures(pdf, [(await createCertificateAuthority({ commonName: 'Other CA' })).certificate]);
    expect(check?.valid).toBe(false);
  });
});
