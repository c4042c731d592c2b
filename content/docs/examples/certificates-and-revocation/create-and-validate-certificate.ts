// Builds a small PKI (a root CA, an intermediate CA and a TLS server
// certificate), moves the certificates through PEM, and decides whether to
// trust a server's chain as a TLS client must: path validation by pkijs, then
// the checks pkijs leaves to the caller (pathProblems, shared by every
// verifier of the examples, and the host name).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  OID, createCertificateAuthority, extendedKeyUsagesOf, formatName, fromPem, issueCertificate, keyUsagesOf,
  sameName, serialToHex, toHex, toPem, useWebCrypto, type KeyAndCertificate, type KeyUsageName,
} from '../example-helpers.ts';
import { crlsForPath } from './crl-checks.ts';
import { alternativeNamesOf, hostConstraintProblem, ipAddressBytes, ipAddressesOf, nameConstraintProblem } from './name-constraints.ts';

// #region create-intermediate
/** An intermediate CA: the root signs it once, then stays offline; this CA signs the day-to-day certificates. */
export async function createIntermediateCa(root: KeyAndCertificate, commonName: string): Promise<KeyAndCertificate> {
  // keyCertSign makes the profile a CA: basicConstraints cA=true.
  return issueCertificate(root, {
    subject: { commonName, organization: 'Example Ltd' },
    keyUsage: ['keyCertSign', 'cRLSign'],
    validDays: 1825,
  });
}
// #endregion create-intermediate

// #region create-server-certificate
/** A 90-day TLS server certificate for `dnsName`, with a fresh key pair. */
export async function createServerCertificate(ca: KeyAndCertificate, dnsName: string): Promise<KeyAndCertificate> {
  return issueCertificate(ca, {
    subject: { commonName: dnsName },
    keyUsage: ['digitalSignature'],
    extendedKeyUsage: [OID.serverAuth],
    dnsNames: [dnsName], // clients match host names against subjectAltName only, never the common name
    validDays: 90,
  });
}
// #endregion create-server-certificate

// #region pem
export function certificateToPem(certificate: pkijs.Certificate): string {
  return toPem(certificate.toSchema().toBER(false), 'CERTIFICATE');
}

/** Every CERTIFICATE block of a PEM bundle, in order (a server sends its certificate first). */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => pkijs.Certificate.fromBER(fromPem(block, 'CERTIFICATE')));
}
// #endregion pem

// #region describe
export interface CertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
}

export function describeCertificate(certificate: pkijs.Certificate): CertificateSummary {
  return {
    subject: formatName(certificate.subject),
    issuer: formatName(certificate.issuer),
    serialNumber: serialToHex(certificate.serialNumber),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    // checkCA returns the certificate when basicConstraints says cA=true.
    isCa: pkijs.checkCA(certificate) !== null,
  };
}
// #endregion describe

// #region validate-chain
export interface ChainInput {
  /** The certificates as the peer sent them: the end-entity certificate first, then intermediates, in any order. */
  received: pkijs.Certificate[];
  trustAnchors: pkijs.Certificate[];
  /** With CRLs present, pkijs wants one from the issuer of every certificate in the path. */
  crls?: pkijs.CertificateRevocationList[];
  /** Only responses that checkOcspResponse accepted: pkijs reads their status and checks nothing else. */
  ocsps?: pkijs.BasicOCSPResponse[];
  checkDate?: Date;
}

const derOf = (certificate: pkijs.Certificate): string => toHex(certificate.toSchema().toBER(false));

/**
 * RFC 5280 6.1.4 (k)-(m), which pkijs does not do in full: every CA certificate
 * of the path (leaf first, trust anchor last) must say cA=true, and a CA's
 * pathLenConstraint caps the CA certificates below it (self-issued ones aside).
 * pkijs never reads pathLenConstraint. Returns the first violation.
 */
