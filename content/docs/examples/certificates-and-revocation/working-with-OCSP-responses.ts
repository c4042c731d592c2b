// Answers OCSP requests as a responder and checks the answers as a client
// (RFC 6960). The requests come from the OCSP requests example.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  OID, SIGNATURE_HASH, issueCertificate, makeExtension, sameName, serialToHex, toHex, wholeSeconds, type KeyAndCertificate,
} from '../example-helpers.ts';
import { PURPOSES, pathProblems, validateChain, type ChainInput } from './create-and-validate-certificate.ts';
import { CrlReason, type CrlReasonName } from './creating-and-parsing-CRLs.ts';
import { ID_PKIX_OCSP_NONCE, findNonce } from './working-with-OCSP-requests.ts';

// #region responder-certificate
/** A delegated responder: the CA's key stays offline, this key signs answers. */
export async function createResponderCertificate(ca: KeyAndCertificate): Promise<KeyAndCertificate> {
  return issueCertificate(ca, {
    subject: { commonName: 'Example OCSP Responder', organization: 'Example Ltd' },
    keyUsage: ['digitalSignature'],
    // Without id-kp-OCSPSigning, clients must not accept answers signed by this key.
    extendedKeyUsage: [OID.ocspSigning],
    // id-pkix-ocsp-nocheck: clients do not check this certificate's own revocation...
    extensions: [makeExtension(OID.ocspNoCheck, false, new asn1js.Null())],
    validDays: 30, // ...so it is short-lived.
  });
}
// #endregion responder-certificate

// #region status
export type RevocationStatus =
  | { status: 'good' }
  | { status: 'revoked'; revokedAt: Date; reason?: CrlReasonName }
  | { status: 'unknown' };

/** Looks a serial number (hex) up in the CA's records. */
export type StatusLookup = (serialNumber: string) => RevocationStatus;

/** CertStatus is a CHOICE of context-tagged values: [0] good, [1] revoked, [2] unknown. */
function encodeStatus(entry: RevocationStatus): asn1js.BaseBlock {
  if (entry.status === 'good') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  if (entry.status === 'unknown') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } });
  const revocation: asn1js.BaseBlock[] = [new asn1js.GeneralizedTime({ valueDate: wholeSeconds(entry.revokedAt) })];
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

export interface ResponseOptions {
  /** How ResponseData names the signer: by its subject name, or by the SHA-1 hash of its public key. */
  responderId?: 'byName' | 'byKey';
  /** Attach the signer's certificate. A CA signing its own answers may leave it out: clients have it. */
  attachCertificate?: boolean;
}

/** The SHA-1 hash of the subjectPublicKey BIT STRING's value: ResponderID byKey (RFC 6960 4.2.1). */
export async function responderKeyHash(certificate: pkijs.Certificate): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-1', new Uint8Array(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
}

export async function createOcspResponse(
  request: pkijs.OCSPRequest,
  ca: pkijs.Certificate,
  responder: KeyAndCertificate,
  lookup: StatusLookup,
  options: ResponseOptions = {},
): Promise<pkijs.OCSPResponse> {
  const now = Date.now();
  const responses: pkijs.SingleResponse[] = [];
  for (const { reqCert } of request.tbsRequest.requestList) {
    const known = await isIssuedBy(reqCert, ca);
    responses.push(new pkijs.SingleResponse({
      certID: reqCert, // echoed as asked, so the client can match it
      certStatus: encodeStatus(known ? lookup(serialToHex(reqCert.serialNumber)) : { status: 'unknown' }),
      thisUpdate: wholeSeconds(new Date(now)),
      nextUpdate: wholeSeconds(new Date(now + 3_600_000)), // clients may cache the answer for an hour
    }));
  }
  const tbsResponseData = new pkijs.ResponseData({
    responderID: options.responderId === 'byKey'
      ? new asn1js.OctetString({ valueHex: await responderKeyHash(responder.certificate) })
      : responder.certificate.subject,
    producedAt: wholeSeconds(new Date(now)),
    responses,
  });
  const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === ID_PKIX_OCSP_NONCE);
  if (nonce) tbsResponseData.responseExtensions = [nonce];

  // Sign the BasicOCSPResponse itself: OCSPResponse.sign() signs a copy that is then thrown away.
  const basic = new pkijs.BasicOCSPResponse({ tbsResponseData });
  if (options.attachCertificate ?? true) basic.certs = [responder.certificate];
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

/** The certificate the ResponderID names, among the attached ones and the CA's own. */
async function findResponder(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate): Promise<pkijs.Certificate | undefined> {
  const { responderID } = basic.tbsResponseData;
  for (const candidate of [issuer, ...(basic.certs ?? [])]) {
    if (responderID instanceof pkijs.RelativeDistinguishedNames) {
      if (sameName(candidate.subject, responderID)) return candidate;
    } else if (responderID instanceof asn1js.OctetString) {
      if (toHex(await responderKeyHash(candidate)) === toHex(responderID.valueBlock.valueHexView)) return candidate;
    }
  }
  return undefined;
}

