// S/MIME signature verification: check a clear-signed multipart/signed e-mail
// (RFC 8551, 3.5; RFC 1847): the first part is the signed text, the second a
// detached CMS signature over its exact bytes.
import * as pkijs from 'pkijs';
import {
  type KeyAndCertificate,
  parseSignedData,
  type SignatureCheck,
  signData,
  verifySignedData,
} from '../signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import {
  base64Body,
  decodeBase64Body,
  headerParameter,
  type MailHeaders,
  type MimeEntity,
  parseMime,
} from './S-MIME-signature-encryption.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

// #region create-signed-message
/** Builds a multipart/signed message, as a mail client does when sending a signed e-mail. */
export async function createSignedMessage(entity: string, signer: KeyAndCertificate, headers: MailHeaders): Promise<string> {
  const boundary = `smime-${Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('hex')}`;
  const signature = await signData(utf8(entity), signer, { detached: true });
  return [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${headers.subject}`,
    'MIME-Version: 1.0',
    // micalg names the digest used, so that a streaming verifier can hash the first part as it arrives.
    `Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="${boundary}"`,
    '',
    'This is a cryptographically signed message in MIME format.',
    `--${boundary}`,
    entity,
    `--${boundary}`,
    'Content-Type: application/pkcs7-signature; name="smime.p7s"',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="smime.p7s"',
    '',
    base64Body(new Uint8Array(signature)),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
// #endregion create-signed-message

// #region split
export interface SignedParts {
  /** The first body part exactly as signed: its headers, the blank line and its body. */
  signedText: string;
  /** The DER of the detached CMS signature from the second part. */
  signature: Uint8Array<ArrayBuffer>;
}

export function splitSignedMessage(message: string): SignedParts {
  const { headers, body } = parseMime(message); // also turns bare LF line ends into CRLF
  const contentType = headers.get('content-type') ?? '';
  const protocol = headerParameter(contentType, 'protocol')?.toLowerCase();
  const boundary = headerParameter(contentType, 'boundary');
  if (!/^multipart\/signed\b/i.test(contentType) || !protocol?.endsWith('pkcs7-signature') || !boundary) {
    throw new Error('The message is not an S/MIME multipart/signed message');
  }
  // The CRLF before each delimiter belongs to the delimiter, not to the part (RFC 2046, 5.1.1).
  const parts = `\r\n${body}`.split(`\r\n--${boundary}`);
  const [, first, second] = parts;
  if (first === undefined || second === undefined) throw new Error('multipart/signed needs two body parts');
  // Each part starts after the rest of its delimiter line (white space allowed) and its CRLF.
  const partText = (part: string) => part.replace(/^[ \t]*\r\n/, '');
  return {
    signedText: partText(first),
    signature: decodeBase64Body(parseMime(partText(second)).body),
  };
}
// #endregion split

// #region sender
/** The e-mail addresses (rfc822Name) in the certificate's subjectAltName, in lower case. */
export function certificateEmails(certificate: pkijs.Certificate): string[] {
  const extension = certificate.extensions?.find((e) => e.extnID === pkijs.id_SubjectAltName);
  if (!extension) return [];
  const names = pkijs.GeneralNames.fromBER(extension.extnValue.getValue());
  return names.names
    .filter((name) => name.type === 1) // 1 = rfc822Name
    .map((name): unknown => name.value)
    .filter((value) => typeof value === 'string')
    .map((value) => value.toLowerCase());
}

/** The bare address of a From header: `Alice <alice@example.com>` → alice@example.com. */
export function mailAddress(header: string | undefined): string | undefined {
  const address = /<([^>]+)>/.exec(header ?? '')?.[1] ?? header;
  return address?.trim().toLowerCase();
}
// #endregion sender

// #region verify
export interface SignedMessageCheck extends SignatureCheck {
  /** The signed entity, for display once the signature is valid. */
  entity: MimeEntity;
  /** Whether the From address is one of the signer certificate's addresses (RFC 8550, 3). */
  senderMatches: boolean;
}

export async function verifySignedMessage(message: string, trustedCertificates: pkijs.Certificate[]): Promise<SignedMessageCheck> {
  const { signedText, signature } = splitSignedMessage(message);
  const check = await verifySignedData(parseSignedData(signature), trustedCertificates, utf8(signedText));
  const from = mailAddress(parseMime(message).headers.get('from'));
  const senderMatches = check.signer !== undefined && from !== undefined && certificateEmails(check.signer).includes(from);
  return { ...check, entity: parseMime(signedText), senderMatches };
}
// #endregion verify
