// Attack suite: an e-mail name constraint crossed with a second "@". pkijs
// 3.3.2 compares an rfc822Name with a constraint by the text between its first
// and second "@", while the S/MIME example (like RFC 5322 and OpenSSL) takes the
// domain after the last one: a CA allowed example.org vouches for evil.com.
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { exampleOrgOnlyCa, signedInvoice } from './constrained-ca.ts';
import { ALICE, createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let exampleOrgCa: KeyAndCertificate;

/** `openssl verify` of `leaf` below the constrained CA, anchored at the genuine root. */
const opensslVerifyBelowCa = async (leaf: KeyAndCertificate) =>
  (await opensslVerify(openssl, [cast.root.certificate], [leaf.certificate, exampleOrgCa.certificate])).output;

beforeAll(async () => {
  cast = await createCast();
  exampleOrgCa = await exampleOrgOnlyCa(cast.root, [1]);
});

describe('attack: an e-mail address with two "@" under an rfc822Name constraint, given to verifySignedMessage', () => {
  it('trusts carol@example.org signed under the example.org constraint, as OpenSSL does (the control)', async () => {
    const carol = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Carol' }, emails: ['carol@example.org'] });
    expect(await opensslVerifyBelowCa(carol)).toMatch(/leaf\.pem: OK/);
    expect(await verifySignedMessage(await signedInvoice(carol, exampleOrgCa.certificate, 'carol@example.org'), [cast.root.certificate]))
      .toMatchObject({ valid: true, senderMatches: true, trusted: true });
  });

  it('refuses a sender at evil.com vouched for by the CA allowed only example.org, as OpenSSL does', async () => {
    // The domain is what follows the last "@" (RFC 5322 addr-spec; OpenSSL's nc_email; the example's splitAddress).
    const mallory = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Mallory' }, emails: ['ceo@example.org@evil.com'] });
    expect(await opensslVerifyBelowCa(mallory)).toMatch(/permitted subtree violation/);
    const check = await verifySignedMessage(await signedInvoice(mallory, exampleOrgCa.certificate, '"ceo@example.org"@evil.com'), [cast.root.certificate]);
    expect(check.trusted).toBe(false);
  });
});
