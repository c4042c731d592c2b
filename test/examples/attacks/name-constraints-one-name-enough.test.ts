// Attack suite: a name constraint satisfied by one name of the certificate.
// RFC 5280 4.2.1.10 (and OpenSSL) require every name of a certificate to lie
// in the permitted subtrees; pkijs 3.3.2 passes a certificate as soon as one of
// its subject alternative names of that type does. A CA allowed only
// example.org lists www.example.org first and any other host or address after it.
// pkijs also joins the permitted subtrees of successive CAs instead of
// intersecting them, so a sub-CA of that CA can permit itself another domain.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkServerChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { exampleOrgOnlyCa, signedInvoice } from './constrained-ca.ts';
import { ALICE, SERVER_PROFILE, createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let exampleOrgCa: KeyAndCertificate;

/** `openssl verify` of `leaf` below the constrained CA, anchored at the genuine root. */
const opensslVerifyBelowCa = async (leaf: KeyAndCertificate) =>
  (await opensslVerify(openssl, [cast.root.certificate], [leaf.certificate, exampleOrgCa.certificate])).output;

beforeAll(async () => {
  cast = await createCast();
  exampleOrgCa = await exampleOrgOnlyCa(cast.root, [1, 2]);
});

describe('attack: a permitted name listed before a forbidden one, given to checkServerChain', () => {
  const chain = (leaf: KeyAndCertificate) => [leaf.certificate, exampleOrgCa.certificate];

  it('trusts www.example.org from the CA allowed example.org, as OpenSSL does (the control)', async () => {
    const leaf = await issueCertificate(exampleOrgCa, { ...SERVER_PROFILE, dnsNames: ['www.example.org'] });
    expect(await opensslVerifyBelowCa(leaf)).toMatch(/leaf\.pem: OK/);
    expect(await checkServerChain(chain(leaf), 'www.example.org', [cast.root.certificate])).toEqual({ trusted: true, problems: [] });
  });

  it('refuses www.example.com from that CA when the leaf also names www.example.org, as OpenSSL does', async () => {
    const leaf = await issueCertificate(exampleOrgCa, { ...SERVER_PROFILE, dnsNames: ['www.example.org', 'www.example.com'] });
    expect(await opensslVerifyBelowCa(leaf)).toMatch(/permitted subtree violation/);
    expect((await checkServerChain(chain(leaf), 'www.example.com', [cast.root.certificate])).trusted).toBe(false);
  });
});

describe('attack: a permitted address listed before a forbidden one, given to verifySignedMessage', () => {
  it('refuses Alice at example.com signed under the example.org CA when the certificate also names an example.org address', async () => {
    const signer = await issueCertificate(exampleOrgCa, { ...ALICE, emails: ['mallory@example.org', 'alice@example.com'] });
    expect(await opensslVerifyBelowCa(signer)).toMatch(/permitted subtree violation/);
    const check = await verifySignedMessage(await signedInvoice(signer, exampleOrgCa.certificate, 'alice@example.com'), [cast.root.certificate]);
    expect(check.trusted).toBe(false);
  });
});

describe('attack: a sub-CA below the constrained CA that permits another domain, given to checkServerChain', () => {
  it('refuses www.example.com below a CA allowed example.org, whose sub-CA "allows" example.com, as OpenSSL does', async () => {
    // RFC 5280 6.1.4 (g): each CA's permitted subtrees narrow the set (intersection); pkijs 3.3.2 appends them (union).
    const widening = await exampleOrgOnlyCa(exampleOrgCa, [2], 'example.com');
    const leaf = await issueCertificate(widening, SERVER_PROFILE); // www.example.com only
    const received = [leaf.certificate, widening.certificate, exampleOrgCa.certificate];
    expect((await opensslVerify(openssl, [cast.root.certificate], received)).output).toMatch(/permitted subtree violation/);
    expect((await checkServerChain(received, 'www.example.com', [cast.root.certificate])).trusted).toBe(false);
  });
});