export function basicConstraintsProblem(path: pkijs.Certificate[]): string | undefined {
  let below = 0; // CA certificates between the leaf and the CA looked at
  for (const [index, ca] of path.slice(1).entries()) {
    const constraints = ca.extensions?.find((e) => e.extnID === pkijs.id_BasicConstraints)?.parsedValue;
    const isCa = constraints instanceof pkijs.BasicConstraints && constraints.cA;
    // The trust anchor is trusted as configured; a v1 anchor has no extensions at all.
    if (!isCa && index < path.length - 2) return `${formatName(ca.subject)} is not a CA certificate (basicConstraints cA)`;
    const limit = constraints instanceof pkijs.BasicConstraints ? constraints.pathLenConstraint : undefined;
    const max = limit instanceof asn1js.Integer ? limit.valueBlock.valueDec : limit;
    if (max !== undefined && below > max) return `The path is longer than ${formatName(ca.subject)} allows (pathLenConstraint)`;
    if (!sameName(ca.subject, ca.issuer)) below += 1; // self-issued: the same DER, byte for byte
  }
  return undefined;
}

type ChainResult = pkijs.CertificateChainValidationEngineVerifyResult;
const refusal = (resultCode: pkijs.ChainValidationCode, resultMessage: string): ChainResult => ({ result: false, resultCode, resultMessage });

/**
 * Path validation: signatures, validity periods, name chaining and CA flags up
 * to a trust anchor, for exactly the first certificate received, and what pkijs
 * skips of basicConstraints. pkijs takes the LAST entry of `certs` as the
 * end-entity certificate, after dropping repeated certificates (it keeps the
 * first copy). So every other copy of the leaf, and repeated intermediates, are
 * removed before the leaf goes last; and the path pkijs returns must start with
 * the leaf, byte for byte. A leaf sent twice ([forged, forged, intermediate])
 * would otherwise leave the intermediate last, and pkijs would report the
 * intermediate's path as a success.
 * With revocation data, pkijs checks a CRL with ANY certificate it was given
 * whose subject is the CRL's issuer name, and reads no CRL extension. So the
 * path is found first, each CRL is kept only if crlProblem accepts it with the
 * issuer ON that path, and pkijs then checks revocation with the path's
 * certificates alone.
 */
export async function validateChain(input: ChainInput): Promise<ChainResult> {
  const [leaf, ...rest] = input.received;
  if (!leaf) throw new Error('No certificate to validate');
  const leafDer = derOf(leaf);
  const seen = new Set([leafDer]);
  const intermediates = rest.filter((certificate) => {
    const der = derOf(certificate);
    if (seen.has(der)) return false;
    seen.add(der);
    return true;
  });
  const checkDate = input.checkDate ?? new Date();
  const verify = async (certs: pkijs.Certificate[], crls: pkijs.CertificateRevocationList[], ocsps: pkijs.BasicOCSPResponse[]): Promise<ChainResult> => {
    const result = await new pkijs.CertificateChainValidationEngine({ trustedCerts: input.trustAnchors, certs, crls, ocsps, checkDate }).verify();
    const [first] = result.certificatePath ?? [];
    if (result.result && (!first || derOf(first) !== leafDer)) return refusal(pkijs.ChainValidationCode.noValidPath, 'The validated path does not start with the certificate received first');
    const basics = result.result ? basicConstraintsProblem(result.certificatePath ?? []) : undefined;
    return basics ? refusal(pkijs.ChainValidationCode.noValidPath, basics) : result;
  };
  const found = await verify([...intermediates, leaf], [], []);
  const crls = input.crls ?? [];
  const ocsps = input.ocsps ?? [];
  if (!found.result || (crls.length === 0 && ocsps.length === 0)) return found;
  const path = found.certificatePath ?? [];
  const { usable, problems } = await crlsForPath(path, crls, checkDate);
  // Without OCSP answers, pkijs would check no revocation at all once every CRL is dropped.
  if (crls.length > 0 && ocsps.length === 0 && problems.length > 0) return refusal(pkijs.ChainValidationCode.noRevocation, problems.join('; '));
  return verify([...path.slice(1, -1), leaf], usable, ocsps);
}
// #endregion validate-chain

