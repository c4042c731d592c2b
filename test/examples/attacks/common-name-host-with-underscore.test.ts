// Attack suite: the host-like common name of a leaf without dNSName entries,
// which nameConstraintProblem constrains "as OpenSSL does". Its pattern takes
// letters, digits and '-' only; OpenSSL's (cn2dnsid in v3_ncons.c) takes '_' as
// well, as DNS itself does (_dmarc, _acme-challenge, hosts named a_b). So a CA
// permitted only example.org names its leaf "CN=evil_host.bank.com": OpenSSL
// refuses it (permitted subtree violation), validateLeaf trusts it.
import { describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useExampleOrgCa } from './example-org-verdicts.ts';
import { ALICE } from './fixture.ts';

const { ca, verdicts } = useExampleOrgCa();

/** A document signer named `commonName` (no dNSName) by the CA permitted only example.org; validateLeaf's and OpenSSL's verdicts. */
async function signerNamed(commonName: string): Promise<{ trusted: boolean; openssl: string }> {
  return verdicts((await issueCertificate(ca(), { ...ALICE, emails: undefined, subject: { commonName } })).certificate);
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
