// Working with private keys: open an "ENCRYPTED PRIVATE KEY" PEM (PKCS#8
// EncryptedPrivateKeyInfo with PBES2, RFC 5958 and RFC 8018), and turn a
// "PRIVATE KEY" PEM into a WebCrypto CryptoKey.
import * as pkijs from 'pkijs';
import { OID, fromPem } from '../example-helpers.ts';
import { importSigningKey } from './working-with-PKCS-12-files.ts';

// #region inspect
export interface KeyEncryption {
  /** PBKDF2 iterations: what an attacker pays per password guess. */
  iterations: number;
}

/** Reads the PBES2 parameters of an EncryptedPrivateKeyInfo, refusing what it cannot or should not decrypt. */
export function keyEncryptionOf(encrypted: pkijs.PKCS8ShroudedKeyBag): KeyEncryption {
  const { algorithmId, algorithmParams } = encrypted.encryptionAlgorithm;
  if (algorithmId !== OID.pbes2) {
    throw new Error(`The key is encrypted with ${algorithmId}, not PBES2: re-encrypt it with openssl pkcs8 -topk8 -v2 aes-256-cbc`);
  }
  const pbes2 = new pkijs.PBES2Params({ schema: algorithmParams });
  if (pbes2.keyDerivationFunc.algorithmId !== OID.pbkdf2) throw new Error('PBES2 without PBKDF2 is not supported');
  const pbkdf2 = new pkijs.PBKDF2Params({ schema: pbes2.keyDerivationFunc.algorithmParams });
  return { iterations: pbkdf2.iterationCount };
}
// #endregion inspect

// #region decrypt
export interface DecryptOptions {
  /** Refuse keys protected by fewer PBKDF2 iterations: a stolen file is then cheap to brute-force. */
  minIterations?: number;
  /** Refuse more: a hostile file can ask for billions of iterations and hang the decryption. */
  maxIterations?: number;
}

/** The PKCS#8 bytes inside an "ENCRYPTED PRIVATE KEY" PEM, as `openssl pkcs8 -topk8 -v2 aes-256-cbc` writes it. */
export async function decryptPrivateKeyPem(pem: string, password: string, options: DecryptOptions = {}): Promise<ArrayBuffer> {
  const { minIterations = 100_000, maxIterations = 5_000_000 } = options;
  // EncryptedPrivateKeyInfo has the structure of a PKCS#12 shrouded key bag.
  const encrypted = pkijs.PKCS8ShroudedKeyBag.fromBER(fromPem(pem, 'ENCRYPTED PRIVATE KEY'));
  const { iterations } = keyEncryptionOf(encrypted);
  // asn1js decodes INTEGERs of up to 3 bytes; a count of 2^23 or more reads as 0.
  if (iterations < 1) throw new Error('The PBKDF2 iteration count is 0, or too large for pkijs to read (2^23 or more)');
  if (iterations < minIterations) {
    throw new Error(`The key is protected by only ${iterations} PBKDF2 iterations (at least ${minIterations} wanted): ` +
      're-encrypt it with openssl pkcs8 -topk8 -v2 aes-256-cbc -iter 600000');
  }
  if (iterations > maxIterations) throw new Error(`The key asks for ${iterations} PBKDF2 iterations, more than the ${maxIterations} allowed`);

  const encryptedData = new pkijs.EncryptedData({
    encryptedContentInfo: new pkijs.EncryptedContentInfo({
      contentEncryptionAlgorithm: encrypted.encryptionAlgorithm,
      encryptedContent: encrypted.encryptedData,
    }),
  });
  try {
    const pkcs8 = await encryptedData.decrypt({ password: new TextEncoder().encode(password).buffer });
    pkijs.PrivateKeyInfo.fromBER(pkcs8); // a wrong key can pass the padding check; garbage does not parse
    return pkcs8;
  } catch {
    // AES-CBC has no integrity check: a wrong password and a damaged file look the same.
    throw new Error('Cannot decrypt the private key: wrong password, or the file is damaged');
  }
}
// #endregion decrypt

// #region import
/** A "PRIVATE KEY" (unencrypted PKCS#8) PEM as a non-extractable signing CryptoKey. */
export async function importPrivateKeyPem(pem: string): Promise<CryptoKey> {
  const label = /-----BEGIN ([A-Z ]+)-----/.exec(pem)?.[1];
  if (label === 'RSA PRIVATE KEY' || label === 'EC PRIVATE KEY') {
    throw new Error(`"${label}" is not PKCS#8, which WebCrypto needs: convert it with openssl pkcs8 -topk8 -nocrypt`);
  }
  if (label === 'ENCRYPTED PRIVATE KEY') throw new Error('The key is encrypted: decrypt it with decryptPrivateKeyPem first');
  return importSigningKey(fromPem(pem, 'PRIVATE KEY').buffer);
}
// #endregion import

// #region match
/**
 * Proves the key belongs to the certificate: sign a random challenge and
 * verify it with the certificate's public key. Decryption alone proves
 * nothing about which key came out.
 */
export async function keyMatchesCertificate(privateKey: CryptoKey, certificate: pkijs.Certificate): Promise<boolean> {
  const isEc = privateKey.algorithm.name === 'ECDSA';
  const params = isEc ? { name: 'ECDSA', hash: 'SHA-256' } : { name: privateKey.algorithm.name };
  const challenge = crypto.getRandomValues(new Uint8Array(32));
  try {
    const spki = certificate.subjectPublicKeyInfo.toSchema().toBER(false);
    const publicKey = await crypto.subtle.importKey('spki', spki, privateKey.algorithm, false, ['verify']);
    const signature = await crypto.subtle.sign(params, privateKey, challenge);
    return await crypto.subtle.verify(params, publicKey, signature, challenge);
  } catch {
    return false; // a key of another type or curve
  }
}
// #endregion match
