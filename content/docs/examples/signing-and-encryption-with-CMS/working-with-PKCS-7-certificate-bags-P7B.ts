// Working with PKCS#7 certificate bags (P7B): a SignedData with no signers that
// only carries certificates ("certs-only", RFC 8551 section 3.8). CAs use it to
// hand out a certificate together with its chain.
import * as pkijs from 'pkijs';
import { fromPem, sameName, toPem } from '../example-helpers.ts';
import { parseSignedData } from './working-with-CMS-signing.ts';

// #region create
/** Packs certificates into a P7B and returns its DER. */
export function createCertificateBag(certificates: pkijs.Certificate[]): ArrayBuffer {
  const signedData = new pkijs.SignedData({
    version: 1,
    // No content and no signerInfos: nothing is signed, the structure only transports certificates.
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.id_ContentType_Data }),
    certificates,
    signerInfos: [],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.id_ContentType_SignedData,
    content: signedData.toSchema(),
  });
  return contentInfo.toSchema().toBER(false);
}
// #endregion create

// #region pem
/** A .p7b file as PEM text, the form most tools exchange. */
export function certificateBagToPem(certificates: pkijs.Certificate[]): string {
  return toPem(createCertificateBag(certificates), 'PKCS7');
}

/** The certificates of the first PKCS7 block of a PEM text. */
export function certificateBagFromPem(pem: string): pkijs.Certificate[] {
  return readCertificateBag(fromPem(pem, 'PKCS7'));
}
// #endregion pem

// #region read
/** The X.509 certificates in a P7B (other certificate formats are skipped). */
export function readCertificateBag(der: BufferSource): pkijs.Certificate[] {
  const signedData = parseSignedData(der);
  return (signedData.certificates ?? []).filter((item) => item instanceof pkijs.Certificate);
}
// #endregion read

// #region order
/**
 * Orders a chain from the end-entity certificate up to the root. A P7B is a SET,
 * so encoders may store the certificates in any order.
 */
export function orderChain(certificates: pkijs.Certificate[]): pkijs.Certificate[] {
  const issues = (issuer: pkijs.Certificate, child: pkijs.Certificate) =>
    issuer !== child && sameName(child.issuer, issuer.subject);
  // The leaf is the certificate that issued none of the others.
  const leaf = certificates.find((candidate) => !certificates.some((other) => issues(candidate, other)));
  const chain: pkijs.Certificate[] = [];
  for (let current = leaf; current && !chain.includes(current);) {
    chain.push(current);
    const child: pkijs.Certificate = current;
    current = certificates.find((candidate) => issues(candidate, child));
  }
  return chain;
}
// #endregion order
