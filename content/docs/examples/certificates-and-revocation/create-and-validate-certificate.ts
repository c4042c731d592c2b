// Builds a two-level PKI (a root CA and a TLS server certificate), moves the
// certificates through PEM and validates the chain with pkijs.
// The other certificate examples import the CA and PEM helpers from here.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

// #region set-engine
/**
 * Points pkijs at the WebCrypto implementation of the platform (Node 20+ and
 * every browser have one at globalThis.crypto). pkijs would find it on its own,
 * but setting it explicitly keeps the dependency visible and swappable.
 */
export function useWebCrypto(): pkijs.ICryptoEngine {
  const engine = new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
  pkijs.setEngine('webcrypto', engine);
  return engine;
}
// #endregion set-engine

// #region create-key-pair
/** pkijs signs with SHA-1 unless told otherwise, so every sign() call passes this. */
export const SIGNATURE_HASH = 'SHA-256';

/** An ECDSA P-256 key pair: small, fast, and accepted wherever X.509 is. */
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  // The private key is not extractable: nothing here needs to export it.
  // (Public keys are always exportable, which PublicKeyInfo.importKey relies on.)
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}
// #endregion create-key-pair

// #region build-name
export interface NameParts {
  commonName: string;
  organization?: string;
  /** Two-letter ISO 3166 code. */
  country?: string;
}

/**
 * Builds an X.501 distinguished name, most general attribute first, one
 * attribute per RDN. (Filling `typesAndValues` directly would put every
 * attribute into a single multi-valued RDN: "C=GB+O=...+CN=...".)
 */
export function buildName(parts: NameParts): pkijs.RelativeDistinguishedNames {
  const attributes: pkijs.AttributeTypeAndValue[] = [];
  const add = (type: string, value: pkijs.AttributeValueType) =>
    attributes.push(new pkijs.AttributeTypeAndValue({ type, value }));
  // X.520 requires PrintableString for the country; UTF8String suits the rest.
  if (parts.country) add('2.5.4.6', new asn1js.PrintableString({ value: parts.country }));
  if (parts.organization) add('2.5.4.10', new asn1js.Utf8String({ value: parts.organization }));
  add('2.5.4.3', new asn1js.Utf8String({ value: parts.commonName }));

  const name = new asn1js.Sequence({
    value: attributes.map((attribute) => new asn1js.Set({ value: [attribute.toSchema()] })),
  });
  // Parsing keeps the encoding, so pkijs writes these exact bytes back out.
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}
// #endregion build-name

// #region extensions
/** Wraps a DER-encodable value in an Extension; pkijs parses it back lazily. */
export function makeExtension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** KeyUsage bits (RFC 5280 §4.2.1.3), numbered from the most significant bit. */
export const KeyUsage = { digitalSignature: 0x80, keyCertSign: 0x04, cRLSign: 0x02 } as const;

export function keyUsage(...bits: number[]): asn1js.BitString {
  const byte = bits.reduce((all, bit) => all | bit, 0);
  // DER drops trailing zero bits of a named bit list: count them as unused.
  const unusedBits = Math.log2(byte & -byte);
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits });
}

/** A CA may sign certificates and CRLs; both extensions are critical. */
export function caExtensions(): pkijs.Extension[] {
  return [
    makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema()),
    makeExtension(pkijs.id_KeyUsage, true, keyUsage(KeyUsage.keyCertSign, KeyUsage.cRLSign)),
  ];
}

/** Extensions of an end-entity certificate for the given extended key usages. */
export function endEntityExtensions(extKeyUsages: string[], dnsNames: string[] = []): pkijs.Extension[] {
  const extensions = [
    makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
    makeExtension(pkijs.id_KeyUsage, true, keyUsage(KeyUsage.digitalSignature)),
    makeExtension(pkijs.id_ExtKeyUsage, false, new pkijs.ExtKeyUsage({ keyPurposes: extKeyUsages }).toSchema()),
  ];
  if (dnsNames.length > 0) {
    // Clients match host names against subjectAltName only, never the common name.
    const names = dnsNames.map((dnsName) => new pkijs.GeneralName({ type: 2, value: dnsName }));
    extensions.push(makeExtension(pkijs.id_SubjectAltName, false, new pkijs.GeneralNames({ names }).toSchema()));
  }
  return extensions;
}

