// Issues a certificate revocation list (RFC 5280 §5), encodes it, parses it
// back, checks its signature and uses it during chain validation.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  SIGNATURE_HASH, formatName, fromPem, keyIdentifier, makeExtension, serialToHex, toPem, x509Time,
  type KeyAndCertificate,
} from '../example-helpers.ts';
import { validateChain } from './create-and-validate-certificate.ts';
import { assessCrl } from './crl-checks.ts';

// The checks of whether a CRL may be used, shared with validateChain.
export { criticalEntryExtensionProblem, crlProblem, crlScopeProblem } from './crl-checks.ts';

// #region reason-codes
/** CRLReason values (RFC 5280 §5.3.1). Value 7 is not used. */
export const CrlReason = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;

export type CrlReasonName = keyof typeof CrlReason;
// #endregion reason-codes

// #region revoked-entry
export interface Revocation {
  serialNumber: asn1js.Integer;
  revokedAt: Date;
  reason?: CrlReasonName;
}

function revokedEntry({ serialNumber, revokedAt, reason }: Revocation): pkijs.RevokedCertificate {
  const entry = new pkijs.RevokedCertificate({
    userCertificate: serialNumber,
    revocationDate: x509Time(revokedAt), // UTCTime before 2050, GeneralizedTime after
  });
  // RFC 5280 asks to leave the reason out rather than say "unspecified".
  if (reason && reason !== 'unspecified') {
    const code = new asn1js.Enumerated({ value: CrlReason[reason] });
    entry.crlEntryExtensions = new pkijs.Extensions({
      extensions: [makeExtension(pkijs.id_CRLReason, false, code)],
    });
  }
  return entry;
}
// #endregion revoked-entry

// #region create-crl
export interface CrlSpec {
  /** Must grow with every CRL the issuer publishes, so clients can spot stale ones. */
  crlNumber: number;
  revocations: Revocation[];
  /** When the next CRL will be out; clients treat this one as stale after that. */
  validHours: number;
}

export async function createCrl(issuer: KeyAndCertificate, spec: CrlSpec): Promise<pkijs.CertificateRevocationList> {
  const now = Date.now();
  const crl = new pkijs.CertificateRevocationList({
    version: 1, // v2: required for extensions
    issuer: issuer.certificate.subject,
    thisUpdate: x509Time(new Date(now)),
    nextUpdate: x509Time(new Date(now + spec.validHours * 3_600_000)),
  });
  // An empty list must be left out entirely, not encoded as an empty SEQUENCE.
  if (spec.revocations.length > 0) crl.revokedCertificates = spec.revocations.map(revokedEntry);

  const authorityKeyId = new pkijs.AuthorityKeyIdentifier({
    keyIdentifier: await keyIdentifier(issuer.certificate.subjectPublicKeyInfo),
  });
  crl.crlExtensions = new pkijs.Extensions({
    extensions: [
      makeExtension(pkijs.id_AuthorityKeyIdentifier, false, authorityKeyId.toSchema()),
      makeExtension(pkijs.id_CRLNumber, false, new asn1js.Integer({ value: spec.crlNumber })),
    ],
  });
  await crl.sign(issuer.privateKey, SIGNATURE_HASH);
  return crl;
}
// #endregion create-crl

// #region encode
export function crlToDer(crl: pkijs.CertificateRevocationList): ArrayBuffer {
  return crl.toSchema().toBER(false);
}

export function crlToPem(crl: pkijs.CertificateRevocationList): string {
  return toPem(crlToDer(crl), 'X509 CRL');
}
// #endregion encode

// #region parse
/** CRLs are served as DER (application/pkix-crl) or as PEM ("X509 CRL"). */
export function parseCrl(data: ArrayBuffer | string): pkijs.CertificateRevocationList {
  const der = typeof data === 'string' ? fromPem(data, 'X509 CRL') : data;
  return pkijs.CertificateRevocationList.fromBER(der);
}

export interface RevokedSummary {
  serialNumber: string;
  revokedAt: Date;
  reason?: CrlReasonName;
}

export interface CrlSummary {
  issuer: string;
  crlNumber?: bigint;
  thisUpdate: Date;
  nextUpdate?: Date;
  revoked: RevokedSummary[];
}

function reasonOf(entry: pkijs.RevokedCertificate): CrlReasonName | undefined {
  const extension = entry.crlEntryExtensions?.extensions.find((e) => e.extnID === pkijs.id_CRLReason);
  if (!extension) return undefined;
  // The extension value is the DER of an ENUMERATED.
  const code = asn1js.fromBER(extension.extnValue.getValue()).result;
  if (!(code instanceof asn1js.Enumerated)) return undefined;
  const value = code.valueBlock.valueDec;
  return (Object.keys(CrlReason) as CrlReasonName[]).find((name) => CrlReason[name] === value);
}

export function describeCrl(crl: pkijs.CertificateRevocationList): CrlSummary {
  const numberExtension = crl.crlExtensions?.extensions.find((e) => e.extnID === pkijs.id_CRLNumber);
  const crlNumber = numberExtension ? asn1js.fromBER(numberExtension.extnValue.getValue()).result : undefined;
  return {
    issuer: formatName(crl.issuer),
    crlNumber: crlNumber instanceof asn1js.Integer ? crlNumber.toBigInt() : undefined,
    thisUpdate: crl.thisUpdate.value,
    nextUpdate: crl.nextUpdate?.value,
    // A CRL with no revoked certificates has no list at all.
    revoked: (crl.revokedCertificates ?? []).map((entry) => ({
      serialNumber: serialToHex(entry.userCertificate),
      revokedAt: entry.revocationDate.value,
      reason: reasonOf(entry),
    })),
  };
}
// #endregion parse

// #region check
export interface CrlCheck {
  /** The CRL names this issuer, the issuer may sign CRLs, and the signature is its. */
  signatureValid: boolean;
  /** False once nextUpdate has passed: fetch a newer CRL before trusting it. */
  current: boolean;
  revoked: boolean;
}

/**
 * Checks a CRL against its issuer, then looks the certificate up in it. Throws
 * when the CRL may not cover the certificate (see crlScopeProblem): an
 * authority revocation list or a delta CRL never lists a revoked end-entity
 * certificate, so its `revoked: false` would mean nothing.
 */
export async function checkCertificateAgainstCrl(
  crl: pkijs.CertificateRevocationList,
  issuerCertificate: pkijs.Certificate,
  certificate: pkijs.Certificate,
  now = new Date(),
): Promise<CrlCheck> {
  const { scope, signatureValid, current } = await assessCrl(crl, certificate, issuerCertificate, now);
  if (scope) throw new Error(`${scope}, so it cannot say whether this certificate is revoked`);
  // Matches issuer name and serial number, as RFC 5280 identifies certificates.
  const revoked = crl.isCertificateRevoked(certificate);
  return { signatureValid, current, revoked };
}
// #endregion check

// #region validate-with-crl

/**
 * Chain validation with revocation checking. validateChain uses a CRL for a
 * certificate only if crlProblem accepts it with that certificate's issuer on
 * the validated path (scope, critical entry extensions, signer, dates), and
 * refuses the path (code 11, noRevocation) when a certificate below the trust
 * anchor is left without one.
 */
export async function validateWithCrl(
  certificate: pkijs.Certificate,
  trustAnchor: pkijs.Certificate,
  crl: pkijs.CertificateRevocationList,
): Promise<pkijs.CertificateChainValidationEngineVerifyResult> {
  return validateChain({ received: [certificate], trustAnchors: [trustAnchor], crls: [crl] });
}
// #endregion validate-with-crl
