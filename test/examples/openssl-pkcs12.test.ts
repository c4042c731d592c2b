// Interop: PKCS#12 files made by the example code, opened by `openssl pkcs12`;
// an OpenSSL-made file read by the example code. Expected values are literals
// (the friendly name given, the SHA-1 local key id OpenSSL also uses).
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  commonNameOf, createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { createPkcs12, importSigningKey, readPkcs12 } from '../../content/docs/examples/other/working-with-PKCS-12-files.ts';
import { bytesOf, useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const PASSWORD = 'correct horse battery staple';

let ca: KeyAndCertificate;
let alice: KeyAndCertificate;
let p12: ArrayBuffer;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  alice = await issueCertificate(ca, { subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature'], extractable: true });
  p12 = await createPkcs12(alice, { password: PASSWORD, friendlyName: 'Alice signing key', iterations: 2048 });
  openssl.write('alice.p12', p12);
  openssl.write('alice.pem', certificateToPem(alice.certificate));
});

describe('pkcs12: the example file, opened by openssl', () => {
  it('openssl checks the MAC and shows friendlyName (1.2.840.113549.1.9.20) and localKeyID on both bags', async () => {
    const { stdout, stderr } = await openssl.ok('pkcs12', '-info', '-in', 'alice.p12', '-passin', `pass:${PASSWORD}`, '-noenc');
    expect(stderr).toContain('MAC: sha256, Iteration 2048');
    expect(stderr).toMatch(/Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256/);
    expect(stderr).toMatch(/PKCS7 Encrypted data: PBES2, PBKDF2, AES-256-CBC/);
    const localKeyId = createHash('sha1').update(Buffer.from(alice.certificate.toSchema().toBER(false))).digest('hex')
      .toUpperCase().replace(/(..)/g, '$1 ').trim();
    const bags = [...stdout.matchAll(/Bag Attributes\n {4}friendlyName: ([^\n]+)\n {4}localKeyID: ([0-9A-F ]+?) ?\n/g)];
    expect(bags.map((m) => [m[1], m[2]])).toEqual([['Alice signing key', localKeyId], ['Alice signing key', localKeyId]]);
    expect(stdout).toMatch(/subject=CN = Alice\n/);
    expect(stdout).toContain('-----BEGIN PRIVATE KEY-----');
  });

  it('the key openssl extracts belongs to the certificate openssl extracts', async () => {
    const pass = ['-passin', `pass:${PASSWORD}`];
    await openssl.ok('pkcs12', '-in', 'alice.p12', ...pass, '-nocerts', '-noenc', '-out', 'key.pem');
    await openssl.ok('pkcs12', '-in', 'alice.p12', ...pass, '-nokeys', '-out', 'cert.pem');
    const { stdout: fromKey } = await openssl.ok('pkey', '-in', 'key.pem', '-pubout');
    const { stdout: fromCertificate } = await openssl.ok('x509', '-in', 'cert.pem', '-noout', '-pubkey');
    expect(fromKey).toContain('-----BEGIN PUBLIC KEY-----');
    expect(fromKey).toBe(fromCertificate);
    const { stdout: fingerprint } = await openssl.ok('x509', '-in', 'cert.pem', '-noout', '-fingerprint', '-sha256');
    expect(fingerprint).toBe((await openssl.ok('x509', '-in', 'alice.pem', '-noout', '-fingerprint', '-sha256')).stdout);
  });

  it('openssl refuses a wrong password and a changed byte', async () => {
    const wrong = await openssl.run('pkcs12', '-info', '-in', 'alice.p12', '-passin', 'pass:wrong', '-noenc');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/Mac verify error/);
    const changed = Buffer.from(p12);
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at]! ^ 0x01;
    openssl.write('changed.p12', changed);
    const result = await openssl.run('pkcs12', '-info', '-in', 'changed.p12', '-passin', `pass:${PASSWORD}`, '-noenc');
    expect(result.code).not.toBe(0);
    await expect(readPkcs12(new Uint8Array(changed), PASSWORD)).rejects.toThrow();
  });

  it('readPkcs12 reads an OpenSSL-made file: the friendly name, the matching local key ids, a usable key', async () => {
    await openssl.ok('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'bob.key');
    await openssl.ok('req', '-new', '-x509', '-key', 'bob.key', '-subj', '/CN=Bob', '-days', '30', '-out', 'bob.pem');
    await openssl.ok('pkcs12', '-export', '-in', 'bob.pem', '-inkey', 'bob.key', '-name', 'Bob signing key',
      '-passout', `pass:${PASSWORD}`, '-out', 'bob.p12');
    const contents = await readPkcs12(bytesOf(openssl.read('bob.p12')), PASSWORD);
    expect(contents.certificates).toHaveLength(1);
    expect(contents.privateKeys).toHaveLength(1);
    const [certificate] = contents.certificates;
    const [key] = contents.privateKeys;
    expect(certificate!.friendlyName).toBe('Bob signing key');
    expect(key!.friendlyName).toBe('Bob signing key');
    expect(commonNameOf(certificate!.certificate)).toBe('Bob');
    expect(key!.localKeyId).toMatch(/^[0-9a-f]{40}$/i);
    expect(certificate!.localKeyId).toBe(key!.localKeyId);
    const signingKey = await importSigningKey(key!.pkcs8);
    expect(signingKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    await expect(readPkcs12(bytesOf(openssl.read('bob.p12')), 'wrong')).rejects.toThrow();
  });
});
