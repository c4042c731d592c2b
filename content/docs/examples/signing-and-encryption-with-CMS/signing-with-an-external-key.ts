// Signing with an external key: the private key stays in a smart card, an HSM
// or a remote signing service, which signs the bytes it is given. pkijs builds
// the CMS around a signature it did not make (RFC 5652, 5.3 and 5.4).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, type KeyAndCertificate } from '../example-helpers.ts';

// #region signer
/**
 * What a token offers: its certificate, and "sign these bytes" with a key that
 * never leaves it. Here: ECDSA P-256 over SHA-256, returning r‖s (64 bytes),
 * as PKCS#11's CKM_ECDSA_SHA256 and WebCrypto do.
 */
export interface ExternalSigner {
  certificate: pkijs.Certificate;
  sign(data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

/** A stand-in for a token: a non-extractable WebCrypto key that code outside this function never touches. */
export function softToken(holder: KeyAndCertificate): ExternalSigner {
  const { privateKey } = holder;
  if (privateKey.extractable) throw new Error('A token key must not be extractable');
  return {
    certificate: holder.certificate,
    sign: (data) => crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, data),
  };
}
// #endregion signer

// #region signed-attributes
/**
 * The signed attributes, in DER order: RFC 5652 5.3 requires DER, and DER
 * sorts the elements of a SET OF by their encodings (X.690 11.6).
 */
export function signedAttributes(contentDigest: ArrayBuffer, extra: pkijs.Attribute[] = []): pkijs.SignedAndUnsignedAttributes {
  const attributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: pkijs.id_ContentType_Data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: contentDigest })] }),
    ...extra,
  ];
  const encoded = attributes.map((attribute) => ({ attribute, der: new Uint8Array(attribute.toSchema().toBER(false)) }));
  encoded.sort((a, b) => compareBytes(a.der, b.der));
  return new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: encoded.map((e) => e.attribute) });
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0); // the shorter one is padded with zeros
    if (diff !== 0) return diff;
  }
  return 0;
}
// #endregion signed-attributes

// #region to-be-signed
/**
 * The bytes the signature covers (RFC 5652 5.4): the signed attributes
 * encoded as a SET OF (tag 0x31), not as they sit in SignerInfo, where the
 * same content carries the [0] IMPLICIT tag 0xA0.
 */
export function bytesToSign(signedAttrs: pkijs.SignedAndUnsignedAttributes): Uint8Array<ArrayBuffer> {
  const set = new asn1js.Set({ value: signedAttrs.attributes.map((attribute) => attribute.toSchema()) });
  return new Uint8Array(set.toBER(false));
}
// #endregion to-be-signed

// #region sign
/**
 * A detached SignedData over content whose SHA-256 is `contentDigest`. Only the
 * digest and then the attributes travel: neither the content nor the key has
 * to be where this code runs.
 */
export async function signWithExternalKey(
  contentDigest: ArrayBuffer,
  signer: ExternalSigner,
  extraSignedAttributes: pkijs.Attribute[] = [],
): Promise<ArrayBuffer> {
  const signedAttrs = signedAttributes(contentDigest, extraSignedAttributes);
  const toBeSigned = bytesToSign(signedAttrs);
  const rawSignature = await signer.sign(toBeSigned);
  await checkTokenSignature(signer.certificate, toBeSigned, rawSignature);

  const sha256 = new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.id_ContentType_Data }), // detached
    certificates: [signer.certificate],
    signerInfos: [new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.certificate.issuer, serialNumber: signer.certificate.serialNumber }),
      digestAlgorithm: sha256,
      signedAttrs,
      // RFC 5758 3.2: ECDSA algorithm identifiers carry no parameters.
      signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSHA256 }),
      // CMS wants the DER Ecdsa-Sig-Value SEQUENCE { r, s }, not the token's r‖s.
      signature: new asn1js.OctetString({ valueHex: pkijs.createCMSECDSASignature(rawSignature) }),
    })],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema() });
  return contentInfo.toSchema().toBER(false);
}
// #endregion sign

// #region check
/**
 * Checks the token's answer against the certificate before shipping it: a
 * token that holds another key (the wrong slot, a swapped card) or answers in
 * another format would otherwise produce signatures nobody can verify.
 */
async function checkTokenSignature(certificate: pkijs.Certificate, data: Uint8Array<ArrayBuffer>, signature: ArrayBuffer): Promise<void> {
  const spki = certificate.subjectPublicKeyInfo.toSchema().toBER(false);
  const publicKey = await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data))) {
    throw new Error("The token's signature does not verify with the certificate's public key: wrong key, or not a raw r‖s ECDSA signature");
  }
}
// #endregion check

// #region usage
/** Signs `content` with a token, detached: what you send is the content and the returned CMS. */
export async function signDetached(content: Uint8Array<ArrayBuffer>, token: ExternalSigner): Promise<ArrayBuffer> {
  const digest = await crypto.subtle.digest('SHA-256', content);
  const signingTime = new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: new Date() })] });
  return signWithExternalKey(digest, token, [signingTime]);
}
// #endregion usage
