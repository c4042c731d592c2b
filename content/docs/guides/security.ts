// Code of the security guide: the pkijs defaults and argument orders that
// decide whether a check happens at all. test/guides/security.test.ts and
// test/examples/attacks/ show pkijs 3.3.2 behaving as each comment says.
import * as pkijs from 'pkijs';
import {
  PURPOSES, pathProblems, type Purpose,
} from '../examples/certificates-and-revocation/create-and-validate-certificate.ts';

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
 * Validates exactly the first certificate of `received`, for `purpose`. The
 * engine takes the LAST entry of `certs` as the certificate to validate,
 * after dropping repeated certificates (keeping the first copy): so drop
 * every other copy of the leaf and repeated intermediates, put the leaf last,
 * and check that the path the engine returns starts with the leaf, byte for
 * byte. Then check what the engine skips or gets wrong, with pathProblems:
 * each CA's cA flag and pathLenConstraint, critical extensions, name
 * constraints, the purpose on the leaf and its CAs, the leaf's key usage.
 */
export async function validateLeaf(
  received: pkijs.Certificate[], trustAnchors: pkijs.Certificate[], purpose: Purpose, checkDate = new Date(),
): Promise<pkijs.CertificateChainValidationEngineVerifyResult> {
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
  const path = result.certificatePath ?? [];
  if (result.result && (!path[0] || derOf(path[0]) !== derOf(leaf))) {
    return { result: false, resultCode: pkijs.ChainValidationCode.noValidPath, resultMessage: 'The validated path does not start with the leaf' };
  }
  const problems = result.result ? pathProblems(path, purpose) : [];
  if (problems.length > 0) return { result: false, resultCode: pkijs.ChainValidationCode.noValidPath, resultMessage: problems.join('; ') };
  return result;
}
// #endregion chain-order

// #region check-chain
/**
 * SignedData.verify checks the signature against the certificate the message
 * itself carries; whether that certificate is trusted is checked only with
 * checkChain: true (and trustedCerts). extendedMode returns the details
 * instead of a bare boolean, among them the path, on which pathProblems runs
 * what pkijs leaves out (path length, critical extensions, name constraints,
 * the purpose). The purpose is the caller's; by default document signing,
 * which takes a signer certified for e-mail too, as OpenSSL's cms -verify does.
 */
export async function verifyTrustedSignature(
  signedData: pkijs.SignedData, trustedCerts: pkijs.Certificate[], purpose: Purpose = PURPOSES.documentSigning,
): Promise<boolean> {
  try {
    const result = await signedData.verify({ signer: 0, checkChain: true, trustedCerts, extendedMode: true });
    return result.signatureVerified === true && pathProblems(result.certificatePath, purpose).length === 0;
  } catch (error) {
    if (error instanceof pkijs.SignedDataVerifyError) return false;
    throw error;
  }
}
// #endregion check-chain
