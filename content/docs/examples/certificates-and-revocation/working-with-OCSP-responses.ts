// Answers OCSP requests as a responder and checks the answers as a client
// (RFC 6960). The requests come from the OCSP requests example.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  KeyUsage, SIGNATURE_HASH, buildName, generateKeyPair, issueCertificate, keyUsage, makeExtension,
  serialToHex, toHex, toPublicKeyInfo, type Issuer,
} from './create-and-validate-certificate.ts';
import { CrlReason, type CrlReasonName } from './creating-and-parsing-CRLs.ts';
import { ID_PKIX_OCSP_NONCE, findNonce } from './working-with-OCSP-requests.ts';

// #region responder-certificate
const ID_KP_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
const ID_PKIX_OCSP_NOCHECK = '1.3.6.1.5.5.7.48.1.5';

/** A delegated responder: the CA's key stays offline, this key signs answers. */
export async function createResponderCertificate(ca: Issuer): Promise<Issuer> {
  const keys = await generateKeyPair();
  const certificate = await issueCertificate(ca, {
    subject: buildName({ commonName: 'Example OCSP Responder', organization: 'Example Ltd' }),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: 30, // short-lived, because clients do not check its revocation status
    extensions: [
      makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
      makeExtension(pkijs.id_KeyUsage, true, keyUsage(KeyUsage.digitalSignature)),
      // Without id-kp-OCSPSigning, clients must not accept answers signed by this key.
      makeExtension(pkijs.id_ExtKeyUsage, false, new pkijs.ExtKeyUsage({ keyPurposes: [ID_KP_OCSP_SIGNING] }).toSchema()),
      makeExtension(ID_PKIX_OCSP_NOCHECK, false, new asn1js.Null()),
    ],
  });
  return { certificate, privateKey: keys.privateKey };
}
// #endregion responder-certificate

// #region status
export type RevocationStatus =
  | { status: 'good' }
  | { status: 'revoked'; revokedAt: Date; reason?: CrlReasonName }
  | { status: 'unknown' };

/** Looks a serial number (hex) up in the CA's records. */
export type StatusLookup = (serialNumber: string) => RevocationStatus;

/** OCSP times are GeneralizedTime without fractions of a second. */
function wholeSeconds(time: number): Date {
  return new Date(Math.floor(time / 1000) * 1000);
}

/** CertStatus is a CHOICE of context-tagged values: [0] good, [1] revoked, [2] unknown. */
function encodeStatus(entry: RevocationStatus): asn1js.BaseBlock {
  if (entry.status === 'good') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  if (entry.status === 'unknown') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } });
  const revocation: asn1js.BaseBlock[] = [new asn1js.GeneralizedTime({ valueDate: wholeSeconds(entry.revokedAt.getTime()) })];
  if (entry.reason) {
    revocation.push(new asn1js.Constructed({
      idBlock: { tagClass: 3, tagNumber: 0 },
      value: [new asn1js.Enumerated({ value: CrlReason[entry.reason] })],
    }));
  }
  return new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 1 }, value: revocation });
}
// #endregion status

// #region answer
/** True when the CertID names `issuer`: otherwise this responder has nothing to say. */
async function isIssuedBy(certId: pkijs.CertID, issuer: pkijs.Certificate): Promise<boolean> {
  const expected = new pkijs.CertID();
  const hash = pkijs.getAlgorithmByOID<Algorithm>(certId.hashAlgorithm.algorithmId, true);
  await expected.createForCertificate(issuer, { hashAlgorithm: hash.name, issuerCertificate: issuer });
  expected.serialNumber = certId.serialNumber; // compare only the issuer part
  return expected.isEqual(certId);
}

export async function createOcspResponse(
  request: pkijs.OCSPRequest,
  ca: pkijs.Certificate,
  responder: Issuer,
  lookup: StatusLookup,
): Promise<pkijs.OCSPResponse> {
  const now = Date.now();
  const responses: pkijs.SingleResponse[] = [];
  for (const { reqCert } of request.tbsRequest.requestList) {
    const known = await isIssuedBy(reqCert, ca);
    responses.push(new pkijs.SingleResponse({
      certID: reqCert, // echoed as asked, so the client can match it
      certStatus: encodeStatus(known ? lookup(serialToHex(reqCert.serialNumber)) : { status: 'unknown' }),
      thisUpdate: wholeSeconds(now),
      nextUpdate: wholeSeconds(now + 3_600_000), // clients may cache the answer for an hour
    }));
  }
  const tbsResponseData = new pkijs.ResponseData({
    responderID: responder.certificate.subject, // "byName"
    producedAt: wholeSeconds(now),
    responses,
  });
  const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === ID_PKIX_OCSP_NONCE);
  if (nonce) tbsResponseData.responseExtensions = [nonce];

  // Sign the BasicOCSPResponse itself: OCSPResponse.sign() signs a copy that is then thrown away.
  const basic = new pkijs.BasicOCSPResponse({ tbsResponseData, certs: [responder.certificate] });
  await basic.sign(responder.privateKey, SIGNATURE_HASH);
  return new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }), // successful
    responseBytes: new pkijs.ResponseBytes({
      responseType: pkijs.id_PKIX_OCSP_Basic,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
    }),
  });
}
// #endregion answer

