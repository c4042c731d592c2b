// Working with PKCS#12 files (RFC 7292): pack a private key and its certificate
// into a password-protected .p12/.pfx file, and read them back.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, toHex, type KeyAndCertificate } from '../example-helpers.ts';

// #region bags
type PasswordEncryption = Omit<pkijs.EncryptedDataEncryptParams, 'contentToEncrypt'>;

/** PBES2 (PBKDF2-HMAC-SHA256 + AES-256-CBC), the scheme OpenSSL 3 uses by default for PKCS#12. */
function passwordEncryption(password: ArrayBuffer, iterations: number): PasswordEncryption {
  return {
    password,
    // The type asks for an IV, but pkijs draws a fresh random IV for every encryption and ignores this one.
    contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256, iv: new Uint8Array(16) },
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: iterations,
  };
}

/**
 * friendlyName is the label tools show; localKeyId ties the key to its certificate.
 * Like OpenSSL, we use the SHA-1 hash of the certificate as the local key id.
 */
async function bagAttributes(friendlyName: string, certificate: pkijs.Certificate): Promise<pkijs.Attribute[]> {
  const localKeyId = await crypto.subtle.digest('SHA-1', certificate.toSchema().toBER(false));
  return [
    new pkijs.Attribute({ type: OID.friendlyName, values: [new asn1js.BmpString({ value: friendlyName })] }),
    new pkijs.Attribute({ type: OID.localKeyId, values: [new asn1js.OctetString({ valueHex: localKeyId })] }),
  ];
}

async function shroudedKeyBag(
  privateKey: CryptoKey,
  attributes: pkijs.Attribute[],
  encryption: PasswordEncryption,
): Promise<pkijs.SafeBag> {
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', privateKey);
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: pkijs.PrivateKeyInfo.fromBER(pkcs8) });
  await keyBag.makeInternalValues(encryption); // encrypts the PKCS#8 bytes
  return new pkijs.SafeBag({ bagId: OID.pkcs8ShroudedKeyBag, bagValue: keyBag, bagAttributes: attributes });
}

function certificateBag(certificate: pkijs.Certificate, attributes: pkijs.Attribute[]): pkijs.SafeBag {
  const certBag = new pkijs.CertBag({ parsedValue: certificate });
  return new pkijs.SafeBag({ bagId: OID.certBag, bagValue: certBag, bagAttributes: attributes });
}
// #endregion bags

// #region create
export interface Pkcs12Options {
  password: string;
  friendlyName: string;
  /** PBKDF2 iterations for the key and certificate encryption. */
  iterations?: number;
  /** Iterations of the PKCS#12 MAC key derivation (OpenSSL 3 uses 2048). */
  macIterations?: number;
}

/** Builds a PKCS#12 file: key and certificate encrypted with the password, the whole protected by a password MAC. */
export async function createPkcs12(entry: KeyAndCertificate, options: Pkcs12Options): Promise<ArrayBuffer> {
  const password = new TextEncoder().encode(options.password).buffer;
  const encryption = passwordEncryption(password, options.iterations ?? 100_000);
  const attributes = await bagAttributes(options.friendlyName, entry.certificate);
  const authenticatedSafe = new pkijs.AuthenticatedSafe({
    parsedValue: {
      safeContents: [
        // privacyMode 1: this SafeContents is wrapped in a password-encrypted EncryptedData.
        { privacyMode: 1, value: new pkijs.SafeContents({ safeBags: [certificateBag(entry.certificate, attributes)] }) },
        // privacyMode 0: stored as plain data, because the key bag is already encrypted on its own.
        { privacyMode: 0, value: new pkijs.SafeContents({ safeBags: [await shroudedKeyBag(entry.privateKey, attributes, encryption)] }) },
      ],
    },
  });
  await authenticatedSafe.makeInternalValues({ safeContents: [encryption, {}] });

  const pfx = new pkijs.PFX({ parsedValue: { integrityMode: 0, authenticatedSafe } }); // 0: password MAC
  await pfx.makeInternalValues({
    password,
    iterations: options.macIterations ?? 2048,
    pbkdf2HashAlgorithm: { name: 'SHA-256' },
    hmacHashAlgorithm: 'SHA-256',
  });
  return pfx.toSchema().toBER(false);
}
// #endregion create

// #region read
export interface BagInfo {
  friendlyName?: string;
  /** Hex of the localKeyId attribute: equal on a key and its certificate. */
  localKeyId?: string;
}
export interface Pkcs12Contents {
  certificates: Array<BagInfo & { certificate: pkijs.Certificate }>;
  privateKeys: Array<BagInfo & { pkcs8: ArrayBuffer }>;
}

