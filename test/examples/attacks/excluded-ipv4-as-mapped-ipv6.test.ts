// Attack suite: an IPv4 address written as an IPv4-mapped IPv6 address
// (::ffff:203.0.113.5, RFC 4291 2.5.5.2). A CA excluded from 203.0.113.0/24 puts
// the 16-byte form in an iPAddress entry. nameConstraintProblem never compares
// a 16-byte address with a 4-byte subtree ("an IPv4 address is never in an IPv6
// subtree"), and checkServerChain matches the host ::ffff:cb00:7105 byte for
// byte; a dual-stack socket opened to that host talks IPv4 to 203.0.113.5, the
// network the CA may not vouch for. OpenSSL 3.0 shares the blind spot (nc_ip
// compares lengths first), so its verdict is asserted for what it is: it
// refuses the 4-byte entry and passes the mapped one, with -verify_ip.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkServerChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { constrainedCa } from './constrained-ca.ts';
import { createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const V4 = [203, 0, 113, 5];
const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...V4];
let cast: Cast;
let ca: KeyAndCertificate;

beforeAll(async () => {
  cast = await createCast();
  const subnet = new asn1js.OctetString({ valueHex: new Uint8Array([203, 0, 113, 0, 255, 255, 255, 0]).buffer });
  const excludedSubtrees = [new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 7, value: subnet }) })];
  ca = await constrainedCa(cast.root, 'Not 203.0.113.0/24 CA', new pkijs.NameConstraints({ excludedSubtrees }));
});

/** A TLS server leaf from the excluded CA whose only name is the iPAddress `bytes`; the verdicts of checkServerChain and OpenSSL for `host`. */
async function serverAt(bytes: number[], host: string): Promise<{ trusted: boolean; openssl: string }> {
  const address = new pkijs.GeneralName({ type: 7, value: new asn1js.OctetString({ valueHex: new Uint8Array(bytes).buffer }) });
  const leaf = await issueCertificate(ca, {
    subject: { commonName: 'Partner web' }, keyUsage: ['digitalSignature'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.1'],
    extensions: [makeExtension(pkijs.id_SubjectAltName, false, new pkijs.GeneralNames({ names: [address] }).toSchema())],
  });
  const received = [leaf.certificate, ca.certificate];
  const check = await checkServerChain(received, host, [cast.root.certificate]);
  const result = await opensslVerify(openssl, [cast.root.certificate], received, ['-verify_ip', host]);
  return { trusted: check.trusted, openssl: result.output };
}

describe('attack: an excluded IPv4 address certified in its IPv4-mapped IPv6 form, given to checkServerChain', () => {
  it('refuses 203.0.113.5 in a 4-byte iPAddress entry, as OpenSSL does (the control)', async () => {
    const { trusted, openssl: output } = await serverAt(V4, '203.0.113.5');
    expect(output).toMatch(/excluded subtree violation/);
    expect(trusted).toBe(false);
  });

  it('refuses ::ffff:203.0.113.5 for the host ::ffff:cb00:7105, which reaches 203.0.113.5', async () => {
    const { trusted, openssl: output } = await serverAt(MAPPED, '::ffff:cb00:7105');
    expect(output).toMatch(/leaf\.pem: OK/); // OpenSSL 3.0 shares the blind spot: see the top of the file
    expect(trusted).toBe(false);
  });
});
