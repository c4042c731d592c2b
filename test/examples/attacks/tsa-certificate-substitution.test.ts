// Attack suite: a time-stamp token whose TSA certificate was swapped. The
// signer identifier and the certificates of a SignedData are not signed; only
// the ESS signing-certificate-v2 attribute (RFC 3161 2.4.1, RFC 5035) binds the
// token to the certificate the TSA meant. verifyTimeStampResponse never reads
// it, so a second certificate for the same public key, from another trusted CA
// and under another name, takes the genuine TSA's place. `openssl ts -verify` judges.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { OID, buildName, encodeKeyUsage, makeExtension, signCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { createTimeStampRequest, timeStampRequestToDer } from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, createTsaCertificate, verifyTimeStampResponse } from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const DOCUMENT = new TextEncoder().encode('Contract v2, agreed on the phone.');
let cast: Cast;
let tsa: KeyAndCertificate;
let request: pkijs.TimeStampReq;
let genuine: ArrayBuffer;

/** A certificate for the genuine TSA's public key from the issuing CA (which never saw that key's owner), under another name. */
async function secondCertificateForTheSameKey(): Promise<pkijs.Certificate> {
  return signCertificate({
    subject: buildName({ commonName: 'Rogue Time-Stamping Authority' }),
    publicKey: tsa.certificate.subjectPublicKeyInfo,
    validDays: 365,
    extensions: [
      makeExtension(pkijs.id_KeyUsage, true, encodeKeyUsage(['digitalSignature'])),
      makeExtension(pkijs.id_ExtKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema()),
    ],
  }, cast.intermediate);
}

/** The genuine response with its signer identifier and certificates pointed at `substitute`: no signature is touched. */
function substituteSigner(responseDer: ArrayBuffer, substitute: pkijs.Certificate): ArrayBuffer {
  const response = pkijs.TimeStampResp.fromBER(responseDer);
  const signedData = new pkijs.SignedData({ schema: response.timeStampToken!.content });
  signedData.certificates = [substitute, cast.intermediate.certificate];
  signedData.signerInfos[0]!.sid = new pkijs.IssuerAndSerialNumber({ issuer: substitute.issuer, serialNumber: substitute.serialNumber });
  response.timeStampToken = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema(true) });
  return response.toSchema().toBER(false);
}

async function opensslTs(responseDer: ArrayBuffer): Promise<string> {
  openssl.write('response.tsr', responseDer);
  return (await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'document.bin', '-CAfile', 'root.pem')).output;
}

beforeAll(async () => {
  cast = await createCast();
  tsa = await createTsaCertificate(cast.root);
  request = await createTimeStampRequest(DOCUMENT);
  request.certReq = true; // the token carries the TSA certificate, as most clients ask
  genuine = (await createTimeStampResponse(request, tsa)).toSchema().toBER(false);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('request.tsq', timeStampRequestToDer(request));
  openssl.write('document.bin', DOCUMENT);
});

describe('attack: a TSA certificate substituted in a time-stamp token, given to verifyTimeStampResponse', () => {
  it('accepts the genuine token and names the genuine TSA, as OpenSSL does (the control)', async () => {
    expect(await opensslTs(genuine)).toContain('Verification: OK');
    expect((await verifyTimeStampResponse(genuine, request, DOCUMENT, [cast.root.certificate])).tsa).toContain('Example Time-Stamping Authority');
  });

  it('refuses the token when its signer is swapped for another certificate of the same key, as OpenSSL does (ESS signing-certificate-v2)', async () => {
    const swapped = substituteSigner(genuine, await secondCertificateForTheSameKey());
    expect(await opensslTs(swapped)).toMatch(/Verification: FAILED[\s\S]*ess cert id not found/);
    // On failure the assertion shows whom the example credits with the time.
    const verdict = await verifyTimeStampResponse(swapped, request, DOCUMENT, [cast.root.certificate]).then((stamp) => stamp.tsa, () => 'refused');
    expect(verdict).toBe('refused');
  });
});
