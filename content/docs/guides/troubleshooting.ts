// Code of the troubleshooting guide: find out which engine pkijs uses, and
// turn pkijs's errors into a message that says what to check.
// test/guides/troubleshooting.test.ts provokes each error and asserts the text.
import * as pkijs from 'pkijs';
import { fromBase64, fromPem } from '../examples/example-helpers.ts';

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

// #region as-certificate
/**
 * pkijs encodes the members of SignedData.certificates by calling their
 * toSchema(). DER bytes, an asn1js block (what toSchema() returns) or a
 * Certificate that went through structuredClone, postMessage or JSON (which
 * drop its methods) have none: "element.toSchema is not a function".
 */
export function asCertificate(value: unknown): pkijs.Certificate {
  if (value instanceof pkijs.Certificate) return value;
  if (value instanceof ArrayBuffer) return pkijs.Certificate.fromBER(value);
  if (ArrayBuffer.isView(value)) return pkijs.Certificate.fromBER(new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice());
  const candidate = value as { toSchema?: () => { toBER(): ArrayBuffer }; toBER?: (sizeOnly: boolean) => ArrayBuffer } | null;
  // Another copy of pkijs (toSchema) or of asn1js (toBER): re-read the bytes with this copy, so instanceof holds again.
  if (typeof candidate?.toSchema === 'function') return pkijs.Certificate.fromBER(candidate.toSchema().toBER());
  if (typeof candidate?.toBER === 'function') return pkijs.Certificate.fromBER(candidate.toBER(false));
  throw new TypeError('Not a certificate: pass DER bytes or a pkijs.Certificate. A Certificate sent through ' +
    'structuredClone, postMessage or JSON has lost its methods: send its DER and parse it on arrival.');
}
// #endregion as-certificate

// #region read-certificate
/**
 * A certificate from what people actually hand over: PEM text, bare Base64, a
 * PEM file read as bytes, or DER. Passing anything but DER to fromBER (or to
 * `new X({ schema })`) is what makes pkijs say the schema was not verified.
 */
export function readCertificate(input: string | Uint8Array<ArrayBuffer>): pkijs.Certificate {
  let der: Uint8Array<ArrayBuffer>;
  if (typeof input === 'string') der = input.includes('-----BEGIN') ? fromPem(input, 'CERTIFICATE') : fromBase64(input);
  else if (input[0] === 0x2d) der = fromPem(new TextDecoder().decode(input), 'CERTIFICATE'); // '-': a PEM file read as bytes
  else der = input;
  if (der[0] !== 0x30) throw new Error('Not DER: a certificate starts with 0x30 (a SEQUENCE); is this Base64 or text?');
  try {
    return pkijs.Certificate.fromBER(der);
  } catch (error) {
    throw new Error(`The DER is not an X.509 certificate (${(error as Error).message}): a CSR, a PKCS#7 bundle or a key?`);
  }
}
// #endregion read-certificate
