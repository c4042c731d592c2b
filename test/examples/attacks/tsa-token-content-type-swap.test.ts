// Attack suite: a genuine time-stamp token whose eContentType was changed. The
// eContentType of a SignedData is not signed (the contentType signed attribute
// is, and pkijs never compares the two). verifyTimeStampResponse relies on
// SignedData.verify() to hash the data against the token's message imprint,
// but pkijs does that only when eContentType is id-ct-TSTInfo: with any other
// type, the stamp of one document is accepted for any other document. OpenSSL
// refuses the token: "PKCS7_to_TS_TST_INFO: bad pkcs7 type".
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createTimeStampRequest } from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, createTsaCertificate, verifyTimeStampResponse } from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import type { KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const utf8 = (text: string) => new TextEncoder().encode(text);
const SIGNED_CONTRACT = utf8('Contract v1: Mallory pays 1 000 EUR.');
const OTHER_CONTRACT = utf8('Contract v2: Mallory pays 1 EUR.');
/** The DER of the OID id-ct-TSTInfo (1.2.840.113549.1.9.16.1.4); its last byte 0x01 instead gives id-ct-receipt. */
const TST_INFO_OID = [0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x01, 0x04];
let cast: Cast;
let tsa: KeyAndCertificate;

/** The response with its first id-ct-TSTInfo OID, the token's eContentType, turned into id-ct-receipt: one unsigned byte. */
function withReceiptContentType(response: ArrayBuffer): ArrayBuffer {
  const bytes = new Uint8Array(response.slice(0));
  const at = bytes.findIndex((_, i) => TST_INFO_OID.every((byte, j) => bytes[i + j] === byte));
  if (at < 0) throw new Error('No id-ct-TSTInfo in the response');
  bytes[at + TST_INFO_OID.length - 1] = 0x01;
  return bytes.buffer;
}

beforeAll(async () => {
  cast = await createCast();
  tsa = await createTsaCertificate(cast.root);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('other.bin', OTHER_CONTRACT);
});

describe('attack: a time-stamp token whose unsigned eContentType is not id-ct-TSTInfo, given to verifyTimeStampResponse', () => {
  it('refuses the untouched stamp of the signed contract for the other contract, as OpenSSL does (the control)', async () => {
    const request = await createTimeStampRequest(SIGNED_CONTRACT);
    const response = (await createTimeStampResponse(request, tsa)).toSchema().toBER(false);
    openssl.write('response.tsr', response);
    expect((await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'other.bin', '-CAfile', 'root.pem')).output).toContain('Verification: FAILED');
    await expect(verifyTimeStampResponse(response, request, OTHER_CONTRACT, [cast.root.certificate])).rejects.toThrow();
  });

  it('refuses that stamp for the other contract once its eContentType says id-ct-receipt, as OpenSSL does', async () => {
    const request = await createTimeStampRequest(SIGNED_CONTRACT);
    const response = withReceiptContentType((await createTimeStampResponse(request, tsa)).toSchema().toBER(false));
    openssl.write('response.tsr', response);
    expect((await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'other.bin', '-CAfile', 'root.pem')).output).toMatch(/bad pkcs7 type/);
    await expect(verifyTimeStampResponse(response, request, OTHER_CONTRACT, [cast.root.certificate])).rejects.toThrow();
  });
});
