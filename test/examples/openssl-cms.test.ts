// Interop: CMS SignedData, EnvelopedData, P7B bags and S/MIME messages made by
// the example code, checked by `openssl cms`/`smime`/`pkcs7`; OpenSSL-made ones
// read by the example code. Expected values are literals (RFC 5652, RFC 8551,
// RFC 5280 OIDs and OpenSSL's names for them), never the examples' own constants.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  commonNameOf, createCertificateAuthority, issueCertificate, toPem, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { signAndEncrypt, textEntity } from '../../content/docs/examples/other/S-MIME-signature-encryption.ts';
import { createSignedMessage, verifySignedMessage } from '../../content/docs/examples/other/S-MIME-signature-verification.ts';
import {
  encryptForCertificates, issueEncryptionCertificate,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-certificate-based-encryption.ts';
import { encryptWithPassword } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-password-based-encryption.ts';
import { parseSignedData, signData, verifySignedData } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import {
  createCertificateBag, orderChain, readCertificateBag,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-PKCS-7-certificate-bags-P7B.ts';
import { bytesOf, tamper, useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const data = new TextEncoder().encode('Pay Bob 100 pounds.\n');
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4'; // id-kp-emailProtection, RFC 5280 4.2.1.12
const signatureOf = (der: ArrayBuffer | Uint8Array<ArrayBuffer>) => parseSignedData(der).signerInfos[0]!.signature.valueBlock.valueHexView;

let ca: KeyAndCertificate;
let alice: KeyAndCertificate;
let bob: KeyAndCertificate;
let carol: KeyAndCertificate;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd' });
  alice = await issueCertificate(ca, {
    subject: { commonName: 'Alice' },
    keyUsage: ['digitalSignature', 'nonRepudiation'],
    extendedKeyUsage: [EMAIL_PROTECTION],
    emails: ['alice@example.com'],
    extractable: true, // OpenSSL signs with this key too
  });
  bob = await issueEncryptionCertificate(ca, 'Bob', 'rsa');
  carol = await issueEncryptionCertificate(ca, 'Carol', 'ec');
  for (const [name, entry] of [['alice', alice], ['bob', bob], ['carol', carol]] as const) {
    openssl.write(`${name}.pem`, certificateToPem(entry.certificate));
    openssl.write(`${name}.key`, toPem(await crypto.subtle.exportKey('pkcs8', entry.privateKey), 'PRIVATE KEY'));
  }
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('data.txt', data);
});

describe('cms signing both ways', () => {
  it('openssl verifies attached signData output and reads the digest algorithm', async () => {
    for (const hash of ['SHA-256', 'SHA-384'] as const) {
      openssl.write('attached.p7m', await signData(data, alice, { hash }));
      const result = await openssl.run('cms', '-verify', '-inform', 'DER', '-in', 'attached.p7m', '-CAfile', 'ca.pem', '-out', 'content.txt');
      expect(result.stderr).toContain('Verification successful');
      expect(openssl.readText('content.txt')).toBe('Pay Bob 100 pounds.\n');
      const { stdout } = await openssl.ok('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'attached.p7m');
      const name = hash === 'SHA-256' ? 'sha256 \\(2\\.16\\.840\\.1\\.101\\.3\\.4\\.2\\.1\\)' : 'sha384 \\(2\\.16\\.840\\.1\\.101\\.3\\.4\\.2\\.2\\)';
      expect(stdout).toMatch(new RegExp(`digestAlgorithm: ?\\s+algorithm: ${name}`));
      expect(stdout).toMatch(/object: messageDigest \(1\.2\.840\.113549\.1\.9\.4\)/);
      expect(stdout).toMatch(/object: contentType \(1\.2\.840\.113549\.1\.9\.3\)/);
    }
  });

  it('openssl verifies detached signData output against the content, and refuses other content', async () => {
    openssl.write('detached.p7s', await signData(data, alice, { detached: true }));
    openssl.write('other.txt', 'Pay Bob 1000 pounds.\n');
    const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'detached.p7s', '-CAfile', 'ca.pem', '-out', 'content.txt'];
    expect((await openssl.run(...args, '-content', 'data.txt')).stderr).toContain('Verification successful');
    expect((await openssl.run(...args, '-content', 'other.txt')).stderr).toContain('Verification failure');
  });

  it('a flipped signature byte: openssl and verifySignedData both refuse the signature', async () => {
    const der = await signData(data, alice);
    const tampered = tamper(der, signatureOf(der));
    openssl.write('tampered.p7m', tampered);
    const result = await openssl.run('cms', '-verify', '-inform', 'DER', '-in', 'tampered.p7m', '-CAfile', 'ca.pem', '-out', 'content.txt');
    expect(result.stderr).toContain('Verification failure');
    expect((await verifySignedData(parseSignedData(der), [ca.certificate])).valid).toBe(true);
    expect((await verifySignedData(parseSignedData(tampered), [ca.certificate])).valid).toBe(false);
  });

  it('verifySignedData accepts OpenSSL-made signatures (attached and detached) and refuses tampered ones', async () => {
    await openssl.ok('cms', '-sign', '-binary', '-nodetach', '-md', 'sha256', '-in', 'data.txt', '-signer', 'alice.pem', '-inkey', 'alice.key',
      '-outform', 'DER', '-out', 'openssl-attached.p7m');
    await openssl.ok('cms', '-sign', '-binary', '-md', 'sha256', '-in', 'data.txt', '-signer', 'alice.pem', '-inkey', 'alice.key',
      '-outform', 'DER', '-out', 'openssl-detached.p7s');
    const attached = bytesOf(openssl.read('openssl-attached.p7m'));
    const check = await verifySignedData(parseSignedData(attached), [ca.certificate]);
    expect(check.valid).toBe(true);
    expect(check.signer && commonNameOf(check.signer)).toBe('Alice');
    expect((await verifySignedData(parseSignedData(tamper(attached, signatureOf(attached))), [ca.certificate])).valid).toBe(false);

    const detached = bytesOf(openssl.read('openssl-detached.p7s'));
    expect((await verifySignedData(parseSignedData(detached), [ca.certificate], data)).valid).toBe(true);
    const otherData = new TextEncoder().encode('Pay Bob 1000 pounds.\n');
    expect((await verifySignedData(parseSignedData(detached), [ca.certificate], otherData)).valid).toBe(false);
    expect((await verifySignedData(parseSignedData(tamper(detached, signatureOf(detached))), [ca.certificate], data)).valid).toBe(false);
  });
});

describe('cms encryption', () => {
  it('openssl decrypts encryptForCertificates output for the RSA and the EC recipient', async () => {
    openssl.write('enveloped.p7m', await encryptForCertificates(data, [bob.certificate, carol.certificate]));
    for (const name of ['bob', 'carol']) {
      await openssl.ok('cms', '-decrypt', '-binary', '-inform', 'DER', '-in', 'enveloped.p7m', '-recip', `${name}.pem`, '-inkey', `${name}.key`, '-out', `${name}.txt`);
      expect(openssl.readText(`${name}.txt`)).toBe('Pay Bob 100 pounds.\n');
    }
    const { stdout } = await openssl.ok('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'enveloped.p7m');
    expect(stdout).toMatch(/d\.ktri:[\s\S]*algorithm: rsaesOaep \(1\.2\.840\.113549\.1\.1\.7\)/);
    expect(stdout).toMatch(/d\.kari:/);
    expect(stdout).toMatch(/contentEncryptionAlgorithm: ?\s+algorithm: aes-256-cbc \(2\.16\.840\.1\.101\.3\.4\.1\.42\)/);
    // Carol's key does not open Bob's copy: the recipient must hold the key.
    const wrong = await openssl.run('cms', '-decrypt', '-inform', 'DER', '-in', 'enveloped.p7m', '-recip', 'bob.pem', '-inkey', 'carol.key', '-out', 'wrong.txt');
    expect(wrong.code).not.toBe(0);
  });

  it('password-based: openssl reads the PBKDF2 parameters but cannot decrypt (pkijs writes id-aes256-wrap, not id-alg-PWRI-KEK)', async () => {
    openssl.write('password.p7m', await encryptWithPassword(data, 'correct horse battery staple', 10_000));
    const { stdout } = await openssl.ok('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'password.p7m');
    expect(stdout).toMatch(/d\.pwri:[\s\S]*algorithm: PBKDF2 \(1\.2\.840\.113549\.1\.5\.12\)/);
    expect(stdout).toMatch(/INTEGER\s+:2710\n/); // 10 000 iterations
    expect(stdout).toMatch(/OBJECT\s+:hmacWithSHA256/);
    // RFC 3211 2.3 wraps the content key with id-alg-PWRI-KEK (1.2.840.113549.1.9.16.3.9); pkijs 3.3.2 uses
    // AES key wrap directly, which OpenSSL refuses. When this assertion fails, the examples interoperate: assert the decryption instead.
    expect(stdout).toMatch(/keyEncryptionAlgorithm: ?\s+algorithm: id-aes256-wrap \(2\.16\.840\.1\.101\.3\.4\.1\.45\)/);
    const result = await openssl.run('cms', '-decrypt', '-inform', 'DER', '-in', 'password.p7m', '-pwri_password', 'correct horse battery staple', '-out', 'pw.txt');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('unsupported key encryption algorithm');
  });
});

describe('S/MIME and P7B', () => {
  const headers = { from: 'alice@example.com', to: 'bob@example.com', subject: 'Payment' };

  it('openssl verifies a createSignedMessage message, and refuses it once the text is changed', async () => {
    const message = await createSignedMessage(textEntity('Pay Bob 100 pounds.'), alice, headers);
    openssl.write('signed.eml', message);
    for (const command of ['cms', 'smime']) {
      const result = await openssl.run(command, '-verify', '-in', 'signed.eml', '-CAfile', 'ca.pem', '-out', 'entity.txt');
      expect(result.stderr).toMatch(/^(CMS )?Verification successful/m);
      expect(openssl.readText('entity.txt')).toContain('Content-Type: text/plain; charset=utf-8');
    }
    const { stdout } = await openssl.ok('x509', '-in', 'alice.pem', '-noout', '-text');
    expect(stdout).toMatch(/X509v3 Extended Key Usage: ?\s+E-mail Protection\n/);
    expect(stdout).toMatch(/X509v3 Subject Alternative Name: ?\s+email:alice@example\.com\n/);
    const body = message.split('\r\n\r\n')[2]!;
    openssl.write('changed.eml', message.replace(body, body.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))));
    expect((await openssl.run('cms', '-verify', '-in', 'changed.eml', '-CAfile', 'ca.pem', '-out', 'entity.txt')).stderr).toContain('Verification failure');
  });

  it('verifySignedMessage trusts an OpenSSL-made multipart/signed message from its signer only', async () => {
    openssl.write('body.txt', 'Pay Bob 100 pounds.\n');
    const sign = async (from: string) => {
      await openssl.ok('cms', '-sign', '-text', '-in', 'body.txt', '-signer', 'alice.pem', '-inkey', 'alice.key',
        '-from', from, '-to', 'bob@example.com', '-subject', 'Payment', '-out', 'openssl.eml');
      return verifySignedMessage(openssl.readText('openssl.eml'), [ca.certificate]);
    };
    const genuine = await sign('alice@example.com');
    expect(genuine).toMatchObject({ valid: true, senderMatches: true, problems: [], trusted: true });
    expect(genuine.entity.body).toContain('Pay Bob 100 pounds.');
    const spoofed = await sign('mallory@example.com');
    expect(spoofed).toMatchObject({ valid: true, senderMatches: false, trusted: false });
  });

  it('openssl decrypts a signAndEncrypt message for the recipient and verifies the signed entity inside', async () => {
    openssl.write('encrypted.eml', await signAndEncrypt(textEntity('Pay Bob 100 pounds.'), alice, [bob.certificate], headers));
    await openssl.ok('cms', '-decrypt', '-in', 'encrypted.eml', '-recip', 'bob.pem', '-inkey', 'bob.key', '-out', 'inner.eml');
    expect(openssl.readText('inner.eml')).toMatch(/^Content-Type: application\/pkcs7-mime; smime-type=signed-data/);
    const result = await openssl.run('cms', '-verify', '-in', 'inner.eml', '-CAfile', 'ca.pem', '-out', 'entity.txt');
    expect(result.stderr).toContain('Verification successful');
    expect(openssl.readText('entity.txt')).toContain('Content-Transfer-Encoding: base64');
  });

  it('openssl lists the certificates of a createCertificateBag P7B; readCertificateBag reads an OpenSSL-made one', async () => {
    openssl.write('bag.p7b', createCertificateBag([alice.certificate, ca.certificate]));
    const { stdout } = await openssl.ok('pkcs7', '-inform', 'DER', '-in', 'bag.p7b', '-print_certs', '-noout');
    const subjects = [...stdout.matchAll(/^subject=(.+)$/gm)].map((m) => m[1]);
    expect(subjects.sort()).toEqual(['CN = Alice', 'O = Example Ltd, CN = Example Root CA']);

    openssl.write('chain.pem', certificateToPem(ca.certificate) + certificateToPem(alice.certificate));
    await openssl.ok('crl2pkcs7', '-nocrl', '-certfile', 'chain.pem', '-outform', 'DER', '-out', 'openssl.p7b');
    const certificates = readCertificateBag(bytesOf(openssl.read('openssl.p7b')));
    expect(orderChain(certificates).map((c) => commonNameOf(c))).toEqual(['Alice', 'Example Root CA']);
    expect(certificates.every((c) => c instanceof pkijs.Certificate)).toBe(true);
  });
});
