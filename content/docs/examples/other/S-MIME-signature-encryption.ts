// S/MIME signature encryption: sign an e-mail body, encrypt the signed body for
// its recipients, and wrap it as an application/pkcs7-mime message (RFC 8551);
// then take such a message apart again: decrypt and verify.
import type * as pkijs from 'pkijs';
import { fromBase64, toBase64, type KeyAndCertificate } from '../example-helpers.ts';
import {
  decryptWithPrivateKey,
  encryptForCertificates,
  parseEnvelopedData,
} from '../signing-and-encryption-with-CMS/working-with-CMS-certificate-based-encryption.ts';
import {
  parseSignedData,
  readSignedContent,
  type SignatureCheck,
  signData,
  verifySignedData,
} from '../signing-and-encryption-with-CMS/working-with-CMS-signing.ts';

// #region mime
/** A MIME entity: header names in lower case, folded header lines joined. */
export interface MimeEntity {
  /** The first value of each header field. */
  headers: Map<string, string>;
  /** Every header field in order, repeated ones included (a second From must not go unseen). */
  fields: Array<{ name: string; value: string }>;
  body: string;
}

export function parseMime(text: string): MimeEntity {
  const canonical = text.replace(/\r?\n/g, '\r\n');
  const end = canonical.indexOf('\r\n\r\n');
  const head = end < 0 ? canonical : canonical.slice(0, end);
  const fields: MimeEntity['fields'] = [];
  // A line starting with white space continues the previous header (RFC 5322, 2.2.3).
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  const headers = new Map<string, string>();
  for (const { name, value } of fields) if (!headers.has(name)) headers.set(name, value);
  return { headers, fields, body: end < 0 ? '' : canonical.slice(end + 4) };
}

/** A parameter of a structured header: `boundary` in `multipart/signed; boundary="x"`. */
export function headerParameter(value: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return match?.[1] ?? match?.[2];
}

/** Base64 in lines of 76 characters, as RFC 2045 requires for mail. */
export function base64Body(bytes: Uint8Array): string {
  return (toBase64(bytes).match(/.{1,76}/g) ?? []).join('\r\n');
}

export function decodeBase64Body(body: string): Uint8Array<ArrayBuffer> {
  return fromBase64(body);
}

/** The decoded text of a text/plain entity. */
export function entityText(entity: MimeEntity): string {
  const encoding = entity.headers.get('content-transfer-encoding')?.toLowerCase();
  return encoding === 'base64' ? new TextDecoder().decode(decodeBase64Body(entity.body)) : entity.body;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
// #endregion mime

// #region body
/** The e-mail body as a MIME entity, with CRLF line ends as signed content must have. */
export function textEntity(text: string): string {
  // base64 keeps the bytes 7-bit clean, so no mail server re-encodes (and so breaks) the signed data.
  return [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(utf8(text)),
  ].join('\r\n');
}
// #endregion body

// #region sign-and-encrypt
export interface MailHeaders {
  from: string;
  to: string;
  subject: string;
}

function pkcs7Mime(smimeType: 'signed-data' | 'enveloped-data', der: ArrayBuffer): string {
  return [
    `Content-Type: application/pkcs7-mime; smime-type=${smimeType}; name="smime.p7m"`,
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="smime.p7m"',
    '',
    base64Body(new Uint8Array(der)),
  ].join('\r\n');
}

/** Signs `entity` as the sender, then encrypts the signed entity for the recipients and the sender. */
export async function signAndEncrypt(
  entity: string,
  sender: KeyAndCertificate,
  recipients: pkijs.Certificate[],
  headers: MailHeaders,
): Promise<string> {
  // Sign first, so the signature stays hidden inside the encryption (RFC 8551, 3.7).
  const signed = pkcs7Mime('signed-data', await signData(utf8(entity), sender));
  // Include the sender: otherwise they cannot read the copy in their own "Sent" folder.
  const enveloped = await encryptForCertificates(utf8(signed), [...recipients, sender.certificate]);
  return [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${headers.subject}`,
    'MIME-Version: 1.0',
    pkcs7Mime('enveloped-data', enveloped),
    '',
  ].join('\r\n');
}
// #endregion sign-and-encrypt

// #region decrypt-and-verify
export interface ReceivedMessage {
  /** The MIME entity the sender wrote (its headers and body). */
  entity: MimeEntity;
  /** The result of checking the inner signature, or undefined if the message was not signed. */
  signature: SignatureCheck | undefined;
}

function smimeType(entity: MimeEntity): string | undefined {
  const contentType = entity.headers.get('content-type') ?? '';
  if (!/^application\/(x-)?pkcs7-mime\b/i.test(contentType)) return undefined;
  return headerParameter(contentType, 'smime-type')?.toLowerCase();
}

/** Decrypts a message with the recipient's certificate and PKCS#8 key, then verifies the signature inside. */
export async function decryptAndVerify(
  message: string,
  recipient: { certificate: pkijs.Certificate; privateKeyPkcs8: ArrayBuffer },
  trustedCertificates: pkijs.Certificate[],
): Promise<ReceivedMessage> {
  const outer = parseMime(message);
  if (smimeType(outer) !== 'enveloped-data') throw new Error('The message is not S/MIME encrypted');
  const enveloped = parseEnvelopedData(decodeBase64Body(outer.body));
  const decrypted = await decryptWithPrivateKey(enveloped, recipient.certificate, recipient.privateKeyPkcs8);
  const inner = parseMime(new TextDecoder().decode(decrypted));
  if (smimeType(inner) !== 'signed-data') return { entity: inner, signature: undefined };

  const signedData = parseSignedData(decodeBase64Body(inner.body));
  const signature = await verifySignedData(signedData, trustedCertificates);
  const content = readSignedContent(signedData) ?? new Uint8Array();
  return { entity: parseMime(new TextDecoder().decode(content)), signature };
}
// #endregion decrypt-and-verify