// #region path-checks
/** The extensions that pkijs's path validation or the checks here act on. */
const UNDERSTOOD_EXTENSIONS = new Set([
  pkijs.id_BasicConstraints, pkijs.id_KeyUsage, pkijs.id_ExtKeyUsage, pkijs.id_SubjectAltName, pkijs.id_NameConstraints,
  pkijs.id_CertificatePolicies, pkijs.id_PolicyConstraints, pkijs.id_PolicyMappings, pkijs.id_InhibitAnyPolicy,
  pkijs.id_SubjectKeyIdentifier, pkijs.id_AuthorityKeyIdentifier,
]);

/**
 * RFC 5280 4.2 and 6.1.3: a certificate with a critical extension that the
 * application does not process must be refused. pkijs checks this on issuers
 * only, so pathProblems runs it on every certificate of the path.
 */
export function unprocessedCriticalExtensionProblem(certificate: pkijs.Certificate): string | undefined {
  const unknown = (certificate.extensions ?? []).filter((e) => e.critical && !UNDERSTOOD_EXTENSIONS.has(e.extnID));
  return unknown.length > 0 ? `${formatName(certificate.subject)} has a critical extension not processed here: ${unknown.map((e) => e.extnID).join(', ')}` : undefined;
}

/** What a path is trusted for: the extended key usages that allow it, and the key usages its leaf needs. */
export interface Purpose {
  name: string;
  /** Any one of these extended key usages allows the purpose, on the leaf and on every CA that has the extension. */
  extendedKeyUsages: readonly string[];
  /** The leaf's key usage, when present, must allow one of these. */
  keyUsages: readonly KeyUsageName[];
  /** The leaf must list the purpose itself: no extension, or anyExtendedKeyUsage alone, does not do. */
  namedOnLeaf?: boolean;
}

export const PURPOSES = {
  tlsServer: { name: 'TLS server authentication', extendedKeyUsages: [OID.serverAuth], keyUsages: ['digitalSignature'] },
  emailProtection: { name: 'e-mail protection', extendedKeyUsages: [OID.emailProtection], keyUsages: ['digitalSignature', 'nonRepudiation'] },
  // RFC 9336 id-kp-documentSigning; signers certified for e-mail sign documents too (OpenSSL takes only those).
  documentSigning: { name: 'document signing', extendedKeyUsages: [OID.documentSigning, OID.emailProtection], keyUsages: ['digitalSignature', 'nonRepudiation'] },
  timeStamping: { name: 'time-stamping', extendedKeyUsages: [OID.timeStamping], keyUsages: ['digitalSignature', 'nonRepudiation'], namedOnLeaf: true }, // RFC 3161 2.3
  ocspSigning: { name: 'OCSP signing', extendedKeyUsages: [OID.ocspSigning], keyUsages: ['digitalSignature'], namedOnLeaf: true }, // RFC 6960 4.2.2.2
} as const satisfies Record<string, Purpose>;

/** RFC 5280 4.2.1.12: without the extension any purpose is allowed; with it, only those listed (or anyExtendedKeyUsage, unless `named`). */
function allowsOneOf(certificate: pkijs.Certificate, purpose: Purpose, named: boolean): boolean {
  const listed = extendedKeyUsagesOf(certificate);
  if (listed === undefined) return !named;
  return listed.some((usage) => purpose.extendedKeyUsages.includes(usage) || (!named && usage === OID.anyExtendedKeyUsage));
}

/**
 * What pkijs's path validation leaves out, for one purpose, on a validated
 * `path` (leaf first, trust anchor last). Every verifier of the examples runs
 * it, so that none forgets a check: no certificate may carry a critical
 * extension nobody processes; every CA must be one and keep to the
 * pathLenConstraint of each CA above it (basicConstraintsProblem); every name must meet the name constraints of
 * every CA above it (nameConstraintProblem: pkijs's check is lax); the leaf
 * and every CA that restricts its extended key usage must allow the purpose
 * (as OpenSSL and browsers require of CAs); the leaf's key usage must allow it.
 */
