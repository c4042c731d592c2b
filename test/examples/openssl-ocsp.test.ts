// Interop: OCSP requests and responses made by the example code, parsed and
// verified by `openssl ocsp`; an OpenSSL-made request answered by the example
// responder. Expected values are literals from RFC 6960 and RFC 5280.
import { createHash } from 'node:crypto';
import type * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  createOcspRequest, ocspRequestToDer, parseOcspRequest,
} from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import {
  checkOcspResponse, createOcspResponse, createResponderCertificate, parseOcspResponse, type ResponseOptions, type StatusLookup,
} from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';
import {
  createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { tamper, useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const hex = (bytes: ArrayBuffer | ArrayBufferView) =>
  (ArrayBuffer.isView(bytes) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.from(bytes)).toString('hex').toUpperCase();
const serialOf = (certificate: pkijs.Certificate) => hex(certificate.serialNumber.valueBlock.valueHexView);
const sha1 = (bytes: ArrayBuffer | ArrayBufferView) =>
  createHash('sha1').update(ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes)).digest('hex').toUpperCase();

let ca: KeyAndCertificate;
let responder: KeyAndCertificate;
let good: KeyAndCertificate;
let keyCompromised: KeyAndCertificate;
let caCompromised: KeyAndCertificate;
let lookup: StatusLookup;
const revokedAt = new Date(Date.UTC(2024, 0, 15, 12, 0, 0));

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd' });
  responder = await createResponderCertificate(ca);
  const leaf = (commonName: string) => issueCertificate(ca, { subject: { commonName }, keyUsage: ['digitalSignature'] });
  [good, keyCompromised, caCompromised] = await Promise.all([leaf('Good'), leaf('Key Compromised'), leaf('CA Compromised')]);
  lookup = (serial) => {
    if (serial.toUpperCase() === serialOf(keyCompromised.certificate)) return { status: 'revoked', revokedAt, reason: 'keyCompromise' };
    if (serial.toUpperCase() === serialOf(caCompromised.certificate)) return { status: 'revoked', revokedAt, reason: 'cACompromise' };
    return { status: 'good' };
  };
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('responder.pem', certificateToPem(responder.certificate));
  openssl.write('good.pem', certificateToPem(good.certificate));
  openssl.write('key-compromised.pem', certificateToPem(keyCompromised.certificate));
});

/** An example request and the example responder's answer, written as DER files. */
async function exchange(name: string, certificate: pkijs.Certificate, signer: KeyAndCertificate, options: ResponseOptions = {}) {
  const request = await createOcspRequest(certificate, ca.certificate);
  const response = await createOcspResponse(request, ca.certificate, signer, lookup, options);
  const der = response.toSchema().toBER(false);
  openssl.write(`${name}.req`, ocspRequestToDer(request));
  openssl.write(`${name}.resp`, der);
  return { request, der };
}

const readResponse = (name: string) =>
  openssl.run('ocsp', '-reqin', `${name}.req`, '-respin', `${name}.resp`, '-resp_text', '-CAfile', 'ca.pem', '-issuer', 'ca.pem');

describe('ocsp requests, read by openssl', () => {
  for (const [certIdHash, name] of [['SHA-1', 'sha1'], ['SHA-256', 'sha256']] as const) {
    it(`shows the nonce and a ${certIdHash} CertID of the issuer's name and key (RFC 6960 4.1.1)`, async () => {
      const request = await createOcspRequest(good.certificate, ca.certificate, { certIdHash });
      openssl.write(`${name}.req`, ocspRequestToDer(request));
      const { stdout } = await openssl.ok('ocsp', '-reqin', `${name}.req`, '-req_text');
      const digest = (bytes: ArrayBuffer | ArrayBufferView) => createHash(name).update(Buffer.from(hex(bytes), 'hex')).digest('hex').toUpperCase();
      expect(stdout).toContain(`Hash Algorithm: ${name}\n`);
      expect(stdout).toContain(`Issuer Name Hash: ${digest(ca.certificate.subject.toSchema().toBER(false))}\n`);
      expect(stdout).toContain(`Issuer Key Hash: ${digest(ca.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)}\n`);
      expect(stdout).toContain(`Serial Number: ${serialOf(good.certificate)}\n`);
      // id-pkix-ocsp-nonce (1.3.6.1.5.5.7.48.1.2): an OCTET STRING of 32 random bytes.
      expect(stdout).toMatch(/Request Extensions:\s+OCSP Nonce: ?\s+0420[0-9A-F]{64}\n/);
    });
  }
});

