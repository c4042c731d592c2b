// Attack suite: an e-mail or document signer below a CA whose extended key
// usage is serverAuth only. A CA restricted that way (a TLS-only issuing CA,
// run by someone trusted with web servers only) may not vouch for mail or
// document signers: OpenSSL's S/MIME purpose rejects the chain, as browsers do
// for TLS and checkServerChain does too. verifySignedMessage and
// verifyPdfSignatures read the extended key usage of the signer alone, and
// trust "Alice" certified by the TLS-only CA. `openssl cms -verify` judges.
import { beforeAll, describe, expect, it } from 'vitest';
import { OID, issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { splitSignedMessage, verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { signedInvoice } from './constrained-ca.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let tlsOnlyCa: KeyAndCertificate;
let ordinaryCa: KeyAndCertificate;

beforeAll(async () => {
  ({ cast } = await castWithAlice(openssl, 'root'));
  const ca = { keyUsage: ['keyCertSign' as const, 'cRLSign' as const], validDays: 365 };
  tlsOnlyCa = await issueCertificate(cast.root, { ...ca, subject: { commonName: 'Example TLS CA' }, extendedKeyUsage: [OID.serverAuth] });
  ordinaryCa = await issueCertificate(cast.root, { ...ca, subject: { commonName: 'Example People CA' } });
});

/** Both verdicts on Alice, certified by `ca`, signing a PDF: the example's and `openssl cms -verify`'s output. */
async function pdfVerdicts(ca: KeyAndCertificate): Promise<{ example: boolean | undefined; openssl: string }> {
  const alice = await issueCertificate(ca, ALICE);
  const parts = pdfTemplate('Alice sells her flat to Mallory.');
  const range = wholeFileRange(parts);
  const pdf = withByteRange(parts, range);
  const cms = await signData(new Uint8Array(covered(pdf, range)), alice, { detached: true, chain: [ca.certificate] });
  openssl.write('signature.der', cms);
  openssl.write('content.bin', covered(pdf, range));
  const result = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.bin',
    '-CAfile', 'root.pem', '-out', 'out.bin');
  const [check] = await verifyPdfSignatures(new Uint8Array(withContents(pdf, parts, cms)), [cast.root.certificate]);
  return { example: check?.valid, openssl: result.output };
}

/** Both verdicts on Alice, certified by `ca`, sending a signed mail: the example's and `openssl cms -verify`'s output. */
async function mailVerdicts(ca: KeyAndCertificate): Promise<{ example: boolean; openssl: string }> {
  const alice = await issueCertificate(ca, ALICE);
  const message = await signedInvoice(alice, ca.certificate, 'alice@example.com');
  const { signedText, signature } = splitSignedMessage(message);
  openssl.write('smime.p7s', signature);
  openssl.write('entity.txt', signedText);
  const result = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'smime.p7s', '-content', 'entity.txt',
    '-CAfile', 'root.pem', '-out', 'out.txt');
  return { example: (await verifySignedMessage(message, [cast.root.certificate])).trusted, openssl: result.output };
}

describe('attack: a document signer below a TLS-only CA, given to verifyPdfSignatures', () => {
  it('accepts Alice below a CA without extended key usage, as OpenSSL does (the control)', async () => {
    const { example, openssl: verdict } = await pdfVerdicts(ordinaryCa);
    expect(verdict).toMatch(/Verification successful/);
    expect(example).toBe(true);
  });

  it('refuses Alice below the CA restricted to serverAuth, as OpenSSL does', async () => {
    const { example, openssl: verdict } = await pdfVerdicts(tlsOnlyCa);
    expect(verdict).toMatch(/unsuitable certificate purpose|unsupported certificate purpose/);
    expect(example).toBe(false);
  });
});

describe('attack: an S/MIME signer below a TLS-only CA, given to verifySignedMessage', () => {
  it('trusts Alice below a CA without extended key usage, as OpenSSL does (the control)', async () => {
    const { example, openssl: verdict } = await mailVerdicts(ordinaryCa);
    expect(verdict).toMatch(/Verification successful/);
    expect(example).toBe(true);
  });

  it('refuses Alice below the CA restricted to serverAuth, as OpenSSL does', async () => {
    const { example, openssl: verdict } = await mailVerdicts(tlsOnlyCa);
    expect(verdict).toMatch(/unsuitable certificate purpose|unsupported certificate purpose/);
    expect(example).toBe(false);
  });
});
