// Code of the troubleshooting guide: find out which engine pkijs uses, and
// turn pkijs's errors into a message that says what to check.
// test/guides/troubleshooting.test.ts provokes each error and asserts the text.
import * as pkijs from 'pkijs';

// #region engine
/**
 * pkijs needs WebCrypto. Node.js 20+ has it as globalThis.crypto; browsers
 * have crypto.subtle only on secure origins (https: or localhost), so a page
 * served over plain http: gets no engine at all.
 */
export function requireWebCrypto(): pkijs.ICryptoEngine {
  const webcrypto = globalThis.crypto as Crypto | undefined;
  if (!webcrypto?.subtle) {
    throw new Error('No WebCrypto here: serve the page over https: (or localhost), or run Node.js 20 or later.');
  }
  const engine = new pkijs.CryptoEngine({ name: 'webcrypto', crypto: webcrypto });
  pkijs.setEngine('webcrypto', engine);
  return engine;
}
// #endregion engine

// #region explain
/** A sentence for an error from sign/verify, naming what to check. */
export function explainCryptoError(error: unknown): string {
  if (error instanceof pkijs.SignedDataVerifyError) return `SignedData.verify failed with code ${error.code}: ${error.message}`;
  if (error instanceof DOMException && error.name === 'InvalidAccessError') {
    return `The key cannot do this (${error.message}): check that it is the private key for signing, and the usages it was generated or imported with.`;
  }
  if (error instanceof DOMException && error.name === 'NotSupportedError') return `This WebCrypto does not support the algorithm: ${error.message}`;
  if (error instanceof Error && /^Unsupported algorithm|Parameter 'algorithm' is empty/.test(error.message)) {
    return `pkijs does not know this algorithm or hash (${error.message}): use SHA-256/384/512 with RSA or ECDSA keys.`;
  }
  return error instanceof Error ? error.message : String(error);
}
// #endregion explain

// #region chain-result
/** A chain result as a sentence, with the resultCode pkijs gives. */
export function explainChainResult(result: pkijs.CertificateChainValidationEngineVerifyResult): string {
  if (result.result) return 'trusted';
  return `not trusted (resultCode ${result.resultCode}): ${result.resultMessage}`;
}
// #endregion chain-result
