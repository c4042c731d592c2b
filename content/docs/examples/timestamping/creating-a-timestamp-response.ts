// A minimal time-stamping authority (RFC 3161): checks a request, answers it
// with a signed time-stamp token, and verifies that answer as a client would.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  OID, SIGNATURE_HASH, extendedKeyUsagesOf, formatName, issueCertificate, keyUsagesOf, makeExtension, randomSerialNumber,
  serialToHex, toHex, type KeyAndCertificate,
} from '../example-helpers.ts';
import { PURPOSES, pathProblems, validateChain } from '../certificates-and-revocation/create-and-validate-certificate.ts';
import { contentTypeProblem } from '../signing-and-encryption-with-CMS/working-with-CMS-signing.ts';

// #region tsa-certificate
export const ID_KP_TIME_STAMPING = OID.timeStamping;

/** RFC 3161 2.3: the TSA key is certified for time-stamping only, and the extension is critical. */
export async function createTsaCertificate(ca: KeyAndCertificate): Promise<KeyAndCertificate> {
  const profile = {
    subject: { commonName: 'Example Time-Stamping Authority', organization: 'Example Ltd' },
    keyUsage: ['digitalSignature' as const],
  };
  const eku = makeExtension(pkijs.id_ExtKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [ID_KP_TIME_STAMPING] }).toSchema());
  return issueCertificate(ca, { ...profile, extensions: [eku], validDays: 365 });
}
// #endregion tsa-certificate

// #region check-request
/** The policy this TSA applies (an RFC 7229 test OID: a real TSA has its own). */
export const TSA_POLICY = OID.testPolicyOne;

/** Accepted hash OIDs and their digest lengths in bytes. */
const ACCEPTED_HASHES = new Map([[pkijs.id_sha256, 32], [pkijs.id_sha384, 48], [pkijs.id_sha512, 64]]);

/** PKIFailureInfo bit numbers (RFC 3161 §2.4.2). */
export const FailureInfo = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16 } as const;
export type Failure = keyof typeof FailureInfo;

/** Returns why the request must be refused, or undefined when it is acceptable. */
export function checkTimeStampRequest(request: pkijs.TimeStampReq): Failure | undefined {
  const { hashAlgorithm, hashedMessage } = request.messageImprint;
  const length = ACCEPTED_HASHES.get(hashAlgorithm.algorithmId);
  if (length === undefined) return 'badAlg';
  if (hashedMessage.valueBlock.valueHexView.byteLength !== length) return 'badDataFormat';
  if (request.reqPolicy !== undefined && request.reqPolicy !== TSA_POLICY) return 'unacceptedPolicy';
  if (request.extensions?.length) return 'unacceptedExtension';
  return undefined;
}
// #endregion check-request

// #region reject
/** A named bit list: one bit set, trailing zero bits dropped as DER requires. */
function failureBits(bit: number): asn1js.BitString {
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[bytes.length - 1] = 0x80 >> (bit % 8);
  return new asn1js.BitString({ valueHex: bytes.buffer, unusedBits: 7 - (bit % 8) });
}

export function rejectTimeStampRequest(failure: Failure, reason: string): pkijs.TimeStampResp {
  return new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: reason })],
      failInfo: failureBits(FailureInfo[failure]),
    }),
  });
}
// #endregion reject

// #region tst-info
function createTstInfo(request: pkijs.TimeStampReq): pkijs.TSTInfo {
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: TSA_POLICY,
    messageImprint: request.messageImprint, // copied unchanged from the request
    serialNumber: randomSerialNumber(), // must be unique for every token this TSA issues
    genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
    accuracy: new pkijs.Accuracy({ seconds: 1 }), // the clock is good to within a second
  });
  if (request.nonce) tstInfo.nonce = request.nonce; // must be echoed when present
  return tstInfo;
}
// #endregion tst-info

// #region sign-token
const ID_CONTENT_TYPE = OID.contentType;
const ID_MESSAGE_DIGEST = OID.messageDigest;
const ID_SIGNING_CERTIFICATE_V2 = OID.signingCertificateV2;

