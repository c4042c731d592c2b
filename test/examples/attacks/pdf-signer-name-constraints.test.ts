// Attack suite: a PDF signed under a CA that may only certify example.org
// addresses, by a certificate for alice@example.com that also lists
// mallory@example.org first. RFC 5280 4.2.1.10: every name of the certificate
// must lie in the permitted subtrees; pkijs 3.3.2 passes it when one does.
// verifySignedMessage adds nameConstraintProblem for that; verifyPdfSignatures
// does not, and reports the signature valid with "Alice" as its signer.
// `openssl cms -verify` judges.
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { exampleOrgOnlyCa } from './constrained-ca.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let exampleOrgCa: KeyAndCertificate;

beforeAll(async () => {
  ({ cast } = await castWithAlice(openssl, 'root'));
  exampleOrgCa = await exampleOrgOnlyCa(cast.root, [1]);
  openssl.write('ca.pem', certificateToPem(exampleOrgCa.certificate));
});

/** A PDF signed by `signer`, its CMS carrying the constrained CA; also writes the CMS and the signed bytes for OpenSSL. */
async function signedPdf(signer: KeyAndCertificate): Promise<Uint8Array> {
  const parts = pdfTemplate('Alice resigns as director.');
  const range = wholeFileRange(parts);
  const pdf = withByteRange(parts, range);
  const cms = await signData(new Uint8Array(covered(pdf, range)), signer, { detached: true, chain: [exampleOrgCa.certificate] });
  openssl.write('signature.der', cms);
  openssl.write('content.bin', covered(pdf, range));
  return new Uint8Array(withContents(pdf, parts, cms));
}

const opensslCmsVerify = async () => (await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der',
  '-content', 'content.bin', '-CAfile', 'root.pem', '-out', 'out.bin')).output;

describe('attack: a PDF signer outside its CA\'s name constraints, given to verifyPdfSignatures', () => {
  it('accepts carol@example.org from the CA allowed example.org, as OpenSSL does (the control)', async () => {
    const carol = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Carol' }, emails: ['carol@example.org'] });
    const pdf = await signedPdf(carol);
    expect(await opensslCmsVerify()).toMatch(/Verification successful/);
    expect(await verifyPdfSignatures(pdf, [cast.root.certificate])).toMatchObject([{ valid: true }]);
  });

  it('refuses "Alice <alice@example.com>" certified by the CA allowed only example.org, behind an example.org address, as OpenSSL does', async () => {
    const fakeAlice = await issueCertificate(exampleOrgCa, { ...ALICE, emails: ['mallory@example.org', 'alice@example.com'] });
    const pdf = await signedPdf(fakeAlice);
    expect(await opensslCmsVerify()).toMatch(/permitted subtree violation/);
    const [check] = await verifyPdfSignatures(pdf, [cast.root.certificate]);
    expect(check?.valid).toBe(false);
  });
});