export const ID_KP_SERVER_AUTH = '1.3.6.1.5.5.7.3.1';
// #endregion extensions

// #region sign-certificate
export interface CertificateSpec {
  subject: pkijs.RelativeDistinguishedNames;
  publicKey: pkijs.PublicKeyInfo;
  validDays: number;
  extensions: pkijs.Extension[];
}

/** A certificate together with the private key of its subject. */
export interface Issuer {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
}

export async function toPublicKeyInfo(publicKey: CryptoKey): Promise<pkijs.PublicKeyInfo> {
  const info = new pkijs.PublicKeyInfo();
  await info.importKey(publicKey);
  return info;
}

/** A positive 128-bit random serial (CA/Browser Forum rules ask for 64+ random bits). */
export function randomSerialNumber(): asn1js.Integer {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const [first = 0] = bytes;
  // 01xxxxxx: the top bit clear keeps the INTEGER positive, the next bit set keeps its DER minimal.
  bytes[0] = (first & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: bytes.buffer });
}

/** RFC 5280 §4.1.2.5: UTCTime up to 2049, GeneralizedTime from 2050 on. */
function x509Time(date: Date): pkijs.Time {
  const type = date.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime;
  return new pkijs.Time({ type, value: date });
}

/** RFC 5280 §4.2.1.2 method (1): SHA-1 of the subjectPublicKey bits. */
export async function keyIdentifier(publicKey: pkijs.PublicKeyInfo): Promise<asn1js.OctetString> {
  // Copied because crypto.subtle wants a view over a plain ArrayBuffer.
  const bits = new Uint8Array(publicKey.subjectPublicKey.valueBlock.valueHexView);
  return new asn1js.OctetString({ valueHex: await crypto.subtle.digest('SHA-1', bits) });
}

async function signCertificate(
  spec: CertificateSpec,
  issuerName: pkijs.RelativeDistinguishedNames,
  issuerPublicKey: pkijs.PublicKeyInfo,
  signingKey: CryptoKey,
): Promise<pkijs.Certificate> {
  const now = Math.floor(Date.now() / 1000) * 1000; // X.509 times have whole seconds
  const certificate = new pkijs.Certificate({
    version: 2, // X.509 v3, the only version that may carry extensions
    serialNumber: randomSerialNumber(),
    issuer: issuerName,
    subject: spec.subject,
    subjectPublicKeyInfo: spec.publicKey,
    // Back-dated a few minutes so that clients with a slow clock accept it.
    notBefore: x509Time(new Date(now - 5 * 60_000)),
    notAfter: x509Time(new Date(now + spec.validDays * 86_400_000)),
  });
  certificate.extensions = [
    ...spec.extensions,
    makeExtension(pkijs.id_SubjectKeyIdentifier, false, await keyIdentifier(spec.publicKey)),
    // Lets validators pick the right issuer when a CA has rolled over to a new key.
    makeExtension(pkijs.id_AuthorityKeyIdentifier, false, new pkijs.AuthorityKeyIdentifier({
      keyIdentifier: await keyIdentifier(issuerPublicKey),
    }).toSchema()),
  ];
  await certificate.sign(signingKey, SIGNATURE_HASH);
  return certificate;
}

/** Issues a certificate signed by `issuer`. */
export async function issueCertificate(issuer: Issuer, spec: CertificateSpec): Promise<pkijs.Certificate> {
  const { subject, subjectPublicKeyInfo } = issuer.certificate;
  return signCertificate(spec, subject, subjectPublicKeyInfo, issuer.privateKey);
}
// #endregion sign-certificate

