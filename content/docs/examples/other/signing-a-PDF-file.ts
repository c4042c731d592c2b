// Signing a PDF file: pkijs makes the CMS part of a PAdES signature (ETSI EN
// 319 142-1, baseline B-B) for the digest of the bytes /ByteRange covers; a
// PDF library reserves /Contents, fixes /ByteRange and writes the file.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, toHex } from '../example-helpers.ts';
import {
  signWithExternalKey,
  type ExternalSigner,
} from '../signing-and-encryption-with-CMS/signing-with-an-external-key.ts';

// #region signing-certificate
/**
 * The signing-certificate-v2 attribute (RFC 5035): the SHA-256 of the signer's
 * certificate, and its issuer and serial number. Signed with the rest, it
 * stops anyone swapping in another certificate with the same key.
 */
export async function signingCertificateV2(certificate: pkijs.Certificate): Promise<pkijs.Attribute> {
  const certHash = await crypto.subtle.digest('SHA-256', certificate.toSchema().toBER(false));
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }), // 4 = directoryName
    serialNumber: certificate.serialNumber,
  });
  // ESSCertIDv2: hashAlgorithm is left out, because its DEFAULT is SHA-256 (and DER omits defaults).
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash }), issuerSerial.toSchema()] });
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] }); // SigningCertificateV2 { certs }
  return new pkijs.Attribute({ type: OID.signingCertificateV2, values: [value] });
}
// #endregion signing-certificate

// #region sign
/**
 * The CMS for /Contents of a PAdES signature: detached, over `byteRangeDigest`
 * (the SHA-256 of the bytes /ByteRange lists), with the signed attributes PAdES
 * asks for: content-type, message-digest, signing-certificate-v2. No
 * signing-time: PAdES puts the claimed time in the /M entry of the signature
 * dictionary instead, and a trusted time in a timestamp.
 */
export async function createPadesSignature(byteRangeDigest: ArrayBuffer, signer: ExternalSigner): Promise<ArrayBuffer> {
  if (byteRangeDigest.byteLength !== 32) throw new Error('Expected the 32-byte SHA-256 digest of the ByteRange bytes');
  return signWithExternalKey(byteRangeDigest, signer, [await signingCertificateV2(signer.certificate)]);
}
// #endregion sign

// #region contents
/**
 * The hex string for /Contents <…>: the PDF library reserved `reservedBytes`
 * before it computed /ByteRange, so the CMS is padded with zeros to that size
 * and must never be larger (the offsets would move and the digest break).
 */
export function contentsHex(cms: ArrayBuffer, reservedBytes: number): string {
  if (cms.byteLength > reservedBytes) {
    throw new Error(`The signature needs ${cms.byteLength} bytes but /Contents reserves ${reservedBytes}: reserve more and start again`);
  }
  return toHex(cms).toUpperCase().padEnd(reservedBytes * 2, '0');
}
// #endregion contents
