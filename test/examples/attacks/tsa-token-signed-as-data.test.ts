// Attack suite: a token whose eContentType AND signed content-type attribute
// both say id-data, signed by the genuine TSA key. Such a CMS comes from a TSA
// key that also signs other things, or from a TSA that mislabels its tokens.
// The two agree (RFC 5652 11.1 holds), but pkijs compares the imprint with the
// data only for id-ct-TSTInfo, so the stamp of one document would pass for any
// other. verifyTimeStampResponse must require id-ct-TSTInfo itself; OpenSSL
// refuses the token: "PKCS7_to_TS_TST_INFO: bad pkcs7 type".
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { OID, SIGNATURE_HASH, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { createTimeStampRequest } from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, createTsaCertificate, verifyTimeStampResponse } from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const utf8 = (text: string) => new TextEncoder().encode(text);
const SIGNED_CONTRACT = utf8('Contract v1: Mallory pays 1 000 EUR.');
const OTHER_CONTRACT = utf8('Contract v2: Mallory pays 1 EUR.');
let cast: Cast;
let tsa: KeyAndCertificate;

/** The TSA's token for `request`, relabelled id-data in both places and signed again with the TSA's key. */
async function signedAsData(request: pkijs.TimeStampReq): Promise<ArrayBuffer> {
  const response = await createTimeStampResponse(request, tsa);
  const signedData = new pkijs.SignedData({ schema: response.timeStampToken!.content });
  signedData.encapContentInfo.eContentType = pkijs.id_ContentType_Data;
  const contentType = signedData.signerInfos[0]!.signedAttrs!.attributes.find((a) => a.type === OID.contentType)!;
  contentType.values = [new asn1js.ObjectIdentifier({ value: pkijs.id_ContentType_Data })];
  await signedData.sign(tsa.privateKey, 0, SIGNATURE_HASH);
  response.timeStampToken = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema(true) });
  return response.toSchema().toBER(false);
}

beforeAll(async () => {
  cast = await createCast();
  tsa = await createTsaCertificate(cast.root);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('signed.bin', SIGNED_CONTRACT);
  openssl.write('other.bin', OTHER_CONTRACT);
});

describe('attack: a TSA-signed token labelled id-data in its eContentType and its content-type attribute', () => {
  it('is refused for the other contract, as openssl ts -verify refuses it', async () => {
    const request = await createTimeStampRequest(SIGNED_CONTRACT);
    const response = await signedAsData(request);
    openssl.write('response.tsr', response);
    expect((await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'other.bin', '-CAfile', 'root.pem')).output).toMatch(/bad pkcs7 type/);
    await expect(verifyTimeStampResponse(response, request, OTHER_CONTRACT, [cast.root.certificate])).rejects.toThrow(/not a TSTInfo/);
  });

  it('is refused even for the contract it stamped, as openssl ts -verify refuses it', async () => {
    const request = await createTimeStampRequest(SIGNED_CONTRACT);
    const response = await signedAsData(request);
    openssl.write('response.tsr', response);
    expect((await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'signed.bin', '-CAfile', 'root.pem')).output).toMatch(/bad pkcs7 type/);
    await expect(verifyTimeStampResponse(response, request, SIGNED_CONTRACT, [cast.root.certificate])).rejects.toThrow(/not a TSTInfo/);
  });
});
