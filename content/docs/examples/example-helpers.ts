// The helpers every example imports: the crypto engine, key pairs, names,
// extensions, a small certification authority, PEM, Base64 and hex. They
// run unchanged in Node.js 20+ and in browsers (no Buffer, no node: imports).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID } from './oids.ts';

// #region engine
/**
 * Points pkijs at the platform's WebCrypto (Node 20+ and every browser have one
 * at globalThis.crypto). pkijs would find it on its own; setting it keeps the
 * dependency visible, and it is where another provider (an HSM) would plug in.
 * `pkijs.setEngine` returns nothing; this helper hands the engine back so that
 * callers can pass it to methods that take one.
 */
export function useWebCrypto(): pkijs.ICryptoEngine {
  const engine = new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
  pkijs.setEngine('webcrypto', engine);
  return engine;
}
// #endregion engine

// #region oids
/** The object identifiers the examples use: one table, also rendered by the OID reference guide. */
export { OID, OIDS } from './oids.ts';
// #endregion oids

// #region keys
/** ECDSA on P-256: small keys, fast signing, accepted wherever X.509 is. */
export const ECDSA_P256: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
/** 2048-bit RSA, for partners whose software only speaks RSA. */
export const RSA_2048: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};
/** pkijs signs with SHA-1 unless told otherwise, so every sign() call passes this. */
export const SIGNATURE_HASH = 'SHA-256';

/**
 * A new key pair. The private key is not extractable unless asked for: only
 * code that must write it out (PKCS#8, PKCS#12) needs that.
 */
export async function generateKeyPair(
  algorithm: EcKeyGenParams | RsaHashedKeyGenParams = ECDSA_P256,
  { extractable = false } = {},
): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(algorithm, extractable, ['sign', 'verify']);
}

export async function toPublicKeyInfo(publicKey: CryptoKey): Promise<pkijs.PublicKeyInfo> {
  const info = new pkijs.PublicKeyInfo();
  await info.importKey(publicKey);
  return info;
}
// #endregion keys

// #region names
export interface NameParts {
  commonName: string;
  organization?: string;
  /** Two-letter ISO 3166 code. */
  country?: string;
}

/**
 * An X.501 name, most general attribute first, one attribute per RDN. (Pushing
 * onto `typesAndValues` would make one multi-valued RDN: "C=GB+O=...+CN=...".)
 */
export function buildName(parts: NameParts): pkijs.RelativeDistinguishedNames {
  const attributes: pkijs.AttributeTypeAndValue[] = [];
  const add = (type: string, value: pkijs.AttributeValueType) =>
    attributes.push(new pkijs.AttributeTypeAndValue({ type, value }));
  // X.520 requires PrintableString for the country; UTF8String suits the rest.
  if (parts.country) add(OID.country, new asn1js.PrintableString({ value: parts.country }));
  if (parts.organization) add(OID.organization, new asn1js.Utf8String({ value: parts.organization }));
  add(OID.commonName, new asn1js.Utf8String({ value: parts.commonName }));
  const name = new asn1js.Sequence({
    value: attributes.map((attribute) => new asn1js.Set({ value: [attribute.toSchema()] })),
  });
  // A parsed name keeps its encoding, so pkijs writes these exact bytes back out.
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

const SHORT_NAMES: Record<string, string> = { [OID.country]: 'C', [OID.organization]: 'O', [OID.commonName]: 'CN' };

/** "C=GB, O=Example Ltd, CN=Example Root CA" (other attribute types print as OIDs). */
export function formatName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((attribute) => `${SHORT_NAMES[attribute.type] ?? attribute.type}=${attribute.value.getValue()}`)
    .join(', ');
}

/**
 * Whether two names are the same, byte for byte in DER. pkijs's Name.isEqual
 * compares with localeCompare, which ignores U+200B, NUL and more: never let it
 * decide trust. A near-match then counts as another name, the side that fails closed.
 */
export function sameName(a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames): boolean {
  return toHex(a.toSchema().toBER(false)) === toHex(b.toSchema().toBER(false));
}

export function commonNameOf(certificate: pkijs.Certificate): string | undefined {
  const value: unknown = certificate.subject.typesAndValues.find((t) => t.type === OID.commonName)?.value.getValue();
  return typeof value === 'string' ? value : undefined;
}
// #endregion names

// #region extensions
/** Wraps a DER-encodable value in an Extension; pkijs parses known ones back lazily. */
export function makeExtension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** Key usage bits of RFC 5280 4.2.1.3, in bit order. */
export const KEY_USAGES = [
  'digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment',
  'keyAgreement', 'keyCertSign', 'cRLSign',
] as const;
export type KeyUsageName = (typeof KEY_USAGES)[number];

