// The attacker's side of the PKCS#12 attacks: their own key and certificate in
// the layout the example writes, as plain bags that no password protects.
import * as pkijs from 'pkijs';
import { OID, createCertificateAuthority, issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { SERVER_PROFILE } from './fixture.ts';

/** The attacker's CA and an AuthenticatedSafe (privacyMode 0) holding a key and certificate it issued for the server's name. */
export async function plantedContents(): Promise<{ attacker: KeyAndCertificate; authenticatedSafe: pkijs.AuthenticatedSafe }> {
  const attacker = await createCertificateAuthority({ commonName: 'Anyone' });
  const theirs = await issueCertificate(attacker, { ...SERVER_PROFILE, extractable: true });
  const keyBag = pkijs.PrivateKeyInfo.fromBER(await crypto.subtle.exportKey('pkcs8', theirs.privateKey));
  const safeContents = new pkijs.SafeContents({ safeBags: [
    new pkijs.SafeBag({ bagId: OID.certBag, bagValue: new pkijs.CertBag({ parsedValue: theirs.certificate }) }),
    new pkijs.SafeBag({ bagId: '1.2.840.113549.1.12.10.1.1', bagValue: keyBag }), // keyBag: a plain PKCS#8 key (RFC 7292 4.2.1)
  ] });
  const authenticatedSafe = new pkijs.AuthenticatedSafe({ parsedValue: { safeContents: [{ privacyMode: 0, value: safeContents }] } });
  await authenticatedSafe.makeInternalValues({ safeContents: [{}] });
  return { attacker, authenticatedSafe };
}
