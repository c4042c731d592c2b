// Certificate fingerprints (thumbprints): a hash over the certificate's DER,
// printed the way browsers and OpenSSL print it, and the SPKI pin that stays
// the same when a certificate is renewed with the same key.
import * as pkijs from 'pkijs';
import { fromHex, fromPem, toBase64, toHex } from '../example-helpers.ts';

// #region fingerprint
export type FingerprintHash = 'SHA-1' | 'SHA-256';

/** Byte lengths of the two digests, to refuse a truncated or mixed-up fingerprint. */
const DIGEST_BYTES: Record<FingerprintHash, number> = { 'SHA-1': 20, 'SHA-256': 32 };

/**
 * The hash of the certificate exactly as it was received: pass the DER bytes
 * you read, not a re-encoding of a parsed object, or a certificate that was
 * not strictly DER gets a fingerprint nobody else computes.
 */
export async function fingerprint(der: BufferSource, hash: FingerprintHash = 'SHA-256'): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest(hash, der));
}

/** "3A:7F:…": uppercase hex pairs joined by colons, as Firefox and `openssl x509 -fingerprint` show them. */
export function formatFingerprint(digest: Uint8Array): string {
  return toHex(digest).toUpperCase().replace(/(..)(?!$)/g, '$1:');
}
// #endregion fingerprint

// #region compare
/**
 * Compares a fingerprint typed or pasted by a person (colons, spaces, either
 * case, as Chrome, Firefox, Windows and OpenSSL print it) with a certificate.
 * It must be the whole digest: a prefix, or a SHA-1 value where SHA-256 is
 * expected, is refused.
 */
export async function matchesFingerprint(der: BufferSource, expected: string, hash: FingerprintHash = 'SHA-256'): Promise<boolean> {
  const hex = expected.replace(/[\s:]/g, '');
  if (hex.length !== DIGEST_BYTES[hash] * 2) return false;
  let wanted: Uint8Array;
  try {
    wanted = fromHex(hex);
  } catch {
    return false; // not hex at all
  }
  const actual = await fingerprint(der, hash);
  return actual.every((byte, index) => byte === wanted[index]);
}
// #endregion compare

// #region spki-pin
/**
 * The pin of RFC 7469: Base64 of the SHA-256 of the SubjectPublicKeyInfo.
 * It names the key, not the certificate, so it survives a renewal with the
 * same key; compare it when you trust a key, not a particular certificate.
 */
export async function spkiPin(certificate: pkijs.Certificate): Promise<string> {
  const spki = certificate.subjectPublicKeyInfo.toSchema().toBER(false);
  return toBase64(await crypto.subtle.digest('SHA-256', spki));
}
// #endregion spki-pin

// #region usage
export interface CertificateFingerprints {
  sha1: string;
  sha256: string;
  /** For pinning the key: pin-sha256 in RFC 7469's terms. */
  spkiSha256: string;
}

/** The fingerprints of a PEM certificate, as a certificate viewer lists them. */
export async function fingerprintsOf(pem: string): Promise<CertificateFingerprints> {
  const der = fromPem(pem, 'CERTIFICATE'); // the received bytes: hash these
  const certificate = pkijs.Certificate.fromBER(der);
  return {
    sha1: formatFingerprint(await fingerprint(der, 'SHA-1')),
    sha256: formatFingerprint(await fingerprint(der, 'SHA-256')),
    spkiSha256: await spkiPin(certificate),
  };
}
// #endregion usage
