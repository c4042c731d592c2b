// Code of the security guide: the pkijs defaults and argument orders that
// decide whether a check happens at all. test/guides/security.test.ts and
// test/examples/attacks/ show pkijs 3.3.2 behaving as each comment says.
import * as pkijs from 'pkijs';
import { pathLengthViolation } from '../examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { nameConstraintProblem } from '../examples/certificates-and-revocation/name-constraints.ts';

// #region sign-hash
/**
 * pkijs signs with SHA-1 when no hash is named, so name one. For an RSA key
 * the name is not enough: the key was generated for one hash, and pkijs signs
 * with that hash whatever is named. Refuse a key made for another hash.
 */
export async function signCertificate(certificate: pkijs.Certificate, privateKey: CryptoKey, hash = 'SHA-256'): Promise<void> {
  const keyHash = (privateKey.algorithm as Partial<RsaHashedKeyAlgorithm>).hash?.name;
  if (keyHash !== undefined && keyHash.toUpperCase() !== hash.toUpperCase()) {
    throw new Error(`This ${privateKey.algorithm.name} key was generated for ${keyHash}: it would sign with ${keyHash}, not ${hash}`);
  }
  await certificate.sign(privateKey, hash);
}
// #endregion sign-hash

// #region chain-order
const derOf = (certificate: pkijs.Certificate): string =>
  Array.from(new Uint8Array(certificate.toSchema().toBER(false)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Validates exactly the first certificate of `received`. The engine takes the
 * LAST entry of `certs` as the certificate to validate, after dropping
 * repeated certificates (keeping the first copy): so drop every other copy of
 * the leaf and repeated intermediates, put the leaf last, and check that the
 * path the engine returns starts with the leaf, byte for byte. Then check
 * what the engine skips or gets wrong: each CA's pathLenConstraint, and the
 * name constraints of every CA over every name below it.
 */
export async function validateLeaf(received: pkijs.Certificate[], trustAnchors: pkijs.Certificate[], checkDate = new Date()): Promise<pkijs.CertificateChainValidationEngineVerifyResult> {
  const [leaf, ...rest] = received;
  if (!leaf) throw new Error('No certificate to validate');
  const seen = new Set([derOf(leaf)]);
  const intermediates: pkijs.Certificate[] = [];
  for (const certificate of rest) {
    if (!seen.has(derOf(certificate))) intermediates.push(certificate);
    seen.add(derOf(certificate));
  }
  const engine = new pkijs.CertificateChainValidationEngine({ certs: [...intermediates, leaf], trustedCerts: trustAnchors, checkDate });
  const result = await engine.verify();
  const [first] = result.certificatePath ?? [];
  if (result.result && (!first || derOf(first) !== derOf(leaf))) {
    return { result: false, resultCode: pkijs.ChainValidationCode.noValidPath, resultMessage: 'The validated path does not start with the leaf' };
  }
  // pkijs never reads pathLenConstraint: a CA capped at 0 could otherwise sign a sub-CA.
  if (result.result && pathLengthViolation(result.certificatePath ?? [])) {
    return { result: false, resultCode: pkijs.ChainValidationCode.noValidPath, resultMessage: 'A CA of the path allows fewer CAs below it (pathLenConstraint)' };
  }
  // pkijs's name constraints pass a certificate on one permitted name and let a sub-CA widen its CA's.
  const names = result.result ? nameConstraintProblem(result.certificatePath ?? []) : undefined;
  if (names) return { result: false, resultCode: pkijs.ChainValidationCode.noValidPath, resultMessage: `Name constraints: ${names}` };
  return result;
}
// #endregion chain-order

// #region critical-extensions
/** The extensions pkijs's path validation or this application's own checks act on. */
export const UNDERSTOOD_EXTENSIONS: ReadonlySet<string> = new Set([
  pkijs.id_BasicConstraints, pkijs.id_KeyUsage, pkijs.id_ExtKeyUsage, pkijs.id_SubjectAltName,
  pkijs.id_NameConstraints, pkijs.id_CertificatePolicies, pkijs.id_PolicyConstraints, pkijs.id_PolicyMappings,
  pkijs.id_InhibitAnyPolicy, pkijs.id_SubjectKeyIdentifier, pkijs.id_AuthorityKeyIdentifier,
]);

/**
 * RFC 5280 6.1.3 and 6.1.4: a certificate with a critical extension the
 * validator does not process must be refused. pkijs accepts one on every
 * certificate of the path, so run this on the validated path.
 */
export function unknownCriticalExtensions(path: pkijs.Certificate[], understood = UNDERSTOOD_EXTENSIONS): string[] {
  return path.flatMap((certificate) =>
    (certificate.extensions ?? []).filter((e) => e.critical && !understood.has(e.extnID)).map((e) => e.extnID));
}
// #endregion critical-extensions

// #region check-chain
/**
 * SignedData.verify checks the signature against the certificate the message
 * itself carries; whether that certificate is trusted is checked only with
 * checkChain: true (and trustedCerts). extendedMode returns the details
 * instead of a bare boolean.
 */
export async function verifyTrustedSignature(signedData: pkijs.SignedData, trustedCerts: pkijs.Certificate[]): Promise<boolean> {
  try {
    const result = await signedData.verify({ signer: 0, checkChain: true, trustedCerts, extendedMode: true });
    return result.signatureVerified === true;
  } catch (error) {
    if (error instanceof pkijs.SignedDataVerifyError) return false;
    throw error;
  }
}
// #endregion check-chain
