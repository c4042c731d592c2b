// Fixtures for the name-constraint attacks: a sub-CA that may only issue names
// under one domain (example.org unless told), and a multipart/signed message laid
// out as createSignedMessage does, but shipping the issuing CA in the CMS so
// that the path runs through the constrained CA up to the root.
import * as pkijs from 'pkijs';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { base64Body } from '../../../content/docs/examples/other/S-MIME-signature-encryption.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';

/** GeneralName types a constraint can cover here: 1 = rfc822Name, 2 = dNSName. */
export type ConstrainedType = 1 | 2;

/** A sub-CA of `issuer` named `commonName`, its certificate carrying `constraints` (critical, RFC 5280 4.2.1.10). */
export function constrainedCa(issuer: KeyAndCertificate, commonName: string, constraints: pkijs.NameConstraints): Promise<KeyAndCertificate> {
  return issueCertificate(issuer, {
    subject: { commonName }, keyUsage: ['keyCertSign', 'cRLSign'], validDays: 365,
    extensions: [makeExtension(pkijs.id_NameConstraints, true, constraints.toSchema())],
  });
}

/** A sub-CA of `issuer` whose nameConstraints permit only `domain`, for each type given. */
export function exampleOrgOnlyCa(issuer: KeyAndCertificate, types: ConstrainedType[], domain = 'example.org'): Promise<KeyAndCertificate> {
  const permittedSubtrees = types.map((type) => new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type, value: domain }) }));
  return constrainedCa(issuer, `${domain} Only CA`, new pkijs.NameConstraints({ permittedSubtrees }));
}

/** A signed invoice mail "from" `from`, its CMS carrying `issuer` after the signer's certificate. */
export async function signedInvoice(signer: KeyAndCertificate, issuer: pkijs.Certificate, from: string): Promise<string> {
  const entity = 'Content-Type: text/plain\r\n\r\nPlease pay invoice 42 to the new account.\r\n';
  const signature = await signData(new TextEncoder().encode(entity), signer, { detached: true, chain: [issuer] });
  return [
    `From: ${from}`, 'To: bob@example.com', 'Subject: Invoice', 'MIME-Version: 1.0',
    'Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="b"',
    '', '--b', entity, '--b',
    'Content-Type: application/pkcs7-signature; name="smime.p7s"', 'Content-Transfer-Encoding: base64', '',
    base64Body(new Uint8Array(signature)), '--b--', '',
  ].join('\r\n');
}
