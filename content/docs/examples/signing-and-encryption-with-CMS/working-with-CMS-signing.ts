// Working with CMS Signing: sign data as CMS SignedData (RFC 5652) and verify it.
// The certificate helpers at the top are shared by the other CMS, S/MIME, PDF
// and PKCS#12 examples.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

// #region crypto-engine
/** Points pkijs at Node's built-in WebCrypto implementation. */
export function useNodeCryptoEngine(): void {
  // Every hash, signature and cipher in pkijs goes through the global engine.
  // Node 20 exposes WebCrypto as globalThis.crypto (older Node: `webcrypto` from 'node:crypto').
  const engine = new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: globalThis.crypto });
  pkijs.setEngine('node-webcrypto', engine);
}
// #endregion crypto-engine

// #region certificates
/** ECDSA on P-256: short keys, fast to generate, understood by every current CMS implementation. */
export const ECDSA_P256: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
/** 2048-bit RSA, for partners whose software only speaks RSA. */
export const RSA_2048: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

export interface KeyAndCertificate {
  certificate: pkijs.Certificate;
  keys: CryptoKeyPair;
}

/** Key usage bits of RFC 5280, section 4.2.1.3, in bit order. */
const KEY_USAGE_BITS = [
  'digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment',
  'keyAgreement', 'keyCertSign', 'cRLSign',
] as const;
export type KeyUsageName = (typeof KEY_USAGE_BITS)[number];

export interface CertificateProfile {
  commonName: string;
  /** Put in subjectAltName as an rfc822Name: S/MIME clients match the sender address against it. */
  email?: string;
  keyAlgorithm?: EcKeyGenParams | RsaHashedKeyGenParams;
  keyUsage: KeyUsageName[];
  /** Extended key usage OIDs, e.g. 1.3.6.1.5.5.7.3.4 (emailProtection). */
  extendedKeyUsage?: string[];
  validDays?: number;
}

/** Creates a self-signed certification authority (CA) with an ECDSA P-256 key. */
export async function createCertificateAuthority(commonName: string): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair(ECDSA_P256);
  const profile: CertificateProfile = { commonName, keyUsage: ['keyCertSign', 'cRLSign'], validDays: 3650 };
  const certificate = await buildCertificate(profile, keys.publicKey, undefined, keys.privateKey);
  return { certificate, keys };
}

/** Creates a key pair for `profile` and a certificate for it, signed by `issuer`. */
export async function issueCertificate(issuer: KeyAndCertificate, profile: CertificateProfile): Promise<KeyAndCertificate> {
  const keys = await generateKeyPair(profile.keyAlgorithm ?? ECDSA_P256);
  const certificate = await buildCertificate(profile, keys.publicKey, issuer.certificate, issuer.keys.privateKey);
  return { certificate, keys };
}

async function generateKeyPair(algorithm: EcKeyGenParams | RsaHashedKeyGenParams): Promise<CryptoKeyPair> {
  // Extractable, so that the examples can export the private key as PKCS#8 (PKCS#12, decryption).
  return crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
}

async function buildCertificate(
  profile: CertificateProfile,
  publicKey: CryptoKey,
  issuer: pkijs.Certificate | undefined,
  issuerPrivateKey: CryptoKey,
): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2; // X.509 v3, required for extensions
  certificate.serialNumber = new asn1js.Integer({ valueHex: randomSerialNumber() });
  certificate.subject.typesAndValues.push(new pkijs.AttributeTypeAndValue({
    type: '2.5.4.3', // commonName
    value: new asn1js.Utf8String({ value: profile.commonName }),
  }));
  // A self-signed certificate names itself as its issuer.
  certificate.issuer = issuer ? issuer.subject : certificate.subject;
  certificate.notBefore.value = new Date(Date.now() - 5 * 60_000); // tolerate small clock skew
  certificate.notAfter.value = new Date(Date.now() + (profile.validDays ?? 365) * 86_400_000);
  await certificate.subjectPublicKeyInfo.importKey(publicKey);
  certificate.extensions = await certificateExtensions(profile, certificate, issuer);
  await certificate.sign(issuerPrivateKey, 'SHA-256');
  return certificate;
}

