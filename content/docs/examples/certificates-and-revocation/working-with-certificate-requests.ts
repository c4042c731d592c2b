// Creates a PKCS#10 certification request (RFC 2986), reads one back as a CA
// would, and issues a certificate from it.
import * as pkijs from 'pkijs';
import {
  OID, SIGNATURE_HASH, buildName, formatName, fromPem, makeExtension, profileExtensions, signCertificate, toPem,
  toPublicKeyInfo, type KeyAndCertificate, type NameParts,
} from '../example-helpers.ts';

// #region create-request
/** PKCS #9 extensionRequest: the extensions the requester would like to see. */
const ID_EXTENSION_REQUEST = OID.extensionRequest;

export interface RequestSpec {
  subject: NameParts;
  dnsNames: string[];
}

export async function createCertificationRequest(keys: CryptoKeyPair, spec: RequestSpec): Promise<pkijs.CertificationRequest> {
  const request = new pkijs.CertificationRequest({
    subject: buildName(spec.subject),
    subjectPublicKeyInfo: await toPublicKeyInfo(keys.publicKey),
  });
  const names = spec.dnsNames.map((dnsName) => new pkijs.GeneralName({ type: 2, value: dnsName }));
  const subjectAltName = makeExtension(pkijs.id_SubjectAltName, false, new pkijs.GeneralNames({ names }).toSchema());
  request.attributes = [new pkijs.Attribute({
    type: ID_EXTENSION_REQUEST,
    values: [new pkijs.Extensions({ extensions: [subjectAltName] }).toSchema()],
  })];
  // Signed with the key being certified: proof that the requester holds it.
  await request.sign(keys.privateKey, SIGNATURE_HASH);
  return request;
}
// #endregion create-request

// #region pem
export function requestToPem(request: pkijs.CertificationRequest): string {
  return toPem(request.toSchema().toBER(false), 'CERTIFICATE REQUEST');
}

export function requestFromPem(pem: string): pkijs.CertificationRequest {
  return pkijs.CertificationRequest.fromBER(fromPem(pem, 'CERTIFICATE REQUEST'));
}
// #endregion pem

// #region read-request
/** The DNS names asked for in the extensionRequest attribute, if any. */
export function requestedDnsNames(request: pkijs.CertificationRequest): string[] {
  const attribute = request.attributes?.find((a) => a.type === ID_EXTENSION_REQUEST);
  if (!attribute) return [];
  const extensions = new pkijs.Extensions({ schema: attribute.values[0] });
  const altNames = extensions.extensions.find((e) => e.extnID === pkijs.id_SubjectAltName)?.parsedValue;
  if (!(altNames instanceof pkijs.AltName)) return [];
  return altNames.altNames.flatMap((name) => (name.type === 2 && typeof name.value === 'string' ? [name.value] : []));
}

export interface RequestSummary {
  subject: string;
  dnsNames: string[];
  /** The signature checks out against the public key inside the request. */
  signatureValid: boolean;
}

export async function readCertificationRequest(request: pkijs.CertificationRequest): Promise<RequestSummary> {
  return {
    subject: formatName(request.subject),
    dnsNames: requestedDnsNames(request),
    signatureValid: await request.verify(),
  };
}
// #endregion read-request

// #region issue
/**
 * What a CA does with a request: check the signature, then certify only what it
 * has checked itself. `verifiedDnsNames` are the names the requester has proven
 * to control (with ACME challenges, for instance). The requested subject is not
 * copied: it may claim any organisation, and the CA has checked none of it.
 */
export async function issueFromRequest(
  ca: KeyAndCertificate,
  request: pkijs.CertificationRequest,
  verifiedDnsNames: readonly string[],
): Promise<pkijs.Certificate> {
  if (!(await request.verify())) {
    throw new Error('The request signature is invalid: the requester may not hold the private key');
  }
  const verified = new Set(verifiedDnsNames.map((name) => name.toLowerCase()));
  const dnsNames = requestedDnsNames(request);
  const unchecked = dnsNames.filter((name) => !verified.has(name.toLowerCase()));
  if (dnsNames.length === 0) throw new Error('The request asks for no DNS name');
  if (unchecked.length > 0) throw new Error(`The request asks for names the CA has not verified: ${unchecked.join(', ')}`);
  return signCertificate({
    subject: buildName({ commonName: dnsNames[0]! }), // written by the CA, from a checked name
    publicKey: request.subjectPublicKeyInfo,
    validDays: 90,
    // The CA sets the extensions; it copies only the names it has checked.
    extensions: profileExtensions({ keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.serverAuth], dnsNames }),
  }, ca);
}
// #endregion issue
