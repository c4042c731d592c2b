// The certificate fingerprint example, checked against OpenSSL's fingerprints
// and SPKI hash, and against the look-alikes a fingerprint check must refuse.
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  fingerprint, fingerprintsOf, formatFingerprint, matchesFingerprint, spkiPin,
} from '../../content/docs/examples/certificates-and-revocation/certificate-fingerprints.ts';
import {
  createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
/** "sha256 Fingerprint=AB:CD:…" (OpenSSL 3 prints the digest name in lower or upper case). */
const opensslFingerprint = async (file: string, hash: string) =>
  /Fingerprint=([0-9A-F:]+)/.exec((await openssl.ok('x509', '-in', file, '-noout', '-fingerprint', `-${hash}`)).stdout)?.[1];
const der = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER(false));

let ca: KeyAndCertificate;
let alice: KeyAndCertificate;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  alice = await issueCertificate(ca, { subject: { commonName: 'Alice' }, keyUsage: ['digitalSignature'] });
  await openssl.ok('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-noenc', '-keyout', 'bob.key',
    '-subj', '/CN=Bob', '-days', '30', '-out', 'bob.pem');
  openssl.write('alice.pem', certificateToPem(alice.certificate));
});

describe('certificate-fingerprints', () => {
  it('formats digests as uppercase hex pairs joined by colons', () => {
    expect(formatFingerprint(new Uint8Array([0x0a, 0xff, 0x00]))).toBe('0A:FF:00');
    expect(formatFingerprint(new Uint8Array([0xab]))).toBe('AB');
  });

  it('gives the SHA-1 and SHA-256 fingerprints OpenSSL gives, for an OpenSSL certificate', async () => {
    const prints = await fingerprintsOf(openssl.readText('bob.pem'));
    expect(prints.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(prints.sha1).toMatch(/^([0-9A-F]{2}:){19}[0-9A-F]{2}$/);
    expect(prints.sha256).toBe(await opensslFingerprint('bob.pem', 'sha256'));
    expect(prints.sha1).toBe(await opensslFingerprint('bob.pem', 'sha1'));
  });

  it('gives the fingerprints OpenSSL gives for a certificate pkijs made', async () => {
    const prints = await fingerprintsOf(certificateToPem(alice.certificate));
    expect(prints.sha256).toBe(await opensslFingerprint('alice.pem', 'sha256'));
    expect(prints.sha1).toBe(await opensslFingerprint('alice.pem', 'sha1'));
  });

  it('pins the SubjectPublicKeyInfo OpenSSL extracts (RFC 7469 pin-sha256)', async () => {
    await openssl.ok('x509', '-in', 'bob.pem', '-noout', '-pubkey', '-out', 'bob.pub');
    await openssl.ok('pkey', '-pubin', '-in', 'bob.pub', '-outform', 'DER', '-out', 'bob.spki');
    const expected = createHash('sha256').update(openssl.read('bob.spki')).digest('base64');
    const prints = await fingerprintsOf(openssl.readText('bob.pem'));
    expect(prints.spkiSha256).toBe(expected);
  });

  it('accepts a fingerprint pasted as Chrome, Firefox or Windows show it', async () => {
    const certificate = der(alice.certificate);
    const hex = createHash('sha256').update(certificate).digest('hex');
    expect(await matchesFingerprint(certificate, hex.toUpperCase().replace(/(..)(?!$)/g, '$1:'))).toBe(true); // Firefox
    expect(await matchesFingerprint(certificate, hex.toUpperCase().replace(/(..)(?!$)/g, '$1 '))).toBe(true); // Chrome
    expect(await matchesFingerprint(certificate, hex)).toBe(true); // Windows thumbprint
    const sha1 = createHash('sha1').update(certificate).digest('hex');
    expect(await matchesFingerprint(certificate, sha1, 'SHA-1')).toBe(true);
  });
});

describe('certificate-fingerprints: what a fingerprint check must refuse', () => {
  it('refuses a look-alike with the same subject, serial number, validity and key, signed by another CA', async () => {
    const impostorCa = await createCertificateAuthority({ commonName: 'Example Root CA' });
    const copy = pkijs.Certificate.fromBER(der(alice.certificate));
    await copy.sign(impostorCa.privateKey, 'SHA-256');
    const real = formatFingerprint(await fingerprint(der(alice.certificate)));
    expect(copy.subject.isEqual(alice.certificate.subject)).toBe(true);
    expect(copy.serialNumber.isEqual(alice.certificate.serialNumber)).toBe(true);
    expect(await matchesFingerprint(der(copy), real)).toBe(false);
    // Same key, so the SPKI pin is the same: a pin alone does not tell these two apart, a chain check does.
    expect(await spkiPin(copy)).toBe(await spkiPin(alice.certificate));
  });

  it('refuses a prefix, a SHA-1 value where SHA-256 is expected, and text that is not hex', async () => {
    const certificate = der(alice.certificate);
    const hex = createHash('sha256').update(certificate).digest('hex');
    expect(await matchesFingerprint(certificate, hex.slice(0, 16))).toBe(false);
    expect(await matchesFingerprint(certificate, `${hex}00`)).toBe(false);
    expect(await matchesFingerprint(certificate, createHash('sha1').update(certificate).digest('hex'))).toBe(false);
    expect(await matchesFingerprint(certificate, 'zz'.repeat(32))).toBe(false);
    expect(await matchesFingerprint(certificate, '')).toBe(false);
  });

  it('changes the fingerprint but keeps the pin when a certificate is renewed with the same key', async () => {
    const renewed = pkijs.Certificate.fromBER(der(alice.certificate));
    renewed.serialNumber = new asn1js.Integer({ value: 2 });
    await renewed.sign(ca.privateKey, 'SHA-256');
    expect(await matchesFingerprint(der(renewed), formatFingerprint(await fingerprint(der(alice.certificate))))).toBe(false);
    expect(await spkiPin(renewed)).toBe(await spkiPin(alice.certificate));
  });

  it('hashes the DER, not the PEM text', async () => {
    const pem = new TextEncoder().encode(certificateToPem(alice.certificate));
    const real = formatFingerprint(await fingerprint(der(alice.certificate)));
    expect(formatFingerprint(await fingerprint(pem))).not.toBe(real);
    expect((await fingerprintsOf(certificateToPem(alice.certificate))).sha256).toBe(real);
  });
});