async function certificateExtensions(
  profile: CertificateProfile,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate | undefined,
): Promise<pkijs.Extension[]> {
  const isCA = profile.keyUsage.includes('keyCertSign');
  // Key identifiers: SHA-1 of the public key bits (RFC 5280, 4.2.1.2, method 1).
  const keyId = new asn1js.OctetString({ valueHex: await certificate.getKeyHash() });
  const issuerKeyId = issuer ? await issuer.getKeyHash() : keyId.valueBlock.valueHexView;
  const extensions = [
    extension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: isCA }).toSchema()),
    extension(pkijs.id_KeyUsage, true, encodeKeyUsage(profile.keyUsage)),
    extension(pkijs.id_SubjectKeyIdentifier, false, keyId),
    extension(pkijs.id_AuthorityKeyIdentifier, false, new pkijs.AuthorityKeyIdentifier({
      keyIdentifier: new asn1js.OctetString({ valueHex: issuerKeyId }),
    }).toSchema()),
  ];
  if (profile.extendedKeyUsage) {
    const eku = new pkijs.ExtKeyUsage({ keyPurposes: profile.extendedKeyUsage });
    extensions.push(extension(pkijs.id_ExtKeyUsage, false, eku.toSchema()));
  }
  if (profile.email) {
    const altName = new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 1, value: profile.email })] });
    extensions.push(extension(pkijs.id_SubjectAltName, false, altName.toSchema()));
  }
  return extensions;
}

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** DER BIT STRING for the KeyUsage extension; DER forbids trailing zero bits, hence unusedBits. */
function encodeKeyUsage(usages: KeyUsageName[]): asn1js.BitString {
  let byte = 0;
  for (const usage of usages) byte |= 0x80 >> KEY_USAGE_BITS.indexOf(usage);
  let unusedBits = 0;
  while (unusedBits < 7 && (byte & (1 << unusedBits)) === 0) unusedBits++;
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]), unusedBits });
}

/** 16 random bytes, first bit cleared so that the INTEGER stays positive (RFC 5280, 4.1.2.2). */
function randomSerialNumber(): Uint8Array<ArrayBuffer> {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes;
}
// #endregion certificates

// #region signed-attributes
const OID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';

/** contentType and messageDigest are mandatory once any signed attribute is present (RFC 5652, 5.3). */
async function signedAttributes(content: Uint8Array<ArrayBuffer>, hash: string): Promise<pkijs.SignedAndUnsignedAttributes> {
  const digest = await crypto.subtle.digest(hash, content);
  return new pkijs.SignedAndUnsignedAttributes({
    type: 0, // [0] signedAttrs; 1 would be unsignedAttrs
    attributes: [
      new pkijs.Attribute({ type: OID_CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: pkijs.id_ContentType_Data })] }),
      new pkijs.Attribute({ type: OID_SIGNING_TIME, values: [new asn1js.UTCTime({ valueDate: new Date() })] }),
      new pkijs.Attribute({ type: OID_MESSAGE_DIGEST, values: [new asn1js.OctetString({ valueHex: digest })] }),
    ],
  });
}
// #endregion signed-attributes

// #region sign
export interface SignOptions {
  /** Leave the content out of the CMS (a PDF, the first part of multipart/signed). */
  detached?: boolean;
  hash?: 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** Intermediate CA certificates to ship with the signature. */
  chain?: pkijs.Certificate[];
}

