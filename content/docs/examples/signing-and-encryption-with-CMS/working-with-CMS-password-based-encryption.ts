// Working with CMS password-based Encryption: encrypt data under a password as
// CMS EnvelopedData with a PasswordRecipientInfo (RFC 5652, 6.2.4), and decrypt it.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { AES_256_CBC } from './working-with-CMS-certificate-based-encryption.ts';

// #region encrypt
/** PBKDF2 iterations: OWASP's 2023 figure for PBKDF2-HMAC-SHA256. Each guess costs an attacker this much. */
export const DEFAULT_ITERATIONS = 600_000;

/** PasswordRecipientInfo is variant 2 of addRecipientByPreDefinedData (variant 1 is a pre-shared AES key). */
const PASSWORD_RECIPIENT = 2;

export async function encryptWithPassword(
  content: Uint8Array<ArrayBuffer>,
  password: string,
  iterations = DEFAULT_ITERATIONS,
): Promise<ArrayBuffer> {
  const enveloped = new pkijs.EnvelopedData();
  // The password goes through PBKDF2 with a random salt; the derived key wraps the content key.
  enveloped.addRecipientByPreDefinedData(
    new TextEncoder().encode(password).buffer,
    { iterationCount: iterations, hmacHashAlgorithm: 'SHA-256' },
    PASSWORD_RECIPIENT,
  );
  await enveloped.encrypt(AES_256_CBC, content.slice().buffer);
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.id_ContentType_EnvelopedData,
    content: enveloped.toSchema(),
  });
  return contentInfo.toSchema().toBER(false);
}
// #endregion encrypt

// #region inspect
export interface PasswordParameters {
  iterations: number;
  saltLength: number;
  /** OID of the PBKDF2 pseudo-random function, e.g. 1.2.840.113549.2.9 for HMAC-SHA256. */
  prf: string | undefined;
}

/** Reads the key-derivation parameters a receiver needs before asking for the password. */
export function readPasswordParameters(enveloped: pkijs.EnvelopedData): PasswordParameters {
  const recipient = enveloped.recipientInfos[0]?.value;
  if (!(recipient instanceof pkijs.PasswordRecipientinfo) || !recipient.keyDerivationAlgorithm) {
    throw new Error('The first recipient is not password-based');
  }
  const pbkdf2 = new pkijs.PBKDF2Params({ schema: recipient.keyDerivationAlgorithm.algorithmParams });
  const salt: unknown = pbkdf2.salt; // typed `any` by pkijs: an OCTET STRING for PBKDF2
  return {
    iterations: pbkdf2.iterationCount,
    saltLength: salt instanceof asn1js.OctetString ? salt.valueBlock.valueHexView.byteLength : 0,
    prf: pbkdf2.prf?.algorithmId,
  };
}
// #endregion inspect

// #region decrypt
/** Decrypts with the password; a wrong password makes the AES key unwrap fail and this throw. */
export async function decryptWithPassword(enveloped: pkijs.EnvelopedData, password: string): Promise<Uint8Array> {
  const index = enveloped.recipientInfos.findIndex(({ value }) => value instanceof pkijs.PasswordRecipientinfo);
  if (index < 0) throw new Error('The message has no password recipient');
  const plaintext = await enveloped.decrypt(index, { preDefinedData: new TextEncoder().encode(password) });
  return new Uint8Array(plaintext);
}
// #endregion decrypt