/** The KeyUsage BIT STRING. DER drops trailing zero bits, so they are counted as unused. */
export function encodeKeyUsage(usages: readonly KeyUsageName[]): asn1js.BitString {
  let byte = 0;
  for (const usage of usages) byte |= 0x80 >> KEY_USAGES.indexOf(usage);
  let unusedBits = 0;
  while (unusedBits < 7 && (byte & (1 << unusedBits)) === 0) unusedBits++;
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]), unusedBits });
}

/** The key usages a certificate allows, or undefined when it has no KeyUsage extension (no limit). */
export function keyUsagesOf(certificate: pkijs.Certificate): KeyUsageName[] | undefined {
  const extension = certificate.extensions?.find((e) => e.extnID === pkijs.id_KeyUsage);
  if (!extension) return undefined;
  const bits = asn1js.fromBER(extension.extnValue.getValue()).result;
  if (!(bits instanceof asn1js.BitString)) return [];
  const [first = 0] = bits.valueBlock.valueHexView;
  return KEY_USAGES.filter((_, index) => (first & (0x80 >> index)) !== 0);
}

/** The extended key usages, or undefined when the certificate has no such extension (any purpose). */
export function extendedKeyUsagesOf(certificate: pkijs.Certificate): string[] | undefined {
  const extension = certificate.extensions?.find((e) => e.extnID === pkijs.id_ExtKeyUsage);
  if (!extension) return undefined;
  return pkijs.ExtKeyUsage.fromBER(extension.extnValue.getValue()).keyPurposes;
}

/** RFC 5280 4.2.1.12: without the extension any purpose is allowed; with it, only those listed. */
export function allowsPurpose(certificate: pkijs.Certificate, purpose: string): boolean {
  const purposes = extendedKeyUsagesOf(certificate);
  return purposes === undefined || purposes.includes(purpose) || purposes.includes(OID.anyExtendedKeyUsage);
}
// #endregion extensions

// #region time
/** RFC 5280 4.1.2.5 and 5.1.2.4: UTCTime up to 2049, GeneralizedTime from 2050 on. */
export function x509Time(date: Date): pkijs.Time {
  const type = date.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime;
  return new pkijs.Time({ type, value: wholeSeconds(date) });
}

/** X.509, CRL and OCSP times carry whole seconds. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
// #endregion time

// #region issue
/** A certificate together with the private key of its subject. */
export interface KeyAndCertificate {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
}

export interface CertificateProfile {
  subject: NameParts;
  keyUsage: KeyUsageName[];
  /** Extended key usage OIDs, e.g. OID.serverAuth. */
  extendedKeyUsage?: string[];
  /** Host names for subjectAltName (dNSName): TLS clients match only these. */
  dnsNames?: string[];
  /** E-mail addresses for subjectAltName (rfc822Name): S/MIME clients match only these. */
  emails?: string[];
  validDays?: number;
  /** Further extensions, added as they are. */
  extensions?: pkijs.Extension[];
  keyAlgorithm?: EcKeyGenParams | RsaHashedKeyGenParams;
  /** Make the private key exportable (for PKCS#8 or PKCS#12); off by default. */
  extractable?: boolean;
}

/** What a CA signs: a name, a public key, a lifetime and extensions. */
export interface CertificateSpec {
  subject: pkijs.RelativeDistinguishedNames;
  publicKey: pkijs.PublicKeyInfo;
  validDays: number;
  extensions: pkijs.Extension[];
}

/** A positive 128-bit random serial (the CA/Browser Forum asks for 64+ random bits). */
export function randomSerialNumber(): asn1js.Integer {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // 01xxxxxx: the top bit clear keeps the INTEGER positive, the next bit set keeps its DER minimal.
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: bytes.buffer });
}

/** RFC 5280 4.2.1.2 method (1): SHA-1 of the subjectPublicKey bits. */
export async function keyIdentifier(publicKey: pkijs.PublicKeyInfo): Promise<asn1js.OctetString> {
  const bits = new Uint8Array(publicKey.subjectPublicKey.valueBlock.valueHexView); // a copy over a plain ArrayBuffer
  return new asn1js.OctetString({ valueHex: await crypto.subtle.digest('SHA-1', bits) });
}