export function pathProblems(path: pkijs.Certificate[], purpose: Purpose): string[] {
  const [leaf, ...cas] = path;
  if (!leaf) return ['there is no validated path'];
  const problems = path.map(unprocessedCriticalExtensionProblem).filter((problem) => problem !== undefined);
  const basics = basicConstraintsProblem(path);
  if (basics) problems.push(basics);
  const names = nameConstraintProblem(path);
  if (names) problems.push(names);
  if (!allowsOneOf(leaf, purpose, purpose.namedOnLeaf ?? false)) problems.push(`not issued for ${purpose.name} (extended key usage)`);
  for (const ca of cas) {
    if (!allowsOneOf(ca, purpose, false)) problems.push(`${formatName(ca.subject)} may not certify ${purpose.name} (extended key usage)`);
  }
  const usages = keyUsagesOf(leaf);
  if (usages && !usages.some((usage) => purpose.keyUsages.includes(usage))) problems.push(`its key may not sign for ${purpose.name} (key usage)`);
  return problems;
}
// #endregion path-checks

// #region check-server
/** RFC 6125 6.4: case-insensitive; a wildcard only as the whole left-most label, matching exactly one label. */
export function hostMatches(pattern: string, host: string): boolean {
  const [first, ...rest] = pattern.toLowerCase().split('.');
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (first !== '*') return [first, ...rest].join('.') === labels.join('.');
  // "*.example.com" matches "www.example.com", not "example.com" or "a.b.example.com".
  return rest.length >= 2 && labels.length === rest.length + 1 && labels.slice(1).join('.') === rest.join('.');
}

/** The dNSName entries of the subject alternative name. */
export function dnsNamesOf(certificate: pkijs.Certificate): string[] {
  return (alternativeNamesOf(certificate) ?? []).flatMap((name) => (name.type === 2 && typeof name.value === 'string' ? [name.value] : []));
}

/** What a TLS server certificate needs besides pathProblems: the host, and not being a CA. */
export function serverCertificateProblems(leaf: pkijs.Certificate, host: string): string[] {
  const problems: string[] = [];
  // An IP address host is matched against iPAddress entries only (RFC 6125 6.2.1), never as a dNSName.
  const address = ipAddressBytes(host);
  const hostValid = address
    ? ipAddressesOf(leaf).some((entry) => toHex(entry) === toHex(address))
    : dnsNamesOf(leaf).some((pattern) => hostMatches(pattern, host));
  if (!hostValid) problems.push(`not valid for the host ${host}`);
  if (pkijs.checkCA(leaf) !== null) problems.push('it is a CA certificate, not an end-entity certificate');
  return problems;
}

export interface ServerCheck {
  trusted: boolean;
  /** Why the chain is not trusted; empty when it is. */
  problems: string[];
}

/** The whole decision a TLS client makes about the certificates a server sent. */
export async function checkServerChain(received: pkijs.Certificate[], host: string, trustAnchors: pkijs.Certificate[]): Promise<ServerCheck> {
  const path = await validateChain({ received, trustAnchors });
  const certificatePath = path.certificatePath ?? [];
  const problems = path.result ? pathProblems(certificatePath, PURPOSES.tlsServer) : [path.resultMessage];
  // The host itself must meet the CAs' name constraints: a wildcard that meets them can stand for a host they exclude.
  const hostProblem = path.result ? hostConstraintProblem(certificatePath, host) : undefined;
  if (hostProblem && !problems.includes(hostProblem)) problems.push(hostProblem); // an unreadable CA is said once
  if (received[0]) problems.push(...serverCertificateProblems(received[0], host));
  return { trusted: problems.length === 0, problems };
}
// #endregion check-server

// #region run
/** The whole flow: a root, an intermediate and a server; PEM out and in; the client's decision. */
export async function runExample(): Promise<{ pem: string; verified: boolean; check: ServerCheck }> {
  useWebCrypto();
  const root = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd', country: 'GB' });
  const intermediate = await createIntermediateCa(root, 'Example Issuing CA');
  const server = await createServerCertificate(intermediate, 'www.example.com');

  // What a TLS server sends: its own certificate first, then the intermediate.
  const pem = certificateToPem(server.certificate) + certificateToPem(intermediate.certificate);
  const received = certificatesFromPem(pem);
  const [leaf, issuer] = received as [pkijs.Certificate, pkijs.Certificate];

  const verified = await leaf.verify(issuer); // one signature, nothing more
  const check = await checkServerChain(received, 'www.example.com', [root.certificate]);
  return { pem, verified, check };
}
// #endregion run
