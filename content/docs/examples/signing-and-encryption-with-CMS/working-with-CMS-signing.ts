// Working with CMS Signing: sign data as CMS SignedData (RFC 5652) and verify it.
// The S/MIME and PDF examples build on signData and verifySignedData.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  OID, createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../example-helpers.ts';
import { PURPOSES, pathProblems, type Purpose } from '../certificates-and-revocation/create-and-validate-certificate.ts';

// #region signed-attributes

/** contentType and messageDigest are mandatory once any signed attribute is present (RFC 5652, 5.3). */
async function signedAttributes(content: Uint8Array<ArrayBuffer>, hash: string): Promise<pkijs.SignedAndUnsignedAttributes> {
  const digest = await crypto.subtle.digest(hash, content);
  return new pkijs.SignedAndUnsignedAttributes({
    type: 0, // [0] signedAttrs; 1 would be unsignedAttrs
    attributes: [
      new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: pkijs.id_ContentType_Data })] }),
      new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: new Date() })] }),
      new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
    ],
  });
}
// #endregion signed-attributes

// #region sign
export interface SignOptions {
  /** Leave the content out of the CMS (a PDF, the first part of multipart/signed). */
  detached?: boolean;
  hash?: 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** Intermediate CA certificates to ship with the signature. */
  chain?: pkijs.Certificate[];
}

/** Signs `content` and returns the encoded ContentInfo holding the SignedData (BER, as CMS allows). */
export async function signData(
  content: Uint8Array<ArrayBuffer>,
  signer: KeyAndCertificate,
  options: SignOptions = {},
): Promise<ArrayBuffer> {
  const hash = options.hash ?? 'SHA-256';
  const encapContentInfo = new pkijs.EncapsulatedContentInfo(options.detached
    ? { eContentType: pkijs.id_ContentType_Data }
    : { eContentType: pkijs.id_ContentType_Data, eContent: new asn1js.OctetString({ valueHex: content }) });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo,
    signerInfos: [new pkijs.SignerInfo({
      version: 1, // v1: the signer is identified by issuer and serial number
      sid: new pkijs.IssuerAndSerialNumber({
        issuer: signer.certificate.issuer,
        serialNumber: signer.certificate.serialNumber,
      }),
      signedAttrs: await signedAttributes(content, hash),
    })],
    // The verifier needs the signer's certificate; ship it (and its chain) with the signature.
    certificates: [signer.certificate, ...(options.chain ?? [])],
  });
  await signedData.sign(signer.privateKey, 0, hash);
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.id_ContentType_SignedData,
    content: signedData.toSchema(),
  });
  return contentInfo.toSchema().toBER(false);
}
// #endregion sign

// #region parse
/** Parses DER (or BER) bytes into a SignedData, checking the content type first. */
export function parseSignedData(der: BufferSource): pkijs.SignedData {
  const contentInfo = pkijs.ContentInfo.fromBER(der);
  if (contentInfo.contentType !== pkijs.id_ContentType_SignedData) {
    throw new Error(`Expected CMS SignedData, found content type ${contentInfo.contentType}`);
  }
  return new pkijs.SignedData({ schema: contentInfo.content });
}

/** The encapsulated content, or undefined for a detached signature. */
export function readSignedContent(signedData: pkijs.SignedData): Uint8Array | undefined {
  const eContent = signedData.encapContentInfo.eContent;
  // getValue() joins the chunks of a constructed (BER) OCTET STRING.
  return eContent ? new Uint8Array(eContent.getValue()) : undefined;
}
// #endregion parse

// #region verify
export interface SignatureCheck {
  valid: boolean;
  /** Why verification failed, from pkijs. */
  reason?: string;
  signer?: pkijs.Certificate;
  /** The validated path, signer first, trust anchor last. */
  path?: pkijs.Certificate[];
  /** What pkijs leaves out on that path, for the purpose asked (pathProblems); the signature is valid only without any. */
  problems?: string[];
  signingTime?: Date;
}

