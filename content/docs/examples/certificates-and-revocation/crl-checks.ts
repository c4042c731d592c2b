// Whether a CRL may decide the revocation status of a certificate: the one
// check shared by validateChain (certificate example), checkCertificateAgainstCrl
// and validateWithCrl (CRL example). It lives apart because the CRL example
// imports validateChain, and validateChain needs this check.
import * as pkijs from 'pkijs';
import { OID, formatName, keyUsagesOf, sameName, serialToHex } from '../example-helpers.ts';

// #region crl-scope
/**
 * RFC 5280 5.2.4, 5.2.5 and 6.3.3: a delta CRL, a CRL whose issuingDistributionPoint
 * limits its scope (CA certificates only, some reasons only...), and a CRL with any
 * other critical extension cannot clear a certificate here. pkijs reads none of
 * these extensions: it would take an authority revocation list, which never lists
 * end-entity certificates, as proof that an end-entity certificate is not revoked.
 */
export function crlScopeProblem(crl: pkijs.CertificateRevocationList): string | undefined {
  const limiting = (crl.crlExtensions?.extensions ?? []).find((e) =>
    e.critical || e.extnID === pkijs.id_IssuingDistributionPoint || e.extnID === OID.deltaCRLIndicator);
  if (limiting) return `The CRL carries extension ${limiting.extnID}: it is not a complete CRL that this code can use`;
  return criticalEntryExtensionProblem(crl);
}

/**
 * RFC 5280 5.3: a CRL with a critical entry extension the application cannot
 * process MUST NOT be used for any certificate. The entry extensions read here
 * (reasonCode, invalidityDate) are never critical; a critical one, such as the
 * certificateIssuer of an indirect CRL, changes what the entries mean.
 */
export function criticalEntryExtensionProblem(crl: pkijs.CertificateRevocationList): string | undefined {
  for (const entry of crl.revokedCertificates ?? []) {
    const critical = (entry.crlEntryExtensions?.extensions ?? []).find((e) => e.critical);
    if (critical) return `The CRL entry for serial ${serialToHex(entry.userCertificate)} carries critical extension ${critical.extnID}, which this code cannot process`;
  }
  return undefined;
}
// #endregion crl-scope

// #region crl-usable
export interface CrlAssessment {
  /** Why the CRL cannot cover the certificate at all (crlScopeProblem), if it cannot. */
  scope?: string;
  /** The CRL and the certificate name `issuer`, which may sign CRLs, and the signature is `issuer`'s. */
  signatureValid: boolean;
  /** thisUpdate has passed and nextUpdate (when present) has not. */
  current: boolean;
}

/**
 * Everything that decides whether `crl` may be used for `certificate`, whose
 * issuer is `issuer`: THE certificate above it on the validated path, never one
 * found by name among what the sender supplied (RFC 5280 6.3.3 (f)).
 */
export async function assessCrl(
  crl: pkijs.CertificateRevocationList, certificate: pkijs.Certificate, issuer: pkijs.Certificate, now: Date,
): Promise<CrlAssessment> {
  const scope = crlScopeProblem(crl);
  const usages = keyUsagesOf(issuer);
  const issuerMaySign = sameName(crl.issuer, issuer.subject) && sameName(certificate.issuer, crl.issuer)
    && (usages === undefined || usages.includes('cRLSign'));
  const signatureValid = issuerMaySign && await crl.verify({ issuerCertificate: issuer });
  const current = crl.thisUpdate.value <= now && (crl.nextUpdate === undefined || crl.nextUpdate.value >= now);
  return { ...(scope ? { scope } : {}), signatureValid, current };
}

/** Why `crl` may not be used for `certificate` below `issuer` on the path; undefined when it may. */
export async function crlProblem(
  crl: pkijs.CertificateRevocationList, certificate: pkijs.Certificate, issuer: pkijs.Certificate, now: Date,
): Promise<string | undefined> {
  const { scope, signatureValid, current } = await assessCrl(crl, certificate, issuer, now);
  if (scope) return scope;
  if (!signatureValid) return `The CRL naming ${formatName(crl.issuer)} is not signed by the issuer of ${formatName(certificate.subject)} on the path`;
  return current ? undefined : `The CRL of ${formatName(crl.issuer)} is not current on ${now.toISOString()}`;
}

/**
 * The CRLs usable for some certificate of `path` (leaf first, trust anchor
 * last) with its issuer on the path, and, for each certificate that has none,
 * why: "unable to get certificate CRL", as OpenSSL says.
 */
export async function crlsForPath(
  path: pkijs.Certificate[], crls: pkijs.CertificateRevocationList[], now: Date,
): Promise<{ usable: pkijs.CertificateRevocationList[]; problems: string[] }> {
  const usable = new Set<pkijs.CertificateRevocationList>();
  const problems: string[] = [];
  for (const [index, certificate] of path.slice(0, -1).entries()) {
    const refused: string[] = [];
    let covered = false;
    for (const crl of crls) {
      const problem = await crlProblem(crl, certificate, path[index + 1]!, now);
      if (problem === undefined) {
        usable.add(crl);
        covered = true;
      } else if (sameName(crl.issuer, certificate.issuer)) refused.push(problem);
    }
    if (!covered) problems.push(`No usable CRL for ${formatName(certificate.subject)}${refused.length > 0 ? ` (${refused.join('; ')})` : ''}`);
  }
  return { usable: [...usable], problems };
}
// #endregion crl-usable
