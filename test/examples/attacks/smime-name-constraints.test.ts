// Attack suite: an e-mail name constraint crossed with a second "@". pkijs
// 3.3.2 compares an rfc822Name with a constraint by the text between its first
// and second "@", while the S/MIME example (like RFC 5322 and OpenSSL) takes the
// domain after the last one: a CA allowed example.org vouches for evil.com.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  buildName, encodeKeyUsage, generateKeyPair, issueCertificate, makeExtension, signCertificate, toPublicKeyInfo, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { base64Body } from '../../../content/docs/examples/other/S-MIME-signature-encryption.ts';
import { verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let exampleOrgCa: KeyAndCertificate;

/** A sub-CA of the genuine root that may only issue addresses at example.org (RFC 5280 4.2.1.10). */
async function emailConstrainedCa(root: KeyAndCertificate): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair();
  const permitted = new pkijs.NameConstraints({
    permittedSubtrees: [new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 1, value: 'example.org' }) })],
  });
  const certificate = await signCertificate({
    subject: buildName({ commonName: 'Example.org Mail CA' }),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: 365,
    extensions: [
      makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema()),
      makeExtension(pkijs.id_KeyUsage, true, encodeKeyUsage(['keyCertSign', 'cRLSign'])),
      makeExtension(pkijs.id_NameConstraints, true, permitted.toSchema()),
    ],
  }, root);
  return { certificate, privateKey: keys.privateKey };
}

/** A multipart/signed message, laid out as createSignedMessage does, with the issuing CA shipped in the CMS. */
async function signedMessage(signer: KeyAndCertificate, from: string): Promise<string> {
  const entity = 'Content-Type: text/plain\r\n\r\nPlease pay invoice 42 to the new account.\r\n';
  const signature = await signData(new TextEncoder().encode(entity), signer, { detached: true, chain: [exampleOrgCa.certificate] });
  return [
    `From: ${from}`, 'To: bob@example.com', 'Subject: Invoice', 'MIME-Version: 1.0',
    'Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="b"',
    '', '--b', entity, '--b',
    'Content-Type: application/pkcs7-signature; name="smime.p7s"', 'Content-Transfer-Encoding: base64', '',
    base64Body(new Uint8Array(signature)), '--b--', '',
  ].join('\r\n');
}

/** `openssl verify` of `leaf` below the constrained CA, anchored at the genuine root. */
async function opensslVerify(leaf: KeyAndCertificate): Promise<string> {
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('ca.pem', certificateToPem(exampleOrgCa.certificate));
  openssl.write('leaf.pem', certificateToPem(leaf.certificate));
  return (await openssl.run('verify', '-CAfile', 'root.pem', '-untrusted', 'ca.pem', 'leaf.pem')).output;
}

beforeAll(async () => {
  cast = await createCast();
  exampleOrgCa = await emailConstrainedCa(cast.root);
});

describe('attack: an e-mail address with two "@" under an rfc822Name constraint, given to verifySignedMessage', () => {
  it('trusts carol@example.org signed under the example.org constraint, as OpenSSL does (the control)', async () => {
    const carol = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Carol' }, emails: ['carol@example.org'] });
    expect(await opensslVerify(carol)).toMatch(/leaf\.pem: OK/);
    expect(await verifySignedMessage(await signedMessage(carol, 'carol@example.org'), [cast.root.certificate]))
      .toMatchObject({ valid: true, senderMatches: true, trusted: true });
  });

  it('refuses a sender at evil.com vouched for by the CA allowed only example.org, as OpenSSL does', async () => {
    // The domain is what follows the last "@" (RFC 5322 addr-spec; OpenSSL's nc_email; the example's splitAddress).
    const mallory = await issueCertificate(exampleOrgCa, { ...ALICE, subject: { commonName: 'Mallory' }, emails: ['ceo@example.org@evil.com'] });
    expect(await opensslVerify(mallory)).toMatch(/permitted subtree violation/);
    const check = await verifySignedMessage(await signedMessage(mallory, '"ceo@example.org"@evil.com'), [cast.root.certificate]);
    expect(check.trusted).toBe(false);
  });
});
