// Working with CMS Certificate-based Encryption: encrypt data for the holders of
// certificates as CMS EnvelopedData (RFC 5652, section 6), and decrypt it.
import * as pkijs from 'pkijs';
import { ECDSA_P256, OID, RSA_2048, issueCertificate, sameName, type KeyAndCertificate } from '../example-helpers.ts';

// #region recipient
/**
 * Issues an encryption certificate. An RSA key is used for key transport (the
 * content key is encrypted with RSA-OAEP); an EC key for key agreement (ECDH).
 * The private key is extractable because the recipient decrypts with its PKCS#8 export.
 */
export async function issueEncryptionCertificate(
  ca: KeyAndCertificate,
  commonName: string,
  keyType: 'rsa' | 'ec',
): Promise<KeyAndCertificate> {
  return issueCertificate(ca, {
    subject: { commonName },
    keyAlgorithm: keyType === 'rsa' ? RSA_2048 : ECDSA_P256,
    keyUsage: [keyType === 'rsa' ? 'keyEncipherment' : 'keyAgreement'],
    extractable: true,
  });
}
// #endregion recipient

// #region encrypt
/** AES-256 in CBC mode: the content cipher every CMS and S/MIME implementation reads. */
export const AES_256_CBC: AesKeyGenParams = { name: 'AES-CBC', length: 256 };

/** Encrypts `content` so that the holder of any of `recipients` can decrypt it. */
export async function encryptForCertificates(
  content: Uint8Array<ArrayBuffer>,
  recipients: pkijs.Certificate[],
): Promise<ArrayBuffer> {
  const enveloped = new pkijs.EnvelopedData();
  for (const certificate of recipients) {
    // pkijs picks the scheme from the certificate's key: RSA-OAEP for RSA, ECDH for EC.
    // Its defaults use SHA-512; SHA-256 matches the 128-bit strength of P-256 and RSA-2048.
    enveloped.addRecipientByCertificate(certificate, { oaepHashAlgorithm: 'SHA-256', kdfAlgorithm: 'SHA-256' });
  }
  // A fresh random AES key encrypts the content once; each recipient gets a copy of that key.
  await enveloped.encrypt(AES_256_CBC, content.slice().buffer);
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.id_ContentType_EnvelopedData,
    content: enveloped.toSchema(),
  });
  return contentInfo.toSchema().toBER(false);
}
// #endregion encrypt

// #region parse
export function parseEnvelopedData(der: BufferSource): pkijs.EnvelopedData {
  const contentInfo = pkijs.ContentInfo.fromBER(der);
  if (contentInfo.contentType === OID.authEnvelopedData) {
    // RFC 5083, what OpenSSL 3 and S/MIME 4.0 write for AES-GCM: pkijs has no class for it.
    throw new Error('This is CMS AuthEnvelopedData (RFC 5083), which pkijs cannot decrypt: ask the sender for EnvelopedData with AES-CBC');
  }
  if (contentInfo.contentType !== pkijs.id_ContentType_EnvelopedData) {
    throw new Error(`Expected CMS EnvelopedData, found content type ${contentInfo.contentType}`);
  }
  return new pkijs.EnvelopedData({ schema: contentInfo.content });
}

/** One line per recipient: how the content key reaches them. */
export function describeRecipients(enveloped: pkijs.EnvelopedData): string[] {
  return enveloped.recipientInfos.map(({ value }) => {
    if (value instanceof pkijs.KeyTransRecipientInfo) return `key transport, ${value.keyEncryptionAlgorithm.algorithmId}`;
    if (value instanceof pkijs.KeyAgreeRecipientInfo) return `key agreement, ${value.keyEncryptionAlgorithm.algorithmId}`;
    if (value instanceof pkijs.PasswordRecipientinfo) return 'password';
    return 'other';
  });
}
// #endregion parse

// #region find-recipient
/** Index of the RecipientInfo addressed to `certificate` (by issuer and serial number), or -1. */
export function findRecipientIndex(enveloped: pkijs.EnvelopedData, certificate: pkijs.Certificate): number {
  const isOurs = (id: unknown): boolean =>
    id instanceof pkijs.IssuerAndSerialNumber &&
    sameName(id.issuer, certificate.issuer) &&
    id.serialNumber.isEqual(certificate.serialNumber);
  return enveloped.recipientInfos.findIndex(({ value }) => {
    if (value instanceof pkijs.KeyTransRecipientInfo) return isOurs(value.rid);
    if (value instanceof pkijs.KeyAgreeRecipientInfo) {
      return value.recipientEncryptedKeys.encryptedKeys.some((key) => isOurs(key.rid.value));
    }
    return false;
  });
}
// #endregion find-recipient

// #region decrypt
/**
 * Decrypts with the recipient's certificate and PKCS#8 private key. Throws when
 * the message is not addressed to the certificate or the key does not fit.
 */
export async function decryptWithPrivateKey(
  enveloped: pkijs.EnvelopedData,
  certificate: pkijs.Certificate,
  privateKeyPkcs8: ArrayBuffer,
): Promise<Uint8Array> {
  const index = findRecipientIndex(enveloped, certificate);
  if (index < 0) throw new Error('The message is not encrypted for this certificate');
  // PKCS#8 bytes rather than a CryptoKey: pkijs imports them for the right algorithm
  // (RSA-OAEP with the message's hash, or ECDH), whatever the key was generated for.
  const plaintext = await enveloped.decrypt(index, {
    recipientCertificate: certificate,
    recipientPrivateKey: privateKeyPkcs8,
  });
  return new Uint8Array(plaintext);
}
// #endregion decrypt