/** Wraps the TSTInfo in CMS SignedData, signed by the TSA (RFC 3161 §2.4.2). */
async function signToken(tstInfo: pkijs.TSTInfo, tsa: KeyAndCertificate, includeCertificate: boolean): Promise<pkijs.ContentInfo> {
  const content = tstInfo.toSchema().toBER(false);
  // ESS signing-certificate-v2 pins the TSA certificate by its SHA-256 hash
  // (the default algorithm, so it is left out of ESSCertIDv2).
  const certificateHash = await crypto.subtle.digest('SHA-256', tsa.certificate.toSchema().toBER(false));
  const essCertId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certificateHash })] });
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0, // 0 = signed attributes
    attributes: [
      new pkijs.Attribute({ type: ID_CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: pkijs.id_eContentType_TSTInfo })] }),
      // SignedData.sign() signs these attributes but does not compute the digest: we must.
      new pkijs.Attribute({ type: ID_MESSAGE_DIGEST, values: [new asn1js.OctetString({ valueHex: await crypto.subtle.digest(SIGNATURE_HASH, content) })] }),
      new pkijs.Attribute({ type: ID_SIGNING_CERTIFICATE_V2, values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] })] }),
    ],
  });
  const encapContentInfo = new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.id_eContentType_TSTInfo });
  // Set after construction: the constructor would turn it into a constructed
  // (chunked) OCTET STRING, which pkijs's own TSTInfo check cannot read back.
  encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  const signedData = new pkijs.SignedData({
    version: 3, // RFC 5652: 3 because the content type is not id-data
    encapContentInfo,
    signerInfos: [new pkijs.SignerInfo({
      version: 1, // 1 because the signer is named by issuer and serial number
      sid: new pkijs.IssuerAndSerialNumber({ issuer: tsa.certificate.issuer, serialNumber: tsa.certificate.serialNumber }),
      signedAttrs,
    })],
  });
  if (includeCertificate) signedData.certificates = [tsa.certificate];
  await signedData.sign(tsa.privateKey, 0, SIGNATURE_HASH);
  return new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema(true) });
}
// #endregion sign-token

// #region respond
export async function createTimeStampResponse(request: pkijs.TimeStampReq, tsa: KeyAndCertificate): Promise<pkijs.TimeStampResp> {
  const failure = checkTimeStampRequest(request);
  if (failure) return rejectTimeStampRequest(failure, `Request refused: ${failure}`);
  const timeStampToken = await signToken(createTstInfo(request), tsa, request.certReq ?? false);
  return new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken,
  });
}
// #endregion respond

// #region verify
export interface TimeStamp {
  genTime: Date;
  serialNumber: string;
  policy: string;
  tsa: string;
}

/** What a client does with the TSA's answer before trusting the time in it. */
export async function verifyTimeStampResponse(
  responseDer: ArrayBuffer,
  request: pkijs.TimeStampReq,
  data: BufferSource,
  trustAnchors: pkijs.Certificate[],
): Promise<TimeStamp> {
  const response = pkijs.TimeStampResp.fromBER(responseDer);
  const { status, statusStrings } = response.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const reason = statusStrings?.map((text) => text.getValue()).join('; ') || pkijs.PKIStatus[status];
    throw new Error(`The TSA refused: ${reason}`);
  }
  if (!response.timeStampToken) throw new Error('The TSA granted the request but sent no token');

  const signedData = new pkijs.SignedData({ schema: response.timeStampToken.content });
  // SignedData.verify() hashes `data` against the imprint only when the token's
  // eContentType says id-ct-TSTInfo, and that field is not signed: require it,
  // and a signed content-type attribute naming it (RFC 5652 11.1), first.
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo) {
    throw new Error(`The token holds ${signedData.encapContentInfo.eContentType}, not a TSTInfo (id-ct-TSTInfo)`);
  }
  const relabelled = contentTypeProblem(signedData); // from working-with-CMS-signing.ts
  if (relabelled) throw new Error(relabelled);
  // TimeStampResp.verify() never validates the TSA's certificate chain; with
  // checkChain, SignedData.verify() does.
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) throw new Error('The time-stamp token has no TSTInfo');
  // Some TSAs send the TSTInfo as a constructed OCTET STRING, which the check
  // inside SignedData.verify() cannot read: hand it the same bytes, primitive.
  const tstInfoDer = eContent.getValue();
  signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: tstInfoDer });
  // verify() wants an ArrayBuffer holding exactly the data.
  const bytes = ArrayBuffer.isView(data) ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) : data;
  const result = await signedData.verify({
    signer: 0, data: bytes, trustedCerts: trustAnchors, checkChain: true, extendedMode: true,
  });
  const signer = result.signerCertificate;
  if (!result.signatureVerified || !signer || !isTimeStampingCertificate(signer)) {
    throw new Error('The time-stamp token is not signed by a time-stamping certificate');
  }
  if (!await signingCertificateMatches(signedData.signerInfos[0]!, signer)) {
    throw new Error('The token\'s signing-certificate attribute does not name the certificate it was verified with');
  }
  // SignedData.verify() validated the chain at the genTime the token itself
  // claims: a retired TSA key could back-date its stamps. Validate it now too.
  const others = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const now = await validateChain({ received: [signer, ...others], trustAnchors });
  if (!now.result) throw new Error(`The TSA certificate is not valid now: ${now.resultMessage}`);
  // What pkijs leaves out on the path: critical extensions, name constraints, the purpose on the CAs too.
  const problems = pathProblems(now.certificatePath ?? [], PURPOSES.timeStamping);
  if (problems.length > 0) throw new Error(`The TSA certificate may not stamp: ${problems.join('; ')}`);
  const tstInfo = pkijs.TSTInfo.fromBER(tstInfoDer);
  assertMatchesRequest(tstInfo, request);
  return { genTime: tstInfo.genTime, serialNumber: serialToHex(tstInfo.serialNumber), policy: tstInfo.policy, tsa: formatName(signer.subject) };
}

