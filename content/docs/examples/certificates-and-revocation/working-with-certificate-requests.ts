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
/** What a CA does with a request: check it, then decide what to certify. */
export async function issueFromRequest(ca: KeyAndCertificate, request: pkijs.CertificationRequest): Promise<pkijs.Certificate> {
  if (!(await request.verify())) {
    throw new Error('The request signature is invalid: the requester may not hold the private key');
  }
  // A real CA proves control of every DNS name here before it signs (e.g. with ACME).
  const dnsNames = requestedDnsNames(request);
  return signCertificate({
    subject: request.subject,
    publicKey: request.subjectPublicKeyInfo,
    validDays: 90,
    // The CA sets the extensions; it copies only the names it has checked.
    extensions: profileExtensions({ keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.serverAuth], dnsNames }),
  }, ca);
}
// #endregion issue