// #region create-ca
/** Creates a self-signed root CA: its own issuer, signed with its own key. */
export async function createCertificateAuthority(name: NameParts, validDays = 3650): Promise<Issuer> {
  const keys = await generateKeyPair();
  const subject = buildName(name);
  const publicKey = await toPublicKeyInfo(keys.publicKey);
  const spec = { subject, publicKey, validDays, extensions: caExtensions() };
  const certificate = await signCertificate(spec, subject, publicKey, keys.privateKey);
  return { certificate, privateKey: keys.privateKey };
}
// #endregion create-ca

// #region create-server-certificate
/** Issues a TLS server certificate for `dnsName`, with a fresh key pair. */
export async function createServerCertificate(ca: Issuer, dnsName: string): Promise<Issuer> {
  const keys = await generateKeyPair();
  const certificate = await issueCertificate(ca, {
    subject: buildName({ commonName: dnsName }),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: 90,
    extensions: endEntityExtensions([ID_KP_SERVER_AUTH], [dnsName]),
  });
  return { certificate, privateKey: keys.privateKey };
}
// #endregion create-server-certificate

// #region pem
/** Base64 in 64-character lines between BEGIN/END markers (RFC 7468). */
export function toPem(der: ArrayBuffer, label: string): string {
  let binary = '';
  for (const byte of new Uint8Array(der)) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function fromPem(pem: string, label: string): ArrayBuffer {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new Error(`No "${label}" PEM block found`);
  const binary = atob(match[1].replace(/\s+/g, ''));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

export function certificateToPem(certificate: pkijs.Certificate): string {
  return toPem(certificate.toSchema().toBER(false), 'CERTIFICATE');
}

export function certificateFromPem(pem: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(fromPem(pem, 'CERTIFICATE'));
}
// #endregion pem

// #region describe
const SHORT_NAMES: Record<string, string> = { '2.5.4.6': 'C', '2.5.4.10': 'O', '2.5.4.11': 'OU', '2.5.4.3': 'CN' };

/** "C=GB, O=Example Ltd, CN=Example Root CA" (unknown attribute types print as OIDs). */
export function formatName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((attribute) => `${SHORT_NAMES[attribute.type] ?? attribute.type}=${attribute.value.getValue()}`)
    .join(', ');
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Serial numbers are opaque: compare and print them as hex, never as JS numbers. */
export function serialToHex(serialNumber: asn1js.Integer): string {
  return toHex(serialNumber.valueBlock.valueHexView);
}

export interface CertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
}

export function describeCertificate(certificate: pkijs.Certificate): CertificateSummary {
  return {
    subject: formatName(certificate.subject),
    issuer: formatName(certificate.issuer),
    serialNumber: serialToHex(certificate.serialNumber),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    // checkCA returns the certificate when basicConstraints says cA=true.
    isCa: pkijs.checkCA(certificate) !== null,
  };
}
// #endregion describe

// #region validate-chain
export interface ChainInput {
  certificate: pkijs.Certificate;
  /** Certificates between the end entity and the trust anchor, if any. */
  intermediates?: pkijs.Certificate[];
  trustAnchors: pkijs.Certificate[];
  /** With CRLs present, every certificate in the path must be covered by one. */
  crls?: pkijs.CertificateRevocationList[];
  checkDate?: Date;
}

export async function validateChain(input: ChainInput): Promise<pkijs.CertificateChainValidationEngineVerifyResult> {
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: input.trustAnchors,
    certs: [...(input.intermediates ?? []), input.certificate],
    crls: input.crls ?? [],
    checkDate: input.checkDate ?? new Date(),
  });
  return engine.verify();
}
// #endregion validate-chain

// #region run
/** The whole flow: create, export, re-import, verify the signature, validate the chain. */
export async function runExample(): Promise<{ pem: string; verified: boolean; chainValid: boolean }> {
  useWebCrypto();
  const ca = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd', country: 'GB' });
  const server = await createServerCertificate(ca, 'www.example.com');

  // What a client receives: PEM text, parsed back into objects.
  const pem = certificateToPem(server.certificate);
  const received = certificateFromPem(pem);
  const root = certificateFromPem(certificateToPem(ca.certificate));

  const verified = await received.verify(root);
  const result = await validateChain({ certificate: received, trustAnchors: [root] });
  return { pem, verified, chainValid: result.result };
}
// #endregion run
