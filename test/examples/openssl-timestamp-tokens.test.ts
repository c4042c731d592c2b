// Interop: time-stamp tokens made by `openssl ts -reply` acting as the TSA,
// verified by the example's verifyTimeStampResponse. OpenSSL pins its signer
// with ESS signing-certificate (v1, SHA-1) or signing-certificate-v2 (another
// hash, named unless it is SHA-256), as `ess_cert_id_alg` says: the example's
// signingCertificateMatches must read all three forms.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  OID, createCertificateAuthority, issueCertificate, makeExtension, toPem, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { createTimeStampRequest, timeStampRequestToDer } from '../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { TSA_POLICY, verifyTimeStampResponse } from '../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import { useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const data = new TextEncoder().encode('Minutes of the board meeting, 3 March.\n');
let ca: KeyAndCertificate;
let request: pkijs.TimeStampReq;

/** An `openssl ts` configuration for a TSA whose ESS certificate identifier uses `essHash`. */
function tsaConfig(essHash: string): string {
  return [
    '[tsa]', 'default_tsa = tsa_config', '[tsa_config]', 'serial = serial.txt', 'signer_cert = tsa.pem', 'signer_key = tsa.key',
    'signer_digest = sha256', `default_policy = ${TSA_POLICY}`, 'digests = sha256, sha384, sha512', `ess_cert_id_alg = ${essHash}`, '',
  ].join('\n');
}

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd' });
  // createTsaCertificate's profile, with a key that can be written out for OpenSSL.
  const tsa = await issueCertificate(ca, {
    subject: { commonName: 'Example Time-Stamping Authority', organization: 'Example Ltd' }, keyUsage: ['digitalSignature'], validDays: 365,
    extensions: [makeExtension(pkijs.id_ExtKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema())],
    extractable: true,
  });
  request = await createTimeStampRequest(data);
  openssl.write('tsa.pem', certificateToPem(tsa.certificate));
  openssl.write('tsa.key', toPem(await crypto.subtle.exportKey('pkcs8', tsa.privateKey), 'PRIVATE KEY'));
  openssl.write('request.tsq', timeStampRequestToDer(request));
  openssl.write('serial.txt', '01\n');
});

describe('ts -reply: OpenSSL as the TSA, verified by verifyTimeStampResponse', () => {
  for (const [essHash, attribute] of [['sha1', 'signing-certificate (v1)'], ['sha256', 'signing-certificate-v2, hash left out'],
    ['sha512', 'signing-certificate-v2, hash named']] as const) {
    it(`accepts a token whose ${attribute} pins the TSA certificate (ess_cert_id_alg = ${essHash})`, async () => {
      openssl.write('tsa.cnf', tsaConfig(essHash));
      await openssl.ok('ts', '-reply', '-config', 'tsa.cnf', '-queryfile', 'request.tsq', '-out', 'response.tsr');
      const stamp = await verifyTimeStampResponse(new Uint8Array(openssl.read('response.tsr')).buffer, request, data, [ca.certificate]);
      expect(stamp.tsa).toContain('Example Time-Stamping Authority');
      expect(stamp.policy).toBe(TSA_POLICY);
    });
  }
});
