// Builds an OCSP request (RFC 6960) for one certificate, sends it to the
// responder named in the certificate, and parses requests on the server side.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, makeExtension, serialToHex, toHex } from '../example-helpers.ts';

// #region responder-url
/** How a CA advertises its OCSP responder: authorityInfoAccess with id-ad-ocsp. */
export function ocspUrlExtension(url: string): pkijs.Extension {
  const access = new pkijs.InfoAccess({
    accessDescriptions: [new pkijs.AccessDescription({
      accessMethod: pkijs.id_ad_ocsp,
      accessLocation: new pkijs.GeneralName({ type: 6, value: url }), // 6 = uniformResourceIdentifier
    })],
  });
  return makeExtension(pkijs.id_AuthorityInfoAccess, false, access.toSchema());
}

/** Reads the responder URL from a certificate, if its CA runs one. */
export function findOcspUrl(certificate: pkijs.Certificate): string | undefined {
  const extension = certificate.extensions?.find((e) => e.extnID === pkijs.id_AuthorityInfoAccess);
  if (!(extension?.parsedValue instanceof pkijs.InfoAccess)) return undefined;
  const ocsp = extension.parsedValue.accessDescriptions.find((d) => d.accessMethod === pkijs.id_ad_ocsp);
  const location: unknown = ocsp?.accessLocation.value;
  return typeof location === 'string' ? location : undefined;
}
// #endregion responder-url

// #region create-request
/** id-pkix-ocsp-nonce (RFC 8954): binds the response to this request. */
export const ID_PKIX_OCSP_NONCE = OID.ocspNonce;

export interface OcspRequestOptions {
  /**
   * The hash of the CertID. SHA-1 (the default) is the one every responder
   * matches; use SHA-256 with responders known to support it.
   */
  certIdHash?: 'SHA-1' | 'SHA-256';
}

export async function createOcspRequest(
  certificate: pkijs.Certificate,
  issuerCertificate: pkijs.Certificate,
  options: OcspRequestOptions = {},
): Promise<pkijs.OCSPRequest> {
  const request = new pkijs.OCSPRequest();
  // Adds a CertID: hashes of the issuer's name and public key, plus the serial.
  await request.createForCertificate(certificate, { hashAlgorithm: options.certIdHash ?? 'SHA-1', issuerCertificate });

  // RFC 8954: 1 to 32 octets; 32 random bytes cannot be guessed ahead.
  const nonce = crypto.getRandomValues(new Uint8Array(32));
  request.tbsRequest.requestExtensions = [
    makeExtension(ID_PKIX_OCSP_NONCE, false, new asn1js.OctetString({ valueHex: nonce.buffer })),
  ];
  return request;
}
// #endregion create-request

// #region encode
/**
 * `true` encodes the request from its fields. Without it pkijs reuses the
 * schema it parsed, and a request built in memory has none: `toBER()` then throws.
 */
export function ocspRequestToDer(request: pkijs.OCSPRequest): ArrayBuffer {
  return request.toSchema(true).toBER(false);
}
// #endregion encode

// #region send
/** POSTs a DER request (RFC 6960 appendix A) and returns the DER response. */
export async function sendOcspRequest(url: string, requestDer: ArrayBuffer): Promise<ArrayBuffer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/ocsp-request', Accept: 'application/ocsp-response' },
    body: requestDer,
  });
  if (!response.ok) throw new Error(`The OCSP responder answered HTTP ${response.status}`);
  return response.arrayBuffer();
}
// #endregion send

// #region parse
/** Reads the nonce extension from request or response extensions. */
export function findNonce(extensions: pkijs.Extension[] | undefined): Uint8Array | undefined {
  const extension = extensions?.find((e) => e.extnID === ID_PKIX_OCSP_NONCE);
  if (!extension) return undefined;
  // extnValue holds the DER of an OCTET STRING that holds the nonce bytes.
  const inner = asn1js.fromBER(extension.extnValue.getValue()).result;
  return inner instanceof asn1js.OctetString ? new Uint8Array(inner.getValue()) : undefined;
}

export interface OcspRequestSummary {
  /** One entry per certificate asked about. */
  certificates: { serialNumber: string; hashAlgorithm: string }[];
  nonce?: string;
  signed: boolean;
}

export function parseOcspRequest(der: ArrayBuffer): pkijs.OCSPRequest {
  return pkijs.OCSPRequest.fromBER(der);
}

export function describeOcspRequest(request: pkijs.OCSPRequest): OcspRequestSummary {
  const nonce = findNonce(request.tbsRequest.requestExtensions);
  return {
    certificates: request.tbsRequest.requestList.map(({ reqCert }) => ({
      serialNumber: serialToHex(reqCert.serialNumber),
      hashAlgorithm: reqCert.hashAlgorithm.algorithmId,
    })),
    nonce: nonce ? toHex(nonce) : undefined,
    signed: request.optionalSignature !== undefined,
  };
}
// #endregion parse
