// Runs the timestamping examples and checks what they produce independently:
// the DER is re-parsed with pkijs/asn1js, hashes are recomputed with WebCrypto.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import * as tsq from '../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import * as tsr from '../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';

const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const ID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

function hex(buffer: ArrayBuffer | Uint8Array): string {
  return Buffer.from(buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer)).toString('hex');
}

interface Token {
  response: pkijs.TimeStampResp;
  signedData: pkijs.SignedData;
  tstInfo: pkijs.TSTInfo;
  tstInfoDer: ArrayBuffer;
}

/** Unpacks a response the way any RFC 3161 client would, without the example's code. */
function unpack(der: ArrayBuffer): Token {
  const response = pkijs.TimeStampResp.fromBER(der);
  if (!response.timeStampToken) throw new Error('no token');
  expect(response.timeStampToken.contentType).toBe(pkijs.id_ContentType_SignedData);
  const signedData = new pkijs.SignedData({ schema: response.timeStampToken.content });
  expect(signedData.encapContentInfo.eContentType).toBe(pkijs.id_eContentType_TSTInfo);
  const tstInfoDer = signedData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0);
  return { response, signedData, tstInfo: pkijs.TSTInfo.fromBER(tstInfoDer), tstInfoDer };
}

function signedAttribute(signedData: pkijs.SignedData, type: string): asn1js.BaseBlock | undefined {
  return signedData.signerInfos[0]?.signedAttrs?.attributes.find((attribute) => attribute.type === type)?.values[0];
}

const data = new TextEncoder().encode('Contract v3, signed by both parties');
let ca: helpers.KeyAndCertificate;
let tsa: helpers.KeyAndCertificate;

beforeAll(async () => {
  helpers.useWebCrypto();
  ca = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd' });
  tsa = await tsr.createTsaCertificate(ca);
});

describe('creating-a-timestamp-request', () => {
  it('hashes the data into the message imprint and adds a nonce', async () => {
    const der = tsq.timeStampRequestToDer(await tsq.createTimeStampRequest(data));
    const parsed = pkijs.TimeStampReq.fromBER(der);
    expect(hex(parsed.toSchema().toBER(false))).toBe(hex(der));
    expect(parsed.messageImprint.hashAlgorithm.algorithmId).toBe(ID_SHA256);
    expect(hex(parsed.messageImprint.hashedMessage.valueBlock.valueHexView)).toBe(hex(await crypto.subtle.digest('SHA-256', data)));
    expect(parsed.certReq).toBe(true);
    expect(parsed.reqPolicy).toBeUndefined();
    expect(parsed.nonce?.valueBlock.valueHexView.length).toBe(16);
  });

  it('honours the hash and policy options and describes the request', async () => {
    const request = tsq.parseTimeStampRequest(tsq.timeStampRequestToDer(
      await tsq.createTimeStampRequest(data, { hashAlgorithm: 'SHA-384', policy: tsr.TSA_POLICY }),
    ));
    expect(tsq.describeTimeStampRequest(request)).toEqual({
      hashAlgorithm: 'SHA-384',
      hashedMessage: hex(await crypto.subtle.digest('SHA-384', data)),
      nonce: hex(request.nonce?.valueBlock.valueHexView ?? new Uint8Array()),
      certReq: true,
      policy: tsr.TSA_POLICY,
    });
  });
});