/** Checks the MAC, decrypts every SafeContents and key bag, and returns what the file holds. */
export async function readPkcs12(der: BufferSource, passwordText: string): Promise<Pkcs12Contents> {
  const password = new TextEncoder().encode(passwordText).buffer;
  const pfx = pkijs.PFX.fromBER(der);
  // Only password integrity authenticates the contents against the password we hold: a MAC over them.
  // Public-key integrity is a signature by whoever made the file, and no macData means no check at all.
  if (pfx.authSafe.contentType !== pkijs.id_ContentType_Data) {
    throw new Error('The PKCS#12 file is not in password integrity mode (it is signed, not MACed): refusing to read contents nobody checked against the password');
  }
  if (!pfx.macData) {
    throw new Error('The PKCS#12 file has no password MAC (no macData): anyone could have written its contents, so refusing to read them');
  }
  await pfx.parseInternalValues({ password, checkIntegrity: true }); // throws on a wrong password or changed contents
  const authenticatedSafe = pfx.parsedValue?.authenticatedSafe;
  if (!authenticatedSafe) throw new Error('The PKCS#12 file has no AuthenticatedSafe');
  // One parameter object per SafeContents; plain ones ignore the password.
  await authenticatedSafe.parseInternalValues({ safeContents: authenticatedSafe.safeContents.map(() => ({ password })) });

  const contents: Pkcs12Contents = { certificates: [], privateKeys: [] };
  for (const bag of safeBagsOf(authenticatedSafe)) {
    const info = bagInfo(bag);
    const value = bag.bagValue;
    if (value instanceof pkijs.CertBag && value.parsedValue instanceof pkijs.Certificate) {
      contents.certificates.push({ ...info, certificate: value.parsedValue });
    } else if (value instanceof pkijs.PKCS8ShroudedKeyBag) {
      contents.privateKeys.push({ ...info, pkcs8: await decryptKeyBag(value, password) });
    } else if (value instanceof pkijs.PrivateKeyInfo) { // an unencrypted KeyBag
      contents.privateKeys.push({ ...info, pkcs8: value.toSchema().toBER(false) });
    }
  }
  return contents;
}

/** pkijs types AuthenticatedSafe.parsedValue as `any`; narrow it before use. */
function safeBagsOf(authenticatedSafe: pkijs.AuthenticatedSafe): pkijs.SafeBag[] {
  const parsed: unknown = authenticatedSafe.parsedValue?.safeContents;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: { value?: unknown }) => (item.value instanceof pkijs.SafeContents ? item.value.safeBags : []));
}

function bagInfo(bag: pkijs.SafeBag): BagInfo {
  const info: BagInfo = {};
  for (const attribute of bag.bagAttributes ?? []) {
    const value: unknown = attribute.values[0];
    if (attribute.type === OID.friendlyName && value instanceof asn1js.BmpString) info.friendlyName = value.valueBlock.value;
    if (attribute.type === OID.localKeyId && value instanceof asn1js.OctetString) {
      info.localKeyId = toHex(value.valueBlock.valueHexView);
    }
  }
  return info;
}

/** A PKCS8ShroudedKeyBag is an EncryptedPrivateKeyInfo: decrypt it like CMS EncryptedData. */
async function decryptKeyBag(bag: pkijs.PKCS8ShroudedKeyBag, password: ArrayBuffer): Promise<ArrayBuffer> {
  const encrypted = new pkijs.EncryptedData({
    encryptedContentInfo: new pkijs.EncryptedContentInfo({
      contentEncryptionAlgorithm: bag.encryptionAlgorithm,
      encryptedContent: bag.encryptedData,
    }),
  });
  return encrypted.decrypt({ password });
}
// #endregion read

// #region import-key
const EC_CURVES: Record<string, string> = { [OID.p256]: 'P-256', [OID.p384]: 'P-384', [OID.p521]: 'P-521' };

/**
 * Imports a PKCS#8 key for signing; PKCS#8 names the key type but not what it
 * will be used for. Not extractable: once inside WebCrypto the key need not leave again.
 */
export async function importSigningKey(pkcs8: ArrayBuffer): Promise<CryptoKey> {
  const { privateKeyAlgorithm } = pkijs.PrivateKeyInfo.fromBER(pkcs8);
  if (privateKeyAlgorithm.algorithmId === OID.rsaEncryption) {
    return crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  }
  const curveOid: unknown = privateKeyAlgorithm.algorithmParams;
  const namedCurve = curveOid instanceof asn1js.ObjectIdentifier ? EC_CURVES[curveOid.valueBlock.toString()] : undefined;
  if (privateKeyAlgorithm.algorithmId !== OID.ecPublicKey || !namedCurve) {
    throw new Error(`Unsupported private key algorithm ${privateKeyAlgorithm.algorithmId}`);
  }
  return crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve }, false, ['sign']);
}
// #endregion import-key