/**
 * RFC 3161 2.3: the extended key usage is critical and names id-kp-timeStamping
 * alone; a key usage, if present, allows signing and nothing else (as OpenSSL asks).
 */
function isTimeStampingCertificate(certificate: pkijs.Certificate): boolean {
  const eku = certificate.extensions?.find((e) => e.extnID === pkijs.id_ExtKeyUsage);
  const purposes = extendedKeyUsagesOf(certificate) ?? [];
  const usages = keyUsagesOf(certificate);
  return eku?.critical === true && purposes.length === 1 && purposes[0] === ID_KP_TIME_STAMPING
    && (usages === undefined || (usages.length > 0 && usages.every((u) => u === 'digitalSignature' || u === 'nonRepudiation')));
}

/** The hashes an ESSCertIDv2 may name; ESSCertID (v1) always uses SHA-1. */
const ESS_HASHES = new Map<string, string>([[OID.sha1, 'SHA-1'], [OID.sha256, 'SHA-256'], [OID.sha384, 'SHA-384'], [OID.sha512, 'SHA-512']]);
const childrenOf = (node: unknown) => (node instanceof asn1js.Sequence ? node.valueBlock.value : []);

/**
 * RFC 3161 2.4.1 and RFC 5816: the signer identifier and the certificates of a
 * token are not signed, but its ESS signing-certificate(-v2) attribute is. Its
 * first ESSCertID must be the hash of the certificate that verified the
 * signature; otherwise another certificate for the TSA's key, under another
 * name, could be put in the token (OpenSSL: "ess cert id not found").
 */
export async function signingCertificateMatches(signerInfo: pkijs.SignerInfo, certificate: pkijs.Certificate): Promise<boolean> {
  const attributes = signerInfo.signedAttrs?.attributes ?? [];
  const v2 = attributes.filter((a) => a.type === OID.signingCertificateV2);
  const [attribute, ...others] = v2.length > 0 ? v2 : attributes.filter((a) => a.type === OID.signingCertificate);
  if (!attribute || others.length > 0 || attribute.values.length !== 1) return false;
  // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), policies OPTIONAL }
  const [first] = childrenOf(childrenOf(attribute.values[0])[0]);
  const fields = childrenOf(first);
  // ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha256, certHash, issuerSerial OPTIONAL }
  const named = v2.length > 0 && fields[0] instanceof asn1js.Sequence;
  const algorithm = named ? childrenOf(fields[0])[0] : undefined;
  const hash = !named ? (v2.length > 0 ? 'SHA-256' : 'SHA-1')
    : algorithm instanceof asn1js.ObjectIdentifier ? ESS_HASHES.get(algorithm.valueBlock.toString()) : undefined;
  const certHash = fields[named ? 1 : 0];
  if (!hash || !(certHash instanceof asn1js.OctetString)) return false;
  const actual = await crypto.subtle.digest(hash, certificate.toSchema().toBER(false));
  return toHex(new Uint8Array(actual)) === toHex(certHash.valueBlock.valueHexView);
}

/** The token must answer our request: same imprint, same nonce, the policy asked for. */
function assertMatchesRequest(tstInfo: pkijs.TSTInfo, request: pkijs.TimeStampReq): void {
  const sent = request.messageImprint;
  const got = tstInfo.messageImprint;
  if (sent.hashAlgorithm.algorithmId !== got.hashAlgorithm.algorithmId
    || toHex(sent.hashedMessage.valueBlock.valueHexView) !== toHex(got.hashedMessage.valueBlock.valueHexView)) {
    throw new Error('The time-stamp is for different data');
  }
  if (request.nonce && !(tstInfo.nonce && tstInfo.nonce.isEqual(request.nonce))) {
    throw new Error('The time-stamp does not echo our nonce');
  }
  if (request.reqPolicy && tstInfo.policy !== request.reqPolicy) {
    throw new Error(`The time-stamp is under policy ${tstInfo.policy}, not ${request.reqPolicy}`);
  }
}
// #endregion verify
