// Attack suite: a PDF signed with a key certified for something else. A CA
// that escrows encryption keys certifies them for keyAgreement only, so that
// whoever recovers one cannot sign in its owner's name (RFC 5280 4.2.1.3).
// verifyPdfSignatures checks the chain but no key usage of the signer, and
// reports such a signature as Alice's. `openssl cms -verify` (S/MIME signing
// purpose by default) judges.
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let alice: KeyAndCertificate;
let aliceEncryption: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'root'));
  aliceEncryption = await issueCertificate(cast.root, { ...ALICE, keyUsage: ['keyAgreement'] });
});

/** A PDF signed by `signer` over exactly what its ByteRange covers; also writes the CMS and those bytes for OpenSSL. */
async function signedPdf(signer: KeyAndCertificate): Promise<Buffer> {
  const parts = pdfTemplate('Transfer the house to Mallory.');
  const range = wholeFileRange(parts);
  const pdf = withByteRange(parts, range);
  const cms = await signData(new Uint8Array(covered(pdf, range)), signer, { detached: true });
  openssl.write('signature.der', cms);
  openssl.write('content.bin', covered(pdf, range));
  return withContents(pdf, parts, cms);
}

const opensslCmsVerify = async () => (await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der',
  '-content', 'content.bin', '-CAfile', 'root.pem', '-out', 'out.bin')).output;

describe('attack: a PDF signed with a key certified for key agreement only, given to verifyPdfSignatures', () => {
  it('accepts Alice\'s signing certificate, as OpenSSL does (the control)', async () => {
    const pdf = await signedPdf(alice);
    expect(await opensslCmsVerify()).toMatch(/Verification successful/);
    expect(await verifyPdfSignatures(new Uint8Array(pdf), [cast.root.certificate])).toMatchObject([{ valid: true, coversWholeFile: true }]);
  });

  it('refuses a signature by Alice\'s key-agreement-only certificate, as OpenSSL does', async () => {
    const pdf = await signedPdf(aliceEncryption);
    expect(await opensslCmsVerify()).toMatch(/unsuitable certificate purpose/);
    const [check] = await verifyPdfSignatures(new Uint8Array(pdf), [cast.root.certificate]);
    expect(check?.valid).toBe(false);
  });
});
