// The private key example, on keys OpenSSL made: `openssl genpkey` and
// `openssl pkcs8 -topk8 -v2 aes-256-cbc`. What the example decrypts must be
// the key OpenSSL wrote, signatures it makes must verify in OpenSSL, and
// wrong passwords, damaged files and weak or hostile parameters are refused.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueCertificate, toPem, useWebCrypto } from '../../content/docs/examples/example-helpers.ts';
import {
  decryptPrivateKeyPem, importPrivateKeyPem, keyEncryptionOf, keyMatchesCertificate,
} from '../../content/docs/examples/other/working-with-private-keys.ts';
import { useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const PASSWORD = 'correct horse battery staple';
const pass = (p: string) => `pass:${p}`;
const data = new TextEncoder().encode('sign me\n');
let encryptedEc: string;

beforeAll(async () => {
  useWebCrypto();
  await openssl.ok('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'ec.pem');
  await openssl.ok('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'rsa.pem');
  await openssl.ok('pkcs8', '-topk8', '-v2', 'aes-256-cbc', '-iter', '100000', '-in', 'ec.pem', '-passout', pass(PASSWORD), '-out', 'ec-enc.pem');
  await openssl.ok('req', '-new', '-x509', '-key', 'ec.pem', '-subj', '/CN=Bob', '-days', '30', '-out', 'ec-cert.pem');
  encryptedEc = openssl.readText('ec-enc.pem');
  openssl.write('data.bin', data);
});

const certificateOf = (file: string) => pkijs.Certificate.fromBER(Uint8Array.from(Buffer.from(
  openssl.readText(file).replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')));

describe('working-with-private-keys', () => {
  it('decrypts an OpenSSL ENCRYPTED PRIVATE KEY to the PKCS#8 bytes OpenSSL holds', async () => {
    expect(encryptedEc).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
    const pkcs8 = await decryptPrivateKeyPem(encryptedEc, PASSWORD);
    await openssl.ok('pkcs8', '-topk8', '-nocrypt', '-in', 'ec-enc.pem', '-passin', pass(PASSWORD), '-outform', 'DER', '-out', 'ec.der');
    expect(Buffer.from(pkcs8).equals(openssl.read('ec.der'))).toBe(true);
    expect(pkcs8.byteLength).toBe(138);
  });

  it('reads the PBKDF2 iteration count OpenSSL wrote', () => {
    const der = Buffer.from(encryptedEc.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    expect(keyEncryptionOf(pkijs.PKCS8ShroudedKeyBag.fromBER(Uint8Array.from(der)))).toEqual({ iterations: 100000 });
  });

  it('imports the decrypted key; it matches its certificate and OpenSSL verifies what it signs', async () => {
    const key = await importPrivateKeyPem(toPem(await decryptPrivateKeyPem(encryptedEc, PASSWORD), 'PRIVATE KEY'));
    expect(key).toMatchObject({ type: 'private', extractable: false, usages: ['sign'], algorithm: { name: 'ECDSA', namedCurve: 'P-256' } });
    expect(await keyMatchesCertificate(key, certificateOf('ec-cert.pem'))).toBe(true);
    const raw = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data);
    openssl.write('ec.sig', pkijs.createCMSECDSASignature(raw)); // OpenSSL wants the DER form
    await openssl.ok('pkey', '-in', 'ec.pem', '-pubout', '-out', 'ec-pub.pem');
    expect((await openssl.run('dgst', '-sha256', '-verify', 'ec-pub.pem', '-signature', 'ec.sig', 'data.bin')).stdout).toContain('Verified OK');
  });

  it('imports an RSA "PRIVATE KEY" PEM whose signatures OpenSSL verifies', async () => {
    const key = await importPrivateKeyPem(openssl.readText('rsa.pem'));
    expect(key.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048 });
    openssl.write('rsa.sig', await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, data));
    await openssl.ok('pkey', '-in', 'rsa.pem', '-pubout', '-out', 'rsa-pub.pem');
    expect((await openssl.run('dgst', '-sha256', '-verify', 'rsa-pub.pem', '-signature', 'rsa.sig', 'data.bin')).stdout).toContain('Verified OK');
  });
});

describe('working-with-private-keys: what must be refused', () => {
  it('a wrong password', async () => {
    await expect(decryptPrivateKeyPem(encryptedEc, 'wrong')).rejects.toThrow('Cannot decrypt the private key: wrong password, or the file is damaged');
  });

  it('a damaged ciphertext never yields a key that passes for the certificate\'s', async () => {
    const der = Buffer.from(encryptedEc.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const bag = pkijs.PKCS8ShroudedKeyBag.fromBER(Uint8Array.from(der));
    const ciphertext = Buffer.from(bag.encryptedData.getValue());
    const at = der.indexOf(ciphertext);
    const certificate = certificateOf('ec-cert.pem');
    for (let offset = 0; offset < ciphertext.length; offset += 16) { // one byte in every AES block
      const damaged = Buffer.from(der);
      damaged[at + offset] = damaged[at + offset]! ^ 0x01;
      const accepted = await decryptPrivateKeyPem(toPem(damaged, 'ENCRYPTED PRIVATE KEY'), PASSWORD)
        .then(async (pkcs8) => keyMatchesCertificate(await importPrivateKeyPem(toPem(pkcs8, 'PRIVATE KEY')), certificate))
        .catch(() => false);
      expect(accepted, `byte ${offset} of the ciphertext flipped`).toBe(false);
    }
  });

  it('OpenSSL\'s default of 2048 iterations, unless the caller lowers the bar', async () => {
    await openssl.ok('pkcs8', '-topk8', '-v2', 'aes-256-cbc', '-in', 'ec.pem', '-passout', pass(PASSWORD), '-out', 'weak.pem');
    const weak = openssl.readText('weak.pem');
    await expect(decryptPrivateKeyPem(weak, PASSWORD)).rejects.toThrow(/only 2048 PBKDF2 iterations \(at least 100000 wanted\).*-iter 600000/);
    expect((await decryptPrivateKeyPem(weak, PASSWORD, { minIterations: 2048 })).byteLength).toBeGreaterThan(100);
  });

  it('a hostile iteration count, before any work is done', async () => {
    const withIterations = (count: number) => {
      const bag = pkijs.PKCS8ShroudedKeyBag.fromBER(Uint8Array.from(Buffer.from(encryptedEc.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')));
      const pbes2 = new pkijs.PBES2Params({ schema: bag.encryptionAlgorithm.algorithmParams });
      const pbkdf2 = new pkijs.PBKDF2Params({ schema: pbes2.keyDerivationFunc.algorithmParams });
      pbkdf2.iterationCount = count;
      pbes2.keyDerivationFunc.algorithmParams = pbkdf2.toSchema();
      bag.encryptionAlgorithm.algorithmParams = pbes2.toSchema();
      return toPem(bag.toSchema().toBER(false), 'ENCRYPTED PRIVATE KEY');
    };
    const started = performance.now();
    await expect(decryptPrivateKeyPem(withIterations(8_000_000), PASSWORD))
      .rejects.toThrow('The key asks for 8000000 PBKDF2 iterations, more than the 5000000 allowed');
    // 2^31 - 1 takes four bytes, which asn1js reads as 0.
    await expect(decryptPrivateKeyPem(withIterations(2 ** 31 - 1), PASSWORD)).rejects.toThrow(/iteration count is 0, or too large for pkijs to read/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('PBES1 (PKCS#5 v1.5, 3DES and SHA-1) and keys that are not PKCS#8', async () => {
    await openssl.ok('pkcs8', '-topk8', '-v1', 'PBE-SHA1-3DES', '-in', 'ec.pem', '-passout', pass(PASSWORD), '-out', 'v1.pem');
    await expect(decryptPrivateKeyPem(openssl.readText('v1.pem'), PASSWORD)).rejects.toThrow('The key is encrypted with 1.2.840.113549.1.12.1.3, not PBES2'); // RFC 7292 C: pbeWithSHAAnd3-KeyTripleDES-CBC
    await openssl.ok('pkey', '-in', 'rsa.pem', '-traditional', '-out', 'rsa-traditional.pem');
    expect(openssl.readText('rsa-traditional.pem')).toContain('BEGIN RSA PRIVATE KEY');
    await expect(importPrivateKeyPem(openssl.readText('rsa-traditional.pem'))).rejects.toThrow(/"RSA PRIVATE KEY" is not PKCS#8.*openssl pkcs8 -topk8 -nocrypt/);
    await expect(importPrivateKeyPem(encryptedEc)).rejects.toThrow(/decrypt it with decryptPrivateKeyPem first/);
  });

  it('a key that belongs to another certificate', async () => {
    const ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
    const alice = await issueCertificate(ca, { subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature'] });
    const key = await importPrivateKeyPem(openssl.readText('ec.pem'));
    expect(await keyMatchesCertificate(key, alice.certificate)).toBe(false);
    const rsa = await importPrivateKeyPem(openssl.readText('rsa.pem'));
    expect(await keyMatchesCertificate(rsa, certificateOf('ec-cert.pem'))).toBe(false);
  });
});