/** Signs `content` and returns the encoded ContentInfo holding the SignedData (BER, as CMS allows). */
export async function signData(
  content: Uint8Array<ArrayBuffer>,
  signer: KeyAndCertificate,
  options: SignOptions = {},
): Promise<ArrayBuffer> {
  const hash = options.hash ?? 'SHA-256';
  const encapContentInfo = new pkijs.EncapsulatedContentInfo(options.detached
    ? { eContentType: pkijs.id_ContentType_Data }
    : { eContentType: pkijs.id_ContentType_Data, eContent: new asn1js.OctetString({ valueHex: content }) });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo,
    signerInfos: [new pkijs.SignerInfo({
      version: 1, // v1: the signer is identified by issuer and serial number
      sid: new pkijs.IssuerAndSerialNumber({
        issuer: signer.certificate.issuer,
        serialNumber: signer.certificate.serialNumber,
      }),
      signedAttrs: await signedAttributes(content, hash),
    })],
    // The verifier needs the signer's certificate; ship it (and its chain) with the signature.
    certificates: [signer.certificate, ...(options.chain ?? [])],
  });
  await signedData.sign(signer.keys.privateKey, 0, hash);
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.id_ContentType_SignedData,
    content: signedData.toSchema(),
  });
  return contentInfo.toSchema().toBER(false);
}
// #endregion sign

// #region parse
/** Parses DER (or BER) bytes into a SignedData, checking the content type first. */
export function parseSignedData(der: BufferSource): pkijs.SignedData {
  const contentInfo = pkijs.ContentInfo.fromBER(der);
  if (contentInfo.contentType !== pkijs.id_ContentType_SignedData) {
    throw new Error(`Expected CMS SignedData, found content type ${contentInfo.contentType}`);
  }
  return new pkijs.SignedData({ schema: contentInfo.content });
}

/** The encapsulated content, or undefined for a detached signature. */
export function readSignedContent(signedData: pkijs.SignedData): Uint8Array | undefined {
  const eContent = signedData.encapContentInfo.eContent;
  // getValue() joins the chunks of a constructed (BER) OCTET STRING.
  return eContent ? new Uint8Array(eContent.getValue()) : undefined;
}
// #endregion parse

// #region verify
export interface SignatureCheck {
  valid: boolean;
  /** Why verification failed, from pkijs. */
  reason?: string;
  signer?: pkijs.Certificate;
  signingTime?: Date;
}

/**
 * Verifies the first signer: the content digest, the signature, and the signer's
 * certificate chain up to one of `trustedCertificates`.
 */
export async function verifySignedData(
  signedData: pkijs.SignedData,
  trustedCertificates: pkijs.Certificate[],
  detachedContent?: Uint8Array<ArrayBuffer>,
): Promise<SignatureCheck> {
  try {
    const result = await signedData.verify({
      signer: 0,
      trustedCerts: trustedCertificates,
      checkChain: true,
      ...(detachedContent ? { data: detachedContent.slice().buffer } : {}),
      extendedMode: true,
    });
    return {
      valid: result.signatureVerified === true,
      ...(result.signatureVerified ? {} : { reason: 'The signature does not match the signed attributes' }),
      ...(result.signerCertificate ? { signer: result.signerCertificate } : {}),
      ...signingTimeOf(signedData),
    };
  } catch (error) {
    // pkijs throws SignedDataVerifyError for a digest mismatch, an untrusted chain, a missing certificate…
    if (error instanceof pkijs.SignedDataVerifyError) return { valid: false, reason: error.message };
    throw error;
  }
}

function signingTimeOf(signedData: pkijs.SignedData): { signingTime?: Date } {
  const attribute = signedData.signerInfos[0]?.signedAttrs?.attributes.find((a) => a.type === OID_SIGNING_TIME);
  const value: unknown = attribute?.values[0];
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? { signingTime: value.toDate() } : {};
}

/** The commonName of a certificate's subject, for display. */
export function commonNameOf(certificate: pkijs.Certificate): string | undefined {
  return certificate.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value;
}
// #endregion verify

// #region usage
/** The whole flow: a CA, a signer certificate, a signature, and its verification. */
export async function signAndVerify(text: string): Promise<SignatureCheck> {
  useNodeCryptoEngine();
  const ca = await createCertificateAuthority('Example Root CA');
  const alice = await issueCertificate(ca, {
    commonName: 'Alice',
    keyUsage: ['digitalSignature', 'nonRepudiation'],
  });
  const der = await signData(new TextEncoder().encode(text), alice);
  // In real life, `der` travels to the verifier, who trusts `ca.certificate` already.
  return verifySignedData(parseSignedData(der), [ca.certificate]);
}
// #endregion usage
