// The cast of the attack suite: a genuine PKI (root, issuing CA, server) and an
// attacker who runs a CA of their own and copies the genuine names into it.
// Certificates are made with the examples' helpers, like a reader's would be;
// the verdicts are checked against OpenSSL, not against those helpers.
import * as pkijs from 'pkijs';
import {
  createCertificateAuthority, issueCertificate, signCertificate, toPublicKeyInfo, buildName, generateKeyPair,
  profileExtensions, useWebCrypto, OID, makeExtension, encodeKeyUsage, type KeyAndCertificate, type CertificateProfile,
} from '../../../content/docs/examples/example-helpers.ts';
import { certificateToPem, createIntermediateCa, createServerCertificate } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import type { OpensslFolder, OpensslResult } from '../support/openssl.ts';

export const HOST = 'www.example.com';
/** What the attacker asks their own CA for: the genuine server's profile. */
export const SERVER_PROFILE: CertificateProfile = {
  subject: { commonName: HOST }, keyUsage: ['digitalSignature'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.1'], dnsNames: [HOST],
};

export interface Cast {
  root: KeyAndCertificate;
  intermediate: KeyAndCertificate;
  server: KeyAndCertificate;
  /** The attacker's own root, named like the genuine one. */
  attackerRoot: KeyAndCertificate;
  /** A leaf for the genuine host name from the attacker's CA, naming the genuine issuing CA as its issuer. */
  forged: KeyAndCertificate;
}

/** Signs `profile` with `signer`'s key while naming `issuerName` as the issuer: a forgery. */
export async function forgeCertificate(signer: KeyAndCertificate, issuerName: pkijs.Certificate, profile: CertificateProfile): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair();
  const certificate = await signCertificate({
    subject: buildName(profile.subject),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: profile.validDays ?? 90,
    extensions: profileExtensions(profile),
  }, { certificate: issuerName, privateKey: signer.privateKey });
  return { certificate, privateKey: keys.privateKey };
}

export async function createCast(): Promise<Cast> {
  useWebCrypto();
  const root = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd' });
  const intermediate = await createIntermediateCa(root, 'Example Issuing CA');
  const server = await createServerCertificate(intermediate, HOST);
  const attackerRoot = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd' });
  const forged = await forgeCertificate(attackerRoot, intermediate.certificate, SERVER_PROFILE);
  return { root, intermediate, server, attackerRoot, forged };
}

/** Alice, who signs documents and mail: the profile of her certificate. */
export const ALICE: CertificateProfile = {
  subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.emailProtection], emails: ['alice@example.com'],
};

/** The cast, Alice's certificate from its root or issuing CA, and the root as root.pem in the OpenSSL folder. */
export async function castWithAlice(openssl: OpensslFolder, issuer: 'root' | 'intermediate'): Promise<{ cast: Cast; alice: KeyAndCertificate }> {
  const cast = await createCast();
  const alice = await issueCertificate(cast[issuer], ALICE);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  return { cast, alice };
}

/** A certificate issued by an end entity (basicConstraints cA:false), which may not issue anything. */
export async function issuedByEndEntity(cast: Cast): Promise<{ endEntity: KeyAndCertificate; leaf: KeyAndCertificate }> {
  const endEntity = await issueCertificate(cast.intermediate, { subject: { commonName: 'Not a CA' }, keyUsage: ['digitalSignature'] });
  const leaf = await issueCertificate(endEntity, SERVER_PROFILE);
  return { endEntity, leaf };
}

/** `openssl verify` of the first certificate (leaf.pem) with the others as untrusted intermediates. */
export async function opensslVerify(openssl: OpensslFolder, anchors: pkijs.Certificate[], received: pkijs.Certificate[], extra: string[] = []): Promise<OpensslResult> {
  const [leaf, ...rest] = received;
  if (!leaf) throw new Error('No certificate');
  openssl.write('anchors.pem', anchors.map(certificateToPem).join(''));
  openssl.write('leaf.pem', certificateToPem(leaf));
  openssl.write('untrusted.pem', rest.map(certificateToPem).join('') || certificateToPem(leaf));
  return openssl.run('verify', '-CAfile', 'anchors.pem', '-untrusted', 'untrusted.pem', ...extra, 'leaf.pem');
}

/** opensslVerify's verdict: true on exit 0 and "OK". */
export async function opensslTrusts(openssl: OpensslFolder, anchors: pkijs.Certificate[], received: pkijs.Certificate[], extra: string[] = []): Promise<boolean> {
  const result = await opensslVerify(openssl, anchors, received, extra);
  return result.code === 0 && /leaf\.pem: OK/.test(result.stdout);
}

/** A CA certificate signed by `issuer` (keyCertSign, cRLSign), with the path length cap and extra extensions given. */
export async function subCa(issuer: KeyAndCertificate, commonName: string, pathLenConstraint?: number, extra: pkijs.Extension[] = []): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair();
  const certificate = await signCertificate({
    subject: buildName({ commonName }),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: 365,
    extensions: [
      makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: true, ...(pathLenConstraint === undefined ? {} : { pathLenConstraint }) }).toSchema()),
      makeExtension(pkijs.id_KeyUsage, true, encodeKeyUsage(['keyCertSign', 'cRLSign'])),
      ...extra,
    ],
  }, issuer);
  return { certificate, privateKey: keys.privateKey };
}
