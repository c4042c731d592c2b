// Attack suite: an IP address written as a dNSName. RFC 6125 and RFC 5280
// 4.2.1.6 match an IP address only against iPAddress entries, and only those
// fall under iPAddress name constraints. checkServerChain compares the host
// with dNSName entries whatever it is, so a CA excluded from 203.0.113.0/24
// certifies 203.0.113.5 by writing it as a host name. `openssl verify -verify_ip` judges.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkServerChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { constrainedCa } from './constrained-ca.ts';
import { SERVER_PROFILE, createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const ADDRESS = '203.0.113.5';
let cast: Cast;
let ca: KeyAndCertificate;

/** A sub-CA of the root excluded from 203.0.113.0/24 (an iPAddress subtree: address and mask). */
function excludedFromTestNet(root: KeyAndCertificate): Promise<KeyAndCertificate> {
  const subnet = new asn1js.OctetString({ valueHex: new Uint8Array([203, 0, 113, 0, 255, 255, 255, 0]).buffer });
  const excludedSubtrees = [new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 7, value: subnet }) })];
  return constrainedCa(root, 'Not 203.0.113.0/24 CA', new pkijs.NameConstraints({ excludedSubtrees }));
}

beforeAll(async () => {
  cast = await createCast();
  ca = await excludedFromTestNet(cast.root);
});

describe('attack: an IP address in a dNSName entry, given to checkServerChain', () => {
  it('trusts www.example.com from the CA excluded from 203.0.113.0/24 (the control)', async () => {
    const leaf = await issueCertificate(ca, SERVER_PROFILE);
    expect(await checkServerChain([leaf.certificate, ca.certificate], 'www.example.com', [cast.root.certificate])).toEqual({ trusted: true, problems: [] });
  });

  it('refuses the address 203.0.113.5 certified as a dNSName by the CA excluded from it, as OpenSSL does', async () => {
    const leaf = await issueCertificate(ca, { ...SERVER_PROFILE, dnsNames: [ADDRESS] });
    expect((await opensslVerify(openssl, [cast.root.certificate], [leaf.certificate, ca.certificate], ['-verify_ip', ADDRESS])).output).toMatch(/IP address mismatch/);
    expect((await checkServerChain([leaf.certificate, ca.certificate], ADDRESS, [cast.root.certificate])).trusted).toBe(false);
  });
});