/**
 * Verifies the first signer: the content digest, the signature, and the signer's
 * certificate chain up to one of `trustedCertificates`, then pathProblems on
 * that chain for `purpose` (by default document signing, which takes a signer
 * certified for e-mail too, as OpenSSL's cms -verify does): pkijs skips path
 * length, critical extensions and name constraints. First, the signed
 * content-type attribute must name the eContentType (contentTypeProblem). With `detachedContent`,
 * the signature must be detached: when the CMS carries content of its own,
 * pkijs hashes that content and ignores the bytes it is given.
 */
/**
 * RFC 5652 11.1 and 5.3: the eContentType is not signed, the content-type
 * attribute is, so the two must agree (one attribute, one value); without
 * signed attributes the content must be id-data. pkijs checks only that the
 * attribute is there: a relabelled content would pass. Returns the problem.
 */
export function contentTypeProblem(signedData: pkijs.SignedData): string | undefined {
  const { eContentType } = signedData.encapContentInfo;
  const attributes = signedData.signerInfos[0]?.signedAttrs?.attributes;
  if (!attributes) return eContentType === pkijs.id_ContentType_Data ? undefined : `Content of type ${eContentType} is signed without signed attributes`;
  const found = attributes.filter((a) => a.type === OID.contentType);
  const value: unknown = found.length === 1 && found[0]!.values.length === 1 ? found[0]!.values[0] : undefined;
  const signed = value instanceof asn1js.ObjectIdentifier ? value.valueBlock.toString() : 'missing';
  return signed === eContentType ? undefined : `The signed content-type attribute (${signed}) does not match the eContentType ${eContentType}`;
}

export async function verifySignedData(
  signedData: pkijs.SignedData,
  trustedCertificates: pkijs.Certificate[],
  detachedContent?: Uint8Array<ArrayBuffer>,
  purpose: Purpose = PURPOSES.documentSigning,
): Promise<SignatureCheck> {
  if (detachedContent && signedData.encapContentInfo.eContent) {
    return { valid: false, reason: 'The signature carries its own content, so it says nothing about the detached bytes' };
  }
  const relabelled = contentTypeProblem(signedData);
  if (relabelled) return { valid: false, reason: relabelled };
  try {
    const result = await signedData.verify({
      signer: 0,
      trustedCerts: trustedCertificates,
      checkChain: true,
      ...(detachedContent ? { data: detachedContent.slice().buffer } : {}),
      extendedMode: true,
    });
    const problems = result.signatureVerified ? pathProblems(result.certificatePath, purpose) : [];
    return {
      valid: result.signatureVerified === true && problems.length === 0,
      ...(result.signatureVerified ? {} : { reason: 'The signature does not match the signed attributes' }),
      ...(problems.length > 0 ? { reason: `The signer's certificate may not sign for ${purpose.name}: ${problems.join('; ')}`, problems } : {}),
      ...(result.signerCertificate ? { signer: result.signerCertificate } : {}),
      ...(result.certificatePath.length > 0 ? { path: result.certificatePath } : {}),
      ...signingTimeOf(signedData),
    };
  } catch (error) {
    // pkijs throws SignedDataVerifyError for a digest mismatch, an untrusted chain, a missing certificate…
    if (error instanceof pkijs.SignedDataVerifyError) return { valid: false, reason: error.message };
    throw error;
  }
}

function signingTimeOf(signedData: pkijs.SignedData): { signingTime?: Date } {
  const attribute = signedData.signerInfos[0]?.signedAttrs?.attributes.find((a) => a.type === OID.signingTime);
  const value: unknown = attribute?.values[0];
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? { signingTime: value.toDate() } : {};
}
// #endregion verify

// #region usage
/** The whole flow: a CA, a signer certificate, a signature, and its verification. */
export async function signAndVerify(text: string): Promise<SignatureCheck> {
  useWebCrypto();
  const ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  const alice = await issueCertificate(ca, {
    subject: { commonName: 'Alice' },
    keyUsage: ['digitalSignature', 'nonRepudiation'],
  });
  const der = await signData(new TextEncoder().encode(text), alice);
  // In real life, `der` travels to the verifier, who trusts `ca.certificate` already.
  return verifySignedData(parseSignedData(der), [ca.certificate]);
}
// #endregion usage
