// Code of the security guide: the pkijs defaults and argument orders that
// decide whether a check happens at all. test/guides/security.test.ts shows
// pkijs 3.3.2 behaving as each comment says.
import * as pkijs from 'pkijs';

// #region sign-hash
/** pkijs signs with SHA-1 when no hash is named: always name one. */
export async function signCertificate(certificate: pkijs.Certificate, privateKey: CryptoKey): Promise<void> {
  await certificate.sign(privateKey, 'SHA-256');
}
// #endregion sign-hash

// #region chain-order
/**
 * CertificateChainValidationEngine takes the LAST entry of `certs` as the
 * certificate to validate. A TLS server sends its own certificate first, so
 * move it to the end; otherwise pkijs validates the intermediate and the
 * server's certificate is never looked at.
 */
export async function validateLeaf(received: pkijs.Certificate[], trustAnchors: pkijs.Certificate[], checkDate = new Date()): Promise<pkijs.CertificateChainValidationEngineVerifyResult> {
  const [leaf, ...intermediates] = received;
  if (!leaf) throw new Error('No certificate to validate');
  const engine = new pkijs.CertificateChainValidationEngine({ certs: [...intermediates, leaf], trustedCerts: trustAnchors, checkDate });
  return engine.verify();
}
// #endregion chain-order

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