describe('creating-a-timestamp-response', () => {
  let request: pkijs.TimeStampReq;
  let responseDer: ArrayBuffer;

  beforeAll(async () => {
    request = tsq.parseTimeStampRequest(tsq.timeStampRequestToDer(await tsq.createTimeStampRequest(data)));
    responseDer = (await tsr.createTimeStampResponse(request, tsa)).toSchema().toBER(false);
  });

  it('grants a token whose TSTInfo matches the request', async () => {
    const { response, tstInfo } = unpack(responseDer);
    expect(response.status.status).toBe(pkijs.PKIStatus.granted);
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe(ID_SHA256);
    expect(hex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)).toBe(hex(await crypto.subtle.digest('SHA-256', data)));
    expect(tstInfo.nonce?.isEqual(request.nonce ?? new asn1js.Integer())).toBe(true);
    expect(tstInfo.policy).toBe('1.3.6.1.5.5.7.13.1');
    expect(Math.abs(tstInfo.genTime.getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('signs the token so that SignedData.verify accepts it with the chain checked', async () => {
    const { signedData, tstInfoDer } = unpack(responseDer);
    expect(await signedData.verify({ signer: 0, data: data.slice().buffer, trustedCerts: [ca.certificate], checkChain: true })).toBe(true);
    const digest = signedAttribute(signedData, ID_MESSAGE_DIGEST) as asn1js.OctetString;
    expect(hex(digest.valueBlock.valueHexView)).toBe(hex(await crypto.subtle.digest('SHA-256', tstInfoDer)));
    // signing-certificate-v2 → certs → first ESSCertIDv2 → certHash
    const signingCertificate = signedAttribute(signedData, ID_SIGNING_CERTIFICATE_V2) as asn1js.Sequence;
    const essCertId = (signingCertificate.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const certHash = essCertId.valueBlock.value[0] as asn1js.OctetString;
    expect(hex(certHash.valueBlock.valueHexView)).toBe(hex(await crypto.subtle.digest('SHA-256', tsa.certificate.toSchema().toBER(false))));
  });

  it('certifies the TSA key for time-stamping only, critically', () => {
    const extension = tsa.certificate.extensions?.find((e) => e.extnID === '2.5.29.37');
    expect(extension?.critical).toBe(true);
    expect((extension?.parsedValue as pkijs.ExtKeyUsage).keyPurposes).toEqual(['1.3.6.1.5.5.7.3.8']); // id-kp-timeStamping, RFC 3161 2.3
  });

  it('verifies as a client and returns the time-stamp', async () => {
    const stamp = await tsr.verifyTimeStampResponse(responseDer, request, data, [ca.certificate]);
    expect(stamp).toMatchObject({ policy: tsr.TSA_POLICY, tsa: 'O=Example Ltd, CN=Example Time-Stamping Authority' });
    expect(stamp.genTime).toEqual(unpack(responseDer).tstInfo.genTime);
  });

  it('refuses other data, untrusted roots and answers to other requests', async () => {
    const otherData = new TextEncoder().encode('Contract v4');
    await expect(tsr.verifyTimeStampResponse(responseDer, request, otherData, [ca.certificate])).rejects.toThrow('TSTInfo verification is failed');
    const stranger = await helpers.createCertificateAuthority({ commonName: 'Unrelated CA' });
    await expect(tsr.verifyTimeStampResponse(responseDer, request, data, [stranger.certificate])).rejects.toThrow('certificate');
    const secondRequest = await tsq.createTimeStampRequest(data);
    await expect(tsr.verifyTimeStampResponse(responseDer, secondRequest, data, [ca.certificate])).rejects.toThrow('nonce');
  });

  it('shows why TimeStampResp.verify alone is not enough', async () => {
    const rogueCa = await helpers.createCertificateAuthority({ commonName: 'Rogue CA' });
    const rogueDer = (await tsr.createTimeStampResponse(request, await tsr.createTsaCertificate(rogueCa))).toSchema().toBER(false);
    const rogue = pkijs.TimeStampResp.fromBER(rogueDer);
    expect(await rogue.verify({ signer: 0, data: data.slice().buffer, trustedCerts: [ca.certificate] })).toBe(true);
    await expect(tsr.verifyTimeStampResponse(rogueDer, request, data, [ca.certificate])).rejects.toThrow();
  });

  it('refuses unsupported policies and hashes with the right failure bit', async () => {
    const wrongPolicy = await tsq.createTimeStampRequest(data, { policy: '1.2.3.4' });
    const refusal = pkijs.TimeStampResp.fromBER((await tsr.createTimeStampResponse(wrongPolicy, tsa)).toSchema().toBER(false));
    expect(refusal.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(refusal.timeStampToken).toBeUndefined();
    // Bit 15 (unacceptedPolicy) is the last bit of the second byte.
    expect(hex(refusal.status.failInfo?.valueBlock.valueHexView ?? new Uint8Array())).toBe('0001');
    await expect(tsr.verifyTimeStampResponse(refusal.toSchema().toBER(false), wrongPolicy, data, [ca.certificate]))
      .rejects.toThrow('The TSA refused: Request refused: unacceptedPolicy');

    const sha1 = new pkijs.TimeStampReq({ version: 1, messageImprint: await pkijs.MessageImprint.create('SHA-1', data) });
    expect(tsr.checkTimeStampRequest(sha1)).toBe('badAlg');
    const badAlg = (await tsr.createTimeStampResponse(sha1, tsa)).status.failInfo;
    expect({ bits: hex(badAlg?.valueBlock.valueHexView ?? new Uint8Array()), unused: badAlg?.valueBlock.unusedBits }).toEqual({ bits: '80', unused: 7 });
  });

  it('leaves the TSA certificate out when the request does not ask for it', async () => {
    const quiet = await tsq.createTimeStampRequest(data);
    quiet.certReq = false;
    const { signedData } = unpack((await tsr.createTimeStampResponse(quiet, tsa)).toSchema().toBER(false));
    expect(signedData.certificates).toBeUndefined();
  });

  describe('over HTTP', () => {
    let httpServer: Server;
    let url: string;

    beforeAll(async () => {
      httpServer = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          if (req.headers['content-type'] !== 'application/timestamp-query') {
            res.writeHead(415).end();
            return;
          }
          const body = new Uint8Array(Buffer.concat(chunks));
          void tsr.createTimeStampResponse(tsq.parseTimeStampRequest(body.buffer), tsa).then((answer) => {
            res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(Buffer.from(answer.toSchema().toBER(false)));
          });
        });
      });
      await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/tsa`;
    });

    afterAll(() => new Promise<void>((resolve) => httpServer.close(() => resolve())));

    it('sends the request and verifies the reply', async () => {
      const outgoing = await tsq.createTimeStampRequest(data);
      const reply = await tsq.sendTimeStampRequest(url, tsq.timeStampRequestToDer(outgoing));
      const stamp = await tsr.verifyTimeStampResponse(reply, outgoing, data, [ca.certificate]);
      expect(stamp.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    });
  });
});
