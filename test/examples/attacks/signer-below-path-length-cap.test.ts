// Attack suite: a signer certified by a rogue sub-CA that a capped CA
// (pathLenConstraint 0: "issue end-entity certificates only") made anyway.
// pkijs 3.3.2's chain engine never reads pathLenConstraint. validateChain and
// validateLeaf add the check; pathProblems, which the S/MIME and PDF verifiers
// run on the path that SignedData.verify returns, does not, and the CMS
// example's verifySignedData and the security guide's verifyTrustedSignature
// run nothing after SignedData.verify. `openssl cms -verify` judges each one.
import type * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  issueCertificate, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { base64Body } from '../../../content/docs/examples/other/S-MIME-signature-encryption.ts';
import { createSignedMessage, splitSignedMessage, verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { parseSignedData, signData, verifySignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { verifyTrustedSignature } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, subCa, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
const utf8 = (text: string) => new TextEncoder().encode(text);
const DOCUMENT = utf8('Transfer the domain example.com to Mallory.');
let cast: Cast;
/** The root's capped CA (pathLenConstraint 0) and the sub-CA it was not allowed to make. */
let capped: KeyAndCertificate;
let rogue: KeyAndCertificate;


beforeAll(async () => {
  ({ cast } = await castWithAlice(openssl, 'root')); // writes root.pem
  capped = await subCa(cast.root, 'Capped Issuing CA', 0);
  rogue = await subCa(capped, 'Rogue Sub CA');
});

/** `openssl cms -verify` (default purpose: S/MIME signing) of a detached signature over `content`. */
async function opensslCmsVerify(signature: ArrayBuffer, content: Uint8Array): Promise<string> {
  openssl.write('signature.der', signature);
  openssl.write('content.bin', content);
  return (await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.bin',
    '-CAfile', 'root.pem', '-out', 'out.bin')).output;
}

/** Each verifier's verdict on `signer` signing, with `chain` attached; and OpenSSL's on the same signature. */
type Verdict = (signer: KeyAndCertificate, chain: pkijs.Certificate[]) => Promise<{ example: boolean; openssl: string }>;
const verifiers: Array<[string, Verdict]> = [
  ['verifySignedData (CMS example)', async (signer, chain) => {
    const signature = await signData(DOCUMENT.slice(), signer, { detached: true, chain });
    const example = (await verifySignedData(parseSignedData(signature), [cast.root.certificate], DOCUMENT.slice())).valid;
    return { example, openssl: await opensslCmsVerify(signature, DOCUMENT) };
  }],
  ['verifyTrustedSignature (security guide)', async (signer, chain) => {
    const signature = await signData(DOCUMENT.slice(), signer, { chain });
    const example = await verifyTrustedSignature(parseSignedData(signature), [cast.root.certificate]);
    const detached = await signData(DOCUMENT.slice(), signer, { detached: true, chain });
    return { example, openssl: await opensslCmsVerify(detached, DOCUMENT) };
  }],
  ['verifyPdfSignatures', async (signer, chain) => {
    const parts = pdfTemplate('Transfer the domain example.com to Mallory.');
    const range = wholeFileRange(parts);
    const pdf = withByteRange(parts, range);
    const signature = await signData(new Uint8Array(covered(pdf, range)), signer, { detached: true, chain });
    const checks = await verifyPdfSignatures(new Uint8Array(withContents(pdf, parts, signature)), [cast.root.certificate]);
    return { example: checks.length === 1 && checks[0]!.valid, openssl: await opensslCmsVerify(signature, covered(pdf, range)) };
  }],
  ['verifySignedMessage (S/MIME)', async (signer, chain) => {
    const entity = 'Content-Type: text/plain\r\n\r\nTransfer the domain example.com to Mallory.\r\n';
    const plain = await createSignedMessage(entity, signer, { from: 'alice@example.com', to: 'registrar@example.net', subject: 'Transfer' });
    // createSignedMessage attaches no chain: put in a signature that carries it.
    const { signedText, signature: without } = splitSignedMessage(plain);
    const signature = await signData(utf8(signedText), signer, { detached: true, chain });
    const message = plain.replace(base64Body(without), base64Body(new Uint8Array(signature)));
    const example = (await verifySignedMessage(message, [cast.root.certificate])).trusted;
    return { example, openssl: await opensslCmsVerify(signature, utf8(signedText)) };
  }],
];

describe.each(verifiers)('attack: a signer below a sub-CA that a pathLenConstraint 0 CA may not make, given to %s', (_name, verdict) => {
  it('trusts Alice right below the capped CA, as OpenSSL does (the control)', async () => {
    const alice = await issueCertificate(capped, ALICE);
    const { example, openssl: output } = await verdict(alice, [capped.certificate]);
    expect(output).toMatch(/Verification successful/);
    expect(example).toBe(true);
  });

  it('refuses Alice certified by the rogue sub-CA below the capped CA, as OpenSSL does', async () => {
    const alice = await issueCertificate(rogue, ALICE);
    const { example, openssl: output } = await verdict(alice, [rogue.certificate, capped.certificate]);
    expect(output).toMatch(/path length constraint exceeded/);
    expect(example).toBe(false);
  });
});
