// Attack suite: the host-like common name of a leaf without dNSName entries,
// which nameConstraintProblem constrains "as OpenSSL does". Its pattern takes
// letters, digits and '-' only; OpenSSL's (cn2dnsid in v3_ncons.c) takes '_' as
// well, as DNS itself does (_dmarc, _acme-challenge, hosts named a_b). So a CA
// permitted only example.org names its leaf "CN=evil_host.bank.com": OpenSSL
// refuses it (permitted subtree violation), validateLeaf trusts it.
import { beforeAll, describe, expect, it } from 'vitest';
import { PURPOSES } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { exampleOrgOnlyCa } from './constrained-ca.ts';
import { ALICE, createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let ca: KeyAndCertificate;

beforeAll(async () => {
  cast = await createCast();
  ca = await exampleOrgOnlyCa(cast.root, [2]);
});

/** A document signer named `commonName` (no dNSName) by the CA permitted only example.org; validateLeaf's and OpenSSL's verdicts. */
async function signerNamed(commonName: string): Promise<{ trusted: boolean; openssl: string }> {
  const leaf = await issueCertificate(ca, { ...ALICE, emails: undefined, subject: { commonName } });
  const received = [leaf.certificate, ca.certificate];
  const result = await validateLeaf(received, [cast.root.certificate], PURPOSES.documentSigning);
  return { trusted: result.result, openssl: (await opensslVerify(openssl, [cast.root.certificate], received)).output };
}

describe('attack: an underscore in the host-like common name of a leaf below a dNSName-constrained CA, given to validateLeaf', () => {
  it('trusts CN=signer.example.org, as OpenSSL does (the control)', async () => {
    const { trusted, openssl: output } = await signerNamed('signer.example.org');
    expect(output).toMatch(/leaf\.pem: OK/);
    expect(trusted).toBe(true);
  });

  it('refuses CN=evil-host.bank.com, as OpenSSL does (the control)', async () => {
    const { trusted, openssl: output } = await signerNamed('evil-host.bank.com');
    expect(output).toMatch(/permitted subtree violation/);
    expect(trusted).toBe(false);
  });

  it('refuses CN=evil_host.bank.com, which OpenSSL reads as a host outside example.org', async () => {
    const { trusted, openssl: output } = await signerNamed('evil_host.bank.com');
    expect(output).toMatch(/permitted subtree violation/);
    expect(trusted).toBe(false);
  });
});