/** Signs `spec` as `issuer`; with no issuer the certificate is self-signed with `signingKey`. */
export async function signCertificate(
  spec: CertificateSpec,
  issuer: { certificate: pkijs.Certificate; privateKey: CryptoKey } | { selfSigned: CryptoKey },
): Promise<pkijs.Certificate> {
  const issuerName = 'selfSigned' in issuer ? spec.subject : issuer.certificate.subject;
  const issuerKey = 'selfSigned' in issuer ? spec.publicKey : issuer.certificate.subjectPublicKeyInfo;
  const now = Date.now();
  const certificate = new pkijs.Certificate({
    version: 2, // X.509 v3, the only version that may carry extensions
    serialNumber: randomSerialNumber(),
    issuer: issuerName,
    subject: spec.subject,
    subjectPublicKeyInfo: spec.publicKey,
    notBefore: x509Time(new Date(now - 5 * 60_000)), // back-dated: tolerates clients with a slow clock
    notAfter: x509Time(new Date(now + spec.validDays * 86_400_000)),
  });
  certificate.extensions = [
    ...spec.extensions,
    makeExtension(pkijs.id_SubjectKeyIdentifier, false, await keyIdentifier(spec.publicKey)),
    // Lets validators pick the right issuer certificate when a CA has rolled over to a new key.
    makeExtension(pkijs.id_AuthorityKeyIdentifier, false, new pkijs.AuthorityKeyIdentifier({
      keyIdentifier: await keyIdentifier(issuerKey),
    }).toSchema()),
  ];
  await certificate.sign('selfSigned' in issuer ? issuer.selfSigned : issuer.privateKey, SIGNATURE_HASH);
  return certificate;
}

export type ExtensionProfile = Pick<CertificateProfile, 'keyUsage' | 'extendedKeyUsage' | 'dnsNames' | 'emails' | 'extensions'>;

/** The extensions a profile asks for: basic constraints, key usage, EKU, subject alternative names. */
export function profileExtensions(profile: ExtensionProfile): pkijs.Extension[] {
  const isCa = profile.keyUsage.includes('keyCertSign');
  const extensions = [
    makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: isCa }).toSchema()),
    makeExtension(pkijs.id_KeyUsage, true, encodeKeyUsage(profile.keyUsage)),
  ];
  if (profile.extendedKeyUsage) {
    const eku = new pkijs.ExtKeyUsage({ keyPurposes: profile.extendedKeyUsage });
    extensions.push(makeExtension(pkijs.id_ExtKeyUsage, false, eku.toSchema()));
  }
  const names = [
    ...(profile.dnsNames ?? []).map((value) => new pkijs.GeneralName({ type: 2, value })), // 2 = dNSName
    ...(profile.emails ?? []).map((value) => new pkijs.GeneralName({ type: 1, value })), // 1 = rfc822Name
  ];
  if (names.length > 0) {
    extensions.push(makeExtension(pkijs.id_SubjectAltName, false, new pkijs.GeneralNames({ names }).toSchema()));
  }
  return [...extensions, ...(profile.extensions ?? [])];
}

/** A self-signed root CA that may sign certificates and CRLs. */
export async function createCertificateAuthority(subject: NameParts, validDays = 3650): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair();
  const spec: CertificateSpec = {
    subject: buildName(subject),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays,
    extensions: profileExtensions({ keyUsage: ['keyCertSign', 'cRLSign'] }),
  };
  return { certificate: await signCertificate(spec, { selfSigned: keys.privateKey }), privateKey: keys.privateKey };
}

/** A fresh key pair and a certificate for it, signed by `issuer`. */
export async function issueCertificate(issuer: KeyAndCertificate, profile: CertificateProfile): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair(profile.keyAlgorithm, { extractable: profile.extractable ?? false });
  const spec: CertificateSpec = {
    subject: buildName(profile.subject),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: profile.validDays ?? 365,
    extensions: profileExtensions(profile),
  };
  return { certificate: await signCertificate(spec, issuer), privateKey: keys.privateKey };
}
// #endregion issue

// #region encoding
/** Standard Base64 (btoa works on "binary strings": one character per byte). */
export function toBase64(bytes: Bytes): string {
  let binary = '';
  for (const byte of asBytes(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
}

export function toHex(bytes: Bytes): string {
  return Array.from(asBytes(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('Not a hex string of whole bytes');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** Serial numbers are opaque: compare and print them as hex, never as JavaScript numbers. */
export function serialToHex(serialNumber: asn1js.Integer): string {
  return toHex(serialNumber.valueBlock.valueHexView);
}

/** PEM (RFC 7468): Base64 in 64-character lines between BEGIN and END lines. */
export function toPem(der: Bytes, label: string): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The DER of the first PEM block with `label`; text around it and other blocks are ignored. */
export function fromPem(pem: string, label: string): Uint8Array<ArrayBuffer> {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new Error(`No "${label}" PEM block found`);
  return fromBase64(match[1]);
}

/** Any bytes: an ArrayBuffer, or a view such as asn1js's valueHexView. */
export type Bytes = ArrayBuffer | ArrayBufferView;

function asBytes(bytes: Bytes): Uint8Array {
  return ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
}
// #endregion encoding