/**
 * The response cut down to its SingleResponses about `certificate` (issuer name
 * and key hashes, and serial number), for reading and for the chain engine.
 * The signature is left behind: verify it on the response as received.
 */
async function onlyAbout(basic: pkijs.BasicOCSPResponse, certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<pkijs.BasicOCSPResponse> {
  const responses: pkijs.SingleResponse[] = [];
  for (const single of basic.tbsResponseData.responses) {
    const alone = new pkijs.BasicOCSPResponse({ tbsResponseData: new pkijs.ResponseData({ responses: [single] }) });
    if ((await alone.getCertificateStatus(certificate, issuer)).isForCertificate) responses.push(single);
  }
  return new pkijs.BasicOCSPResponse({ tbsResponseData: new pkijs.ResponseData({ responses }) });
}

const sameKey = (a: pkijs.Certificate, b: pkijs.Certificate): boolean =>
  toHex(a.subjectPublicKeyInfo.toSchema().toBER(false)) === toHex(b.subjectPublicKeyInfo.toSchema().toBER(false));

/**
 * RFC 6960 4.2.2.2: the signer is the CA that issued the certificate in question,
 * or a certificate that CA issued directly, valid now, that passes pathProblems
 * for OCSP signing: id-kp-OCSPSigning itself (anyExtendedKeyUsage does not
 * authorise a responder), digitalSignature, no critical extension nobody processes.
 */
async function isAuthorizedResponder(signer: pkijs.Certificate, issuer: pkijs.Certificate, now: Date): Promise<boolean> {
  if (sameKey(signer, issuer) && sameName(signer.subject, issuer.subject)) return true; // the CA itself
  return sameName(signer.issuer, issuer.subject) && await signer.verify(issuer) // issued by this CA's key
    && signer.notBefore.value <= now && now <= signer.notAfter.value
    && pathProblems([signer, issuer], PURPOSES.ocspSigning).length === 0;
}

/** Verifies the signer's authority, the signature, the nonce and the freshness, then reads the status. */
export async function checkOcspResponse(
  basic: pkijs.BasicOCSPResponse,
  request: pkijs.OCSPRequest,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  now = new Date(),
): Promise<OcspResult> {
  const signer = await findResponder(basic, issuer);
  if (!signer) throw new Error('The OCSP response names a responder whose certificate is missing');
  if (!(await isAuthorizedResponder(signer, issuer, now))) {
    throw new Error('The OCSP response is signed by a certificate not authorised for OCSP');
  }
  const engine = pkijs.getCrypto(true);
  const signed = await engine.verifyWithPublicKey(
    new Uint8Array(basic.tbsResponseData.tbsView), basic.signature, signer.subjectPublicKeyInfo, basic.signatureAlgorithm);
  if (!signed) throw new Error('The OCSP response signature is invalid');

  const sent = findNonce(request.tbsRequest.requestExtensions);
  const received = findNonce(basic.tbsResponseData.responseExtensions);
  if (sent && (!received || toHex(sent) !== toHex(received))) {
    throw new Error('The OCSP response does not echo our nonce: it may be a replay');
  }
  const about = await onlyAbout(basic, certificate, issuer);
  const [single, ...more] = about.tbsResponseData.responses;
  if (!single) throw new Error('The OCSP response is about a different certificate');
  if (more.length > 0) throw new Error('The OCSP response answers more than once about the certificate');
  const { status } = await about.getCertificateStatus(certificate, issuer);
  if (single.thisUpdate > now || (single.nextUpdate && single.nextUpdate < now)) {
    throw new Error('The OCSP response is not current');
  }
  const names = ['good', 'revoked', 'unknown'] as const;
  return { status: names[status] ?? 'unknown', thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate };
}
// #endregion check

// #region validate-with-ocsp
/** One OCSP answer together with what it must be checked against. */
export interface OcspEvidence {
  response: pkijs.BasicOCSPResponse;
  /** The request it answers: its nonce must come back. */
  request: pkijs.OCSPRequest;
  certificate: pkijs.Certificate;
  issuer: pkijs.Certificate;
}

/**
 * Path validation with OCSP answers. The chain engine reads only the status of
 * each response it is given: no signature, no responder, no nonce, no dates,
 * and a "good" answer makes it skip the CRLs. So every answer goes through
 * checkOcspResponse first; one that fails it throws, and nothing is validated.
 * The engine also reads every SingleResponse of a response for every
 * certificate of the path: an answer signed by the issuing CA's key could
 * vouch for that CA itself, past the root's CRL. So the engine gets only the
 * SingleResponse that was checked, about the certificate it was checked for.
 */
export async function validateChainWithOcsp(input: ChainInput, answers: OcspEvidence[]): Promise<pkijs.CertificateChainValidationEngineVerifyResult> {
  const now = input.checkDate ?? new Date();
  const checked: pkijs.BasicOCSPResponse[] = [];
  for (const { response, request, certificate, issuer } of answers) {
    await checkOcspResponse(response, request, certificate, issuer, now);
    checked.push(await onlyAbout(response, certificate, issuer));
  }
  return validateChain({ ...input, ocsps: checked });
}
// #endregion validate-with-ocsp
