// The claim of the certificate-based encryption page: pkijs 3.3.2 has no
// AuthEnvelopedData (RFC 5083). Checked against pkijs's exports, and with an
// AuthEnvelopedData that OpenSSL 3 writes for AES-GCM.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCertificateAuthority, useWebCrypto, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import {
  issueEncryptionCertificate, parseEnvelopedData,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-certificate-based-encryption.ts';
import { bytesOf, useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const AUTH_ENVELOPED_DATA = '1.2.840.113549.1.9.16.1.23'; // RFC 5083 2.1: id-ct-authEnvelopedData
let bob: KeyAndCertificate;

beforeAll(async () => {
  useWebCrypto();
  const ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  bob = await issueEncryptionCertificate(ca, 'Bob', 'rsa');
  openssl.write('bob.pem', certificateToPem(bob.certificate));
  openssl.write('message.txt', 'Meet at noon.\n');
  await openssl.ok('cms', '-encrypt', '-aes-256-gcm', '-binary', '-outform', 'DER', '-in', 'message.txt', '-out', 'message.der', 'bob.pem');
});

describe('AuthEnvelopedData (RFC 5083)', () => {
  it('pkijs exports no AuthEnvelopedData class and no constant holding its content type', () => {
    const exports = Object.entries(pkijs as unknown as Record<string, unknown>);
    expect(exports.length).toBeGreaterThan(200);
    expect(exports.filter(([name]) => /auth.?enveloped|authenticated.?enveloped/i.test(name))).toEqual([]);
    expect(exports.filter(([, value]) => value === AUTH_ENVELOPED_DATA)).toEqual([]);
    // The kinds it does have, for comparison:
    expect(typeof pkijs.EnvelopedData).toBe('function');
    expect(pkijs.id_ContentType_EnvelopedData).toBe('1.2.840.113549.1.7.3');
  });

  it('OpenSSL 3 writes AuthEnvelopedData for AES-GCM; parseEnvelopedData names it and refuses it', async () => {
    const der = bytesOf(openssl.read('message.der'));
    expect(pkijs.ContentInfo.fromBER(der).contentType).toBe(AUTH_ENVELOPED_DATA);
    expect(() => parseEnvelopedData(der)).toThrow('This is CMS AuthEnvelopedData (RFC 5083), which pkijs cannot decrypt');
  });

  it('OpenSSL decrypts it, the way out the page gives', async () => {
    const key = await crypto.subtle.exportKey('pkcs8', bob.privateKey);
    openssl.write('bob.key', `-----BEGIN PRIVATE KEY-----\n${Buffer.from(key).toString('base64')}\n-----END PRIVATE KEY-----\n`);
    const { stdout } = await openssl.ok('cms', '-decrypt', '-inform', 'DER', '-in', 'message.der', '-recip', 'bob.pem', '-inkey', 'bob.key');
    expect(stdout).toBe('Meet at noon.\n');
  });
});
