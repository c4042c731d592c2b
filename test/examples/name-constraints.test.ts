// The name-constraint checks of the examples (name-constraints.ts): what the
// attack suite does not reach. validateLeaf of the security guide runs the same
// check as checkServerChain; excluded subtrees and IP address hosts are judged
// against OpenSSL; the outright refusal of a second "@" is stricter than OpenSSL.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURPOSES, checkServerChain } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { ipAddressBytes, nameConstraintProblem } from '../../content/docs/examples/certificates-and-revocation/name-constraints.ts';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import { validateLeaf } from '../../content/docs/guides/security.ts';
import { constrainedCa, exampleOrgOnlyCa } from './attacks/constrained-ca.ts';
import { ALICE, SERVER_PROFILE, createCast, opensslTrusts, type Cast } from './attacks/fixture.ts';
import { useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let exampleOrgCa: KeyAndCertificate;

/** A sub-CA of `issuer` whose nameConstraints exclude the dNSName subtree example.net. */
function notExampleNetCa(issuer: KeyAndCertificate): Promise<KeyAndCertificate> {
  const excluded = new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 2, value: 'example.net' }) });
  return constrainedCa(issuer, 'Not example.net CA', new pkijs.NameConstraints({ excludedSubtrees: [excluded] }));
}

/** A TLS server certificate whose subject alternative name holds one iPAddress entry. */
async function serverForAddress(issuer: KeyAndCertificate, address: number[]): Promise<KeyAndCertificate> {
  const ip = new pkijs.GeneralName({ type: 7, value: new asn1js.OctetString({ valueHex: new Uint8Array(address).buffer }) });
  const san = makeExtension(pkijs.id_SubjectAltName, false, new pkijs.GeneralNames({ names: [ip] }).toSchema());
  return issueCertificate(issuer, { ...SERVER_PROFILE, subject: { commonName: 'Server' }, dnsNames: [], extensions: [san] });
}

beforeAll(async () => {
  cast = await createCast();
  exampleOrgCa = await exampleOrgOnlyCa(cast.root, [1, 2]);
});

describe('validateLeaf (security guide) and name constraints', () => {
  it('validates www.example.org below the CA allowed example.org (the control)', async () => {
    const leaf = await issueCertificate(exampleOrgCa, { ...SERVER_PROFILE, dnsNames: ['www.example.org'] });
    expect((await validateLeaf([leaf.certificate, exampleOrgCa.certificate], [cast.root.certificate], PURPOSES.tlsServer)).result).toBe(true);
  });

  it('refuses a leaf naming www.example.com after www.example.org, as OpenSSL does', async () => {
    const leaf = await issueCertificate(exampleOrgCa, { ...SERVER_PROFILE, dnsNames: ['www.example.org', 'www.example.com'] });
    const received = [leaf.certificate, exampleOrgCa.certificate];
    expect(await opensslTrusts(openssl, [cast.root.certificate], received)).toBe(false);
    expect(await validateLeaf(received, [cast.root.certificate], PURPOSES.tlsServer)).toMatchObject({ result: false, resultMessage: expect.stringMatching(/www\.example\.com is outside/) });
  });

  it('refuses a leaf below a sub-CA that permits itself another domain, as OpenSSL does', async () => {
    const widening = await exampleOrgOnlyCa(exampleOrgCa, [2], 'example.com');
    const leaf = await issueCertificate(widening, SERVER_PROFILE);
    const received = [leaf.certificate, widening.certificate, exampleOrgCa.certificate];
    expect(await opensslTrusts(openssl, [cast.root.certificate], received)).toBe(false);
    expect((await validateLeaf(received, [cast.root.certificate], PURPOSES.tlsServer)).result).toBe(false);
  });
});

describe('excluded subtrees', () => {
  it('refuses www.example.net from a CA excluded from example.net and trusts www.example.com, as OpenSSL does', async () => {
    const ca = await notExampleNetCa(cast.root);
    const allowed = await issueCertificate(ca, SERVER_PROFILE);
    const excluded = await issueCertificate(ca, { ...SERVER_PROFILE, subject: { commonName: 'www.example.net' }, dnsNames: ['www.example.net'] });
    expect(await opensslTrusts(openssl, [cast.root.certificate], [allowed.certificate, ca.certificate])).toBe(true);
    expect(await opensslTrusts(openssl, [cast.root.certificate], [excluded.certificate, ca.certificate])).toBe(false);
    expect(await checkServerChain([allowed.certificate, ca.certificate], 'www.example.com', [cast.root.certificate])).toEqual({ trusted: true, problems: [] });
    expect((await checkServerChain([excluded.certificate, ca.certificate], 'www.example.net', [cast.root.certificate])).trusted).toBe(false);
    // pkijs refuses this one itself; the example's own check must too, not lean on it.
    expect(nameConstraintProblem([excluded.certificate, ca.certificate, cast.root.certificate])).toBe('www.example.net is a name excluded by its issuing CAs');
    expect(nameConstraintProblem([allowed.certificate, ca.certificate, cast.root.certificate])).toBeUndefined();
  });
});

describe('e-mail addresses with more than one "@"', () => {
  it('are refused outright, even where no CA constrains names (stricter than OpenSSL, which accepts this one)', async () => {
    const signer = await issueCertificate(cast.intermediate, { ...ALICE, emails: ['alice@example.com@evil.com'] });
    const received = [signer.certificate, cast.intermediate.certificate];
    expect(await opensslTrusts(openssl, [cast.root.certificate], received)).toBe(true);
    expect(nameConstraintProblem([...received, cast.root.certificate])).toBe('the e-mail address alice@example.com@evil.com does not have exactly one "@"');
    expect((await validateLeaf(received, [cast.root.certificate], PURPOSES.emailProtection)).result).toBe(false);
  });
});

describe('IP address hosts', () => {
  it('reads IPv4 and IPv6 literals and nothing else', () => {
    expect(Array.from(ipAddressBytes('203.0.113.5') ?? [])).toEqual([203, 0, 113, 5]);
    expect(Array.from(ipAddressBytes('[2001:db8::1]') ?? [])).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array<number>(11).fill(0), 1]);
    expect(Array.from(ipAddressBytes('::1') ?? [])).toEqual([...Array<number>(15).fill(0), 1]);
    for (const host of ['www.example.com', '203.0.113', '203.0.113.256', '1::2::3', '1:2:3:4:5:6:7:8:9', '1.2.3.4.example']) {
      expect(ipAddressBytes(host), host).toBeUndefined();
    }
  });

  it('matches an IP address host against iPAddress entries, byte for byte, as openssl verify -verify_ip does', async () => {
    const server = await serverForAddress(cast.intermediate, [203, 0, 113, 5]);
    const received = [server.certificate, cast.intermediate.certificate];
    expect(await opensslTrusts(openssl, [cast.root.certificate], received, ['-verify_ip', '203.0.113.5'])).toBe(true);
    expect(await opensslTrusts(openssl, [cast.root.certificate], received, ['-verify_ip', '203.0.113.6'])).toBe(false);
    expect(await checkServerChain(received, '203.0.113.5', [cast.root.certificate])).toEqual({ trusted: true, problems: [] });
    expect((await checkServerChain(received, '203.0.113.6', [cast.root.certificate])).trusted).toBe(false);
  });
});
