// Attack suite: what pathProblems catches, sent to the two verifiers that never
// run it. The CMS example's verifySignedData and the security guide's
// verifyTrustedSignature stop at SignedData.verify: pkijs checks critical
// extensions on issuers only, and compares an rfc822Name with a constraint by
// the text between its first and second "@". So both trust a signer whose
// certificate carries a critical extension nobody processes, and a signer at
// evil.com vouched for by a CA allowed only example.org. `openssl cms -verify
// -purpose any` (the suite's judge for verifySignedData: no purpose asked)
// refuses both.
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { parseSignedData, signData, verifySignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { verifyTrustedSignature } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { exampleOrgOnlyCa } from './constrained-ca.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const DOCUMENT = new TextEncoder().encode('Release the escrow to account 66.');
let cast: Cast;
let exampleOrgCa: KeyAndCertificate;

beforeAll(async () => {
  ({ cast } = await castWithAlice(openssl, 'root')); // writes root.pem
  exampleOrgCa = await exampleOrgOnlyCa(cast.root, [1]);
});

/** `openssl cms -verify -purpose any` of a detached signature over DOCUMENT. */
async function opensslCmsVerify(signature: ArrayBuffer): Promise<string> {
  openssl.write('signature.der', signature);
  openssl.write('content.bin', DOCUMENT);
  return (await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.bin',
    '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.bin')).output;
}

type Verdict = (signer: KeyAndCertificate, chain: pkijs.Certificate[]) => Promise<{ example: boolean; openssl: string }>;
const verifiers: Array<[string, Verdict]> = [
  ['verifySignedData (CMS example)', async (signer, chain) => {
    const signature = await signData(DOCUMENT.slice(), signer, { detached: true, chain });
    const example = (await verifySignedData(parseSignedData(signature), [cast.root.certificate], DOCUMENT.slice())).valid;
    return { example, openssl: await opensslCmsVerify(signature) };
  }],
  ['verifyTrustedSignature (security guide)', async (signer, chain) => {
    const example = await verifyTrustedSignature(parseSignedData(await signData(DOCUMENT.slice(), signer, { chain })), [cast.root.certificate]);
    return { example, openssl: await opensslCmsVerify(await signData(DOCUMENT.slice(), signer, { detached: true, chain })) };
  }],
];

describe.each(verifiers)('attack: signers that pathProblems would refuse, given to %s', (_name, verdict) => {
  it('trusts carol@example.org signed under the example.org constraint, as OpenSSL does (the control)', async () => {
    const carol = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Carol' }, emails: ['carol@example.org'] });
    const { example, openssl: output } = await verdict(carol, [exampleOrgCa.certificate]);
    expect(output).toMatch(/Verification successful/);
    expect(example).toBe(true);
  });

  it('refuses a signer certificate carrying a critical extension nobody processes, as OpenSSL does', async () => {
    const restricted = await issueCertificate(cast.root, { ...ALICE, extensions: [makeExtension('1.3.6.1.4.1.55555.2.1', true, new asn1js.Null())] });
    const { example, openssl: output } = await verdict(restricted, []);
    expect(output).toMatch(/unhandled critical extension/);
    expect(example).toBe(false);
  });

  it('refuses ceo@example.org@evil.com vouched for by the CA allowed only example.org, as OpenSSL does', async () => {
    const mallory = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Mallory' }, emails: ['ceo@example.org@evil.com'] });
    const { example, openssl: output } = await verdict(mallory, [exampleOrgCa.certificate]);
    expect(output).toMatch(/permitted subtree violation/);
    expect(example).toBe(false);
  });
});