// #region errors
/** OCSPResponseStatus values; 4 is not used. Only "successful" carries a body. */
export const OcspResponseStatus = {
  successful: 0, malformedRequest: 1, internalError: 2, tryLater: 3, sigRequired: 5, unauthorized: 6,
} as const;

export function createOcspErrorResponse(status: Exclude<keyof typeof OcspResponseStatus, 'successful'>): pkijs.OCSPResponse {
  return new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: OcspResponseStatus[status] }) });
}
// #endregion errors

// #region read
/** Parses the HTTP body; throws unless the responder answered "successful". */
export function parseOcspResponse(der: ArrayBuffer): pkijs.BasicOCSPResponse {
  const response = pkijs.OCSPResponse.fromBER(der);
  const status = response.responseStatus.valueBlock.valueDec;
  if (status !== OcspResponseStatus.successful) {
    const name = Object.entries(OcspResponseStatus).find(([, value]) => value === status)?.[0];
    throw new Error(`The OCSP responder refused the request: ${name ?? status}`);
  }
  if (response.responseBytes?.responseType !== pkijs.id_PKIX_OCSP_Basic) {
    throw new Error('The OCSP response is not a basic response');
  }
  return pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.getValue());
}
// #endregion read

// #region check
export interface OcspResult {
  status: 'good' | 'revoked' | 'unknown';
  thisUpdate: Date;
  nextUpdate?: Date;
}

/** RFC 6960 §4.2.2.2: the CA itself, or a certificate it issued for id-kp-OCSPSigning. */
function isAuthorizedResponder(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate): boolean {
  const { responderID } = basic.tbsResponseData;
  const signer = basic.certs?.find((certificate) => certificate.subject.isEqual(responderID));
  if (!signer) return false;
  if (signer.subject.isEqual(issuer.subject)) return true;
  const usage = signer.extensions?.find((e) => e.extnID === pkijs.id_ExtKeyUsage)?.parsedValue;
  return signer.issuer.isEqual(issuer.subject)
    && usage instanceof pkijs.ExtKeyUsage && usage.keyPurposes.includes(ID_KP_OCSP_SIGNING);
}

/** Verifies the signature, the nonce and the freshness, then reads the status. */
export async function checkOcspResponse(
  basic: pkijs.BasicOCSPResponse,
  request: pkijs.OCSPRequest,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  now = new Date(),
): Promise<OcspResult> {
  // Finds the signer among basic.certs and validates it up to the trusted issuer.
  if (!(await basic.verify({ trustedCerts: [issuer] }))) {
    throw new Error('The OCSP response signature is invalid');
  }
  // pkijs checks the signature and the signer's chain, but not the signer's authority.
  if (!isAuthorizedResponder(basic, issuer)) {
    throw new Error('The OCSP response is signed by a certificate not authorised for OCSP');
  }
  const sent = findNonce(request.tbsRequest.requestExtensions);
  const received = findNonce(basic.tbsResponseData.responseExtensions);
  if (sent && (!received || toHex(sent) !== toHex(received))) {
    throw new Error('The OCSP response does not echo our nonce: it may be a replay');
  }
  const { isForCertificate, status } = await basic.getCertificateStatus(certificate, issuer);
  if (!isForCertificate) throw new Error('The OCSP response is about a different certificate');

  const single = basic.tbsResponseData.responses.find((r) => serialToHex(r.certID.serialNumber) === serialToHex(certificate.serialNumber));
  if (!single || single.thisUpdate > now || (single.nextUpdate && single.nextUpdate < now)) {
    throw new Error('The OCSP response is not current');
  }
  const names = ['good', 'revoked', 'unknown'] as const;
  return { status: names[status] ?? 'unknown', thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate };
}
// #endregion check