describe('ocsp responses, verified by openssl', () => {
  it('the responder certificate: OCSP Signing (1.3.6.1.5.5.7.3.9) and OCSP No Check (1.3.6.1.5.5.7.48.1.5)', async () => {
    const { stdout } = await openssl.ok('x509', '-in', 'responder.pem', '-noout', '-text');
    expect(stdout).toMatch(/X509v3 Extended Key Usage: ?\s+OCSP Signing\n/);
    expect(stdout).toMatch(/\n {12}OCSP No Check: ?\n/);
    expect(stdout).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
  });

  const cases: Array<[string, () => KeyAndCertificate, ResponseOptions, RegExp]> = [
    ['a delegated responder named by name', () => responder, { responderId: 'byName' }, /Responder Id: O = Example Ltd, CN = Example OCSP Responder\n/],
    ['a delegated responder named by key', () => responder, { responderId: 'byKey' }, /Responder Id: [0-9A-F]{40}\n/],
    ['the CA itself, no certificate attached', () => ca, { attachCertificate: false }, /Responder Id: O = Example Ltd, CN = Example Root CA\n/],
  ];
  for (const [label, signer, options, responderId] of cases) {
    it(`verifies a "good" answer signed by ${label}`, async () => {
      const name = label.replace(/\W+/g, '-');
      const { request, der } = await exchange(name, good.certificate, signer(), options);
      const result = await readResponse(name);
      expect(result.output).toContain('Response verify OK');
      expect(result.output).not.toMatch(/Nonce Verify error|WARNING: no nonce/);
      expect(result.stdout).toMatch(responderId);
      expect(result.stdout).toContain('Cert Status: good\n');
      if (options.responderId === 'byKey') {
        expect(result.stdout).toContain(`Responder Id: ${sha1(responder.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)}\n`);
      }
      const summary = await openssl.run('ocsp', '-issuer', 'ca.pem', '-cert', 'good.pem', '-no_nonce', '-respin', `${name}.resp`, '-CAfile', 'ca.pem');
      expect(summary.stdout).toMatch(/^good\.pem: good\n/);
      const status = await checkOcspResponse(parseOcspResponse(der), request, good.certificate, ca.certificate);
      expect(status.status).toBe('good');
    });
  }

  it('shows revoked certificates with reason codes 1 and 2 (RFC 5280 5.3.1)', async () => {
    for (const [certificate, reason] of [[keyCompromised, 'keyCompromise (0x1)'], [caCompromised, 'cACompromise (0x2)']] as const) {
      await exchange('revoked', certificate.certificate, responder);
      const result = await readResponse('revoked');
      expect(result.output).toContain('Response verify OK');
      expect(result.stdout).toContain(`Serial Number: ${serialOf(certificate.certificate)}\n`);
      expect(result.stdout).toMatch(new RegExp(`Cert Status: revoked\\s+Revocation Time: Jan 15 12:00:00 2024 GMT\\s+Revocation Reason: ${reason.replace(/[()]/g, '\\$&')}\\n`));
    }
    await exchange('key-compromised', keyCompromised.certificate, responder);
    const summary = await openssl.run('ocsp', '-issuer', 'ca.pem', '-cert', 'key-compromised.pem', '-no_nonce', '-respin', 'key-compromised.resp', '-CAfile', 'ca.pem');
    expect(summary.stdout).toMatch(/key-compromised\.pem: revoked[\s\S]*Reason: keyCompromise\n/);
  });

  it('a flipped signature byte: openssl and checkOcspResponse both reject the answer', async () => {
    const { request, der } = await exchange('tampered', good.certificate, responder);
    const tampered = tamper(der, parseOcspResponse(der).signature.valueBlock.valueHexView);
    openssl.write('tampered.resp', tampered);
    const result = await readResponse('tampered');
    expect(result.output).toContain('Response Verify Failure');
    expect(result.output).not.toContain('Response verify OK');
    await expect(checkOcspResponse(parseOcspResponse(tampered.buffer),
      request, good.certificate, ca.certificate)).rejects.toThrow(/signature/);
  });

  it('a signer without id-kp-OCSPSigning (1.3.6.1.5.5.7.3.9): openssl and checkOcspResponse both reject the answer', async () => {
    const impostor = await issueCertificate(ca, { subject: { commonName: 'Not a responder' }, keyUsage: ['digitalSignature'] });
    const { request, der } = await exchange('impostor', good.certificate, impostor);
    const result = await readResponse('impostor');
    expect(result.output).toContain('Response Verify Failure');
    expect(result.output).toMatch(/missing ocspsigning usage/i);
    await expect(checkOcspResponse(parseOcspResponse(der), request, good.certificate, ca.certificate)).rejects.toThrow(/not authori[sz]ed/);
  });

  it('an answer to another request (another nonce): openssl and checkOcspResponse both reject it', async () => {
    const { der } = await exchange('first', good.certificate, responder);
    const second = await createOcspRequest(good.certificate, ca.certificate);
    openssl.write('second.req', ocspRequestToDer(second));
    const result = await openssl.run('ocsp', '-reqin', 'second.req', '-respin', 'first.resp', '-CAfile', 'ca.pem', '-issuer', 'ca.pem');
    expect(result.output).toContain('Nonce Verify error');
    await expect(checkOcspResponse(parseOcspResponse(der), second, good.certificate, ca.certificate)).rejects.toThrow(/nonce/);
  });

  it('answers an OpenSSL-made request; openssl verifies the answer and its nonce', async () => {
    await openssl.ok('ocsp', '-issuer', 'ca.pem', '-cert', 'key-compromised.pem', '-reqout', 'openssl.req');
    const request = parseOcspRequest(new Uint8Array(openssl.read('openssl.req')).buffer);
    const response = await createOcspResponse(request, ca.certificate, responder, lookup, { responderId: 'byKey' });
    openssl.write('openssl.resp', response.toSchema().toBER(false));
    const result = await readResponse('openssl');
    expect(result.output).toContain('Response verify OK');
    expect(result.output).not.toMatch(/Nonce Verify error|WARNING: no nonce/);
    expect(result.stdout).toMatch(/Response Extensions:\s+OCSP Nonce: ?\s+04[0-9A-F]+\n/);
    expect(result.stdout).toMatch(/Cert Status: revoked[\s\S]*Revocation Reason: keyCompromise \(0x1\)\n/);
  });
});
