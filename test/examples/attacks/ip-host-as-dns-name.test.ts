// Attack suite: an IP address written as a dNSName. RFC 6125 and RFC 5280
// 4.2.1.6 match an IP address only against iPAddress entries, and only those
// fall under iPAddress name constraints. checkServerChain compares the host
// with dNSName entries whatever it is, so a CA excluded from 203.0.113.0/24
// certifies 203.0.113.5 by writing it as a host name. `openssl verify -verify_ip` judges.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem, checkServerChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  buildName, encodeKeyUsage, generateKeyPair, issueCertificate, makeExtension, signCertificate, toPublicKeyInfo, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { SERVER_PROFILE, createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const ADDRESS = '203.0.113.5';
let cast: Cast;
let ca: KeyAndCertificate;

/** A sub-CA of the root excluded from 203.0.113.0/24 (an iPAddress subtree: address and mask). */
async function excludedFromTestNet(root: KeyAndCertificate): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair();
  const subnet = new asn1js.OctetString({ valueHex: new Uint8Array([203, 0, 113, 0, 255, 255, 255, 0]).buffer });
  const constraints = new pkijs.NameConstraints({ excludedSubtrees: [new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 7, value: subnet }) })] });
  const certificate = await signCertificate({
    subject: buildName({ commonName: 'Not 203.0.113.0/24 CA' }),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: 365,
    extensions: [
      makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema()),
      makeExtension(pkijs.id_KeyUsage, true, encodeKeyUsage(['keyCertSign', 'cRLSign'])),
      makeExtension(pkijs.id_NameConstraints, true, constraints.toSchema()),
    ],
  }, root);
  return { certificate, privateKey: keys.privateKey };
}

async function opensslVerifyIp(leaf: KeyAndCertificate): Promise<string> {
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('leaf.pem', certificateToPem(leaf.certificate));
  return (await openssl.run('verify', '-CAfile', 'root.pem', '-untrusted', 'ca.pem', '-verify_ip', ADDRESS, 'leaf.pem')).output;
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
    expect(await opensslVerifyIp(leaf)).toMatch(/IP address mismatch/);
    expect((await checkServerChain([leaf.certificate, ca.certificate], ADDRESS, [cast.root.certificate])).trusted).toBe(false);
  });
});
