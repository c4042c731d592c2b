// S/MIME signature verification: check a clear-signed multipart/signed e-mail
// (RFC 8551, 3.5; RFC 1847): the first part is the signed text, the second a
// detached CMS signature over its exact bytes.
import emailAddresses from 'email-addresses';
import type * as pkijs from 'pkijs';
import { alternativeNamesOf } from '../certificates-and-revocation/name-constraints.ts';
import { OID, toHex, type KeyAndCertificate } from '../example-helpers.ts';
import { PURPOSES } from '../certificates-and-revocation/create-and-validate-certificate.ts';
import {
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
  const boundary = `smime-${toHex(crypto.getRandomValues(new Uint8Array(12)))}`;
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
/** An address split at its last "@": the local part is compared exactly, the domain without case (RFC 5280 7.5). */
export interface MailAddress {
  local: string;
  domain: string;
}

function splitAddress(address: string): MailAddress | undefined {
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1 ? { local: address.slice(0, at), domain: address.slice(at + 1).toLowerCase() } : undefined;
}

/**
 * The one mailbox of a From header, parsed by the RFC 5322 grammar (quoted
 * display names, comments, groups). Undefined unless there is exactly one: a
 * list or a group names no single sender to check.
 */
export function fromAddress(header: string): MailAddress | undefined {
  const parsed = emailAddresses.parseFrom({ input: header, rfc6532: true });
  const [only, ...others] = parsed ?? [];
  if (!only || others.length > 0 || only.type !== 'mailbox') return undefined;
  return splitAddress(`${only.local}@${only.domain}`);
}

/**
 * The certificate's e-mail addresses: the rfc822Name entries of its subject
 * alternative name, or, only when it has no such extension, the emailAddress
 * attributes of its subject (RFC 8550 3).
 */
export function certificateEmails(certificate: pkijs.Certificate): MailAddress[] {
  const alternative = alternativeNamesOf(certificate);
  const values: unknown[] = alternative
    ? alternative.filter((name) => name.type === 1).map((name) => name.value)
    : certificate.subject.typesAndValues.filter((t) => t.type === OID.emailAddress).map((t) => t.value.getValue());
  return values.flatMap((value) => (typeof value === 'string' ? splitAddress(value) ?? [] : []));
}

/** Whether the message's single From mailbox is one of the signer's addresses. */
export function senderMatches(fromHeaders: string[], signer: pkijs.Certificate): boolean {
  if (fromHeaders.length !== 1) return false; // RFC 5322 3.6: exactly one From field
  const from = fromAddress(fromHeaders[0]!);
  return from !== undefined && certificateEmails(signer).some((email) => email.local === from.local && email.domain === from.domain);
}
// #endregion sender

// #region verify
export interface SignedMessageCheck extends SignatureCheck {
  /** The signed entity, for display once the message is trusted. */
  entity: MimeEntity;
  /** The From address is one of the signer certificate's addresses (RFC 8550, 3). */
  senderMatches: boolean;
  /**
   * What pkijs leaves out on the signer's path, for e-mail (pathProblems): a
   * purpose or key usage other than signing e-mail (RFC 8550 4.4), a critical
   * extension nobody processes, a name outside a CA's name constraints.
   */
  problems: string[];
  /** The signature, the sender and the path hold: show the message as signed by its sender. */
  trusted: boolean;
}

export async function verifySignedMessage(message: string, trustedCertificates: pkijs.Certificate[]): Promise<SignedMessageCheck> {
  const { signedText, signature } = splitSignedMessage(message);
  // With the purpose, verifySignedData runs pathProblems for e-mail on the signer's path.
  const check = await verifySignedData(parseSignedData(signature), trustedCertificates, utf8(signedText), PURPOSES.emailProtection);
  const fromHeaders = parseMime(message).fields.filter((field) => field.name === 'from').map((field) => field.value);
  const sender = check.signer !== undefined && senderMatches(fromHeaders, check.signer);
  const problems = check.problems ?? [];
  return {
    ...check, entity: parseMime(signedText), senderMatches: sender, problems,
    trusted: check.valid && sender && problems.length === 0,
  };
}
// #endregion verify
