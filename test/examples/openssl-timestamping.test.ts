// Interop: RFC 3161 time-stamp requests and responses made by the example code,
// read and verified by `openssl ts`; OpenSSL-made queries answered by the
// example TSA. Expected values are literals from RFC 3161 and RFC 5280.
import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCertificateAuthority, useWebCrypto, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import {
  createTimeStampRequest, parseTimeStampRequest, timeStampRequestToDer,
} from '../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, createTsaCertificate } from '../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import { tamper, useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const data = new TextEncoder().encode('The contract, version 3, as signed.\n');
const verifyArgs = ['-CAfile', 'ca.pem', '-untrusted', 'tsa.pem'];

let ca: KeyAndCertificate;
let tsa: KeyAndCertificate;
let request: pkijs.TimeStampReq;
let responseDer: ArrayBuffer;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd' });
  tsa = await createTsaCertificate(ca);
  request = await createTimeStampRequest(data);
  responseDer = (await createTimeStampResponse(request, tsa)).toSchema().toBER(false);
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('tsa.pem', certificateToPem(tsa.certificate));
  openssl.write('data.txt', data);
  openssl.write('request.tsq', timeStampRequestToDer(request));
  openssl.write('response.tsr', responseDer);
});

describe('ts: the example TSA, checked by openssl', () => {
  it('the TSA certificate has the one critical EKU Time Stamping (id-kp-timeStamping, RFC 3161 2.3)', async () => {
    const { stdout } = await openssl.ok('x509', '-in', 'tsa.pem', '-noout', '-text');
    expect(stdout).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\n/);
    expect(stdout).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    const { stdout: purposes } = await openssl.ok('x509', '-in', 'tsa.pem', '-noout', '-purpose');
    expect(purposes).toContain('Time Stamp signing : Yes');
    expect(purposes).toContain('S/MIME signing : No');
  });

  it('openssl reads the request: SHA-256 imprint, nonce, certReq', async () => {
    const { stdout } = await openssl.ok('ts', '-query', '-in', 'request.tsq', '-text');
    expect(stdout).toContain('Hash Algorithm: sha256\n');
    const imprint = createHash('sha256').update(data).digest('hex');
    const dumped = [...stdout.matchAll(/^ {4}[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -]){1,16})/gm)].map((m) => m[1]!.replace(/[ -]/g, '')).join('');
    expect(dumped).toBe(imprint);
    const nonce = Buffer.from(request.nonce!.valueBlock.valueHexView).toString('hex').toUpperCase();
    expect(stdout).toContain(`Nonce: 0x${nonce}\n`);
    expect(stdout).toContain('Certificate required: yes\n');
  });

  it('openssl reads the response: granted, policy 1.3.6.1.5.5.7.13.1, the same imprint and nonce', async () => {
    const { stdout } = await openssl.ok('ts', '-reply', '-in', 'response.tsr', '-text');
    expect(stdout).toContain('Status: Granted.\n');
    expect(stdout).toContain('Policy OID: 1.3.6.1.5.5.7.13.1\n');
    expect(stdout).toContain('Hash Algorithm: sha256\n');
    expect(stdout).toContain(`Nonce: 0x${Buffer.from(request.nonce!.valueBlock.valueHexView).toString('hex').toUpperCase()}\n`);
    expect(stdout).toContain('Accuracy: 0x01 seconds');
    expect(stdout).toMatch(/Time stamp: \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4} GMT\n/);
  });

  it('openssl ts -verify: the token is valid for the data and for the request', async () => {
    const byData = await openssl.run('ts', '-verify', '-data', 'data.txt', '-in', 'response.tsr', ...verifyArgs);
    expect(byData.stdout).toContain('Verification: OK');
    const byQuery = await openssl.run('ts', '-verify', '-queryfile', 'request.tsq', '-in', 'response.tsr', ...verifyArgs);
    expect(byQuery.stdout).toContain('Verification: OK');
  });

  it('openssl ts -verify refuses other data and a flipped signature byte', async () => {
    openssl.write('other.txt', 'The contract, version 4.\n');
    const otherData = await openssl.run('ts', '-verify', '-data', 'other.txt', '-in', 'response.tsr', ...verifyArgs);
    expect(otherData.output).toContain('Verification: FAILED');
    expect(otherData.output).toContain('message imprint mismatch');

    const token = (await createTimeStampResponse(request, tsa)).timeStampToken!;
    const signature = new pkijs.SignedData({ schema: token.content }).signerInfos[0]!.signature.valueBlock.valueHexView;
    const der = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }), timeStampToken: token }).toSchema().toBER(false);
    openssl.write('tampered.tsr', tamper(der, signature));
    openssl.write('untampered.tsr', der);
    expect((await openssl.run('ts', '-verify', '-data', 'data.txt', '-in', 'untampered.tsr', ...verifyArgs)).stdout).toContain('Verification: OK');
    const tampered = await openssl.run('ts', '-verify', '-data', 'data.txt', '-in', 'tampered.tsr', ...verifyArgs);
    expect(tampered.output).toContain('Verification: FAILED');
  });

  it('answers OpenSSL-made queries (SHA-256 and SHA-512); openssl verifies the answers', async () => {
    for (const hash of ['sha256', 'sha512']) {
      await openssl.ok('ts', '-query', '-data', 'data.txt', `-${hash}`, '-cert', '-out', `openssl-${hash}.tsq`);
      const query = parseTimeStampRequest(new Uint8Array(openssl.read(`openssl-${hash}.tsq`)).buffer);
      openssl.write(`openssl-${hash}.tsr`, (await createTimeStampResponse(query, tsa)).toSchema().toBER(false));
      const { stdout } = await openssl.ok('ts', '-reply', '-in', `openssl-${hash}.tsr`, '-text');
      expect(stdout).toContain('Status: Granted.\n');
      expect(stdout).toContain(`Hash Algorithm: ${hash}\n`);
      const result = await openssl.run('ts', '-verify', '-queryfile', `openssl-${hash}.tsq`, '-in', `openssl-${hash}.tsr`, ...verifyArgs);
      expect(result.stdout).toContain('Verification: OK');
    }
  });

  it('refuses an OpenSSL-made SHA-1 query with badAlg (RFC 3161 2.4.2)', async () => {
    await openssl.ok('ts', '-query', '-data', 'data.txt', '-sha1', '-out', 'sha1.tsq');
    const query = parseTimeStampRequest(new Uint8Array(openssl.read('sha1.tsq')).buffer);
    openssl.write('sha1.tsr', (await createTimeStampResponse(query, tsa)).toSchema().toBER(false));
    const { stdout } = await openssl.ok('ts', '-reply', '-in', 'sha1.tsr', '-text');
    expect(stdout).toContain('Status: Rejected.\n');
    expect(stdout).toContain('unrecognized or unsupported algorithm identifier');
  });
});
