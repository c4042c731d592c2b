// Runs the OCSP examples: requests and responses re-parsed with pkijs/asn1js,
// signatures checked with WebCrypto, and the client's checks exercised with
// every kind of genuine responder and with forgeries.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cert from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import * as ocspReq from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import * as ocspRes from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import { ecdsaVerifies, findExtension, hex, readBody, serve } from './support/pki.ts';
import { PKIJS_4 } from './support/release.ts';

let ca: helpers.KeyAndCertificate;
let otherCa: helpers.KeyAndCertificate;
let server: helpers.KeyAndCertificate;
let secondServer: helpers.KeyAndCertificate;
let responder: helpers.KeyAndCertificate;
let request: pkijs.OCSPRequest;
const goodOnly: ocspRes.StatusLookup = () => ({ status: 'good' });

async function respond(lookup: ocspRes.StatusLookup, signer = responder, options: ocspRes.ResponseOptions = {}, forRequest = request) {
  const response = await ocspRes.createOcspResponse(forRequest, ca.certificate, signer, lookup, options);
  return ocspRes.parseOcspResponse(response.toSchema().toBER(false));
}

const check = (basic: pkijs.BasicOCSPResponse) => ocspRes.checkOcspResponse(basic, request, server.certificate, ca.certificate);

beforeAll(async () => {
  helpers.useWebCrypto();
  ca = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
  otherCa = await helpers.createCertificateAuthority({ commonName: 'Unrelated CA' });
  server = await cert.createServerCertificate(ca, 'www.example.com');
  secondServer = await cert.createServerCertificate(ca, 'mail.example.com');
  responder = await ocspRes.createResponderCertificate(ca);
  request = ocspReq.parseOcspRequest(ocspReq.ocspRequestToDer(await ocspReq.createOcspRequest(server.certificate, ca.certificate)));
});

describe('working-with-OCSP-requests', () => {
  it('encodes a request naming the certificate by its SHA-1 CertID, with a 32-byte nonce', async () => {
    const der = ocspReq.ocspRequestToDer(await ocspReq.createOcspRequest(server.certificate, ca.certificate));
    const parsed = pkijs.OCSPRequest.fromBER(der);
    expect(hex(parsed.toSchema().toBER(false))).toBe(hex(der));
    const [entry] = parsed.tbsRequest.requestList;
    expect(entry?.reqCert.hashAlgorithm.algorithmId).toBe('1.3.14.3.2.26'); // id-sha1
    expect(entry?.reqCert.serialNumber.isEqual(server.certificate.serialNumber)).toBe(true);
    const nameHash = await crypto.subtle.digest('SHA-1', ca.certificate.subject.toSchema().toBER(false));
    const keyHash = await crypto.subtle.digest('SHA-1', new Uint8Array(ca.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
    expect(hex(entry!.reqCert.issuerNameHash.valueBlock.valueHexView)).toBe(hex(nameHash));
    expect(hex(entry!.reqCert.issuerKeyHash.valueBlock.valueHexView)).toBe(hex(keyHash));
    const [nonce] = parsed.tbsRequest.requestExtensions ?? [];
    expect(nonce?.extnID).toBe('1.3.6.1.5.5.7.48.1.2'); // id-pkix-ocsp-nonce
    const inner = asn1js.fromBER(nonce!.extnValue.getValue()).result as asn1js.OctetString;
    expect(inner.valueBlock.valueHexView.length).toBe(32);
    const summary = ocspReq.describeOcspRequest(parsed);
    expect(summary.nonce).toBe(hex(inner.valueBlock.valueHexView));
    expect(summary.nonce).not.toBe(ocspReq.describeOcspRequest(request).nonce);
    expect(summary).toMatchObject({ certificates: [{ serialNumber: helpers.serialToHex(server.certificate.serialNumber) }], signed: false });
  });

  it('uses a SHA-256 CertID on request, which the responder still matches', async () => {
    const sha256 = await ocspReq.createOcspRequest(server.certificate, ca.certificate, { certIdHash: 'SHA-256' });
    expect(sha256.tbsRequest.requestList[0]?.reqCert.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    const basic = await respond(goodOnly, responder, {}, sha256);
    expect((await ocspRes.checkOcspResponse(basic, sha256, server.certificate, ca.certificate)).status).toBe('good');
  });

  it('cannot encode a request built in memory without toSchema(true), as the page says', async () => {
    const fresh = await ocspReq.createOcspRequest(server.certificate, ca.certificate);
    expect(() => fresh.toSchema().toBER(false)).toThrow('this.value[i].toBER is not a function');
  });
});

describe('working-with-OCSP-responses', () => {
  it('gives the delegated responder id-kp-OCSPSigning and id-pkix-ocsp-nocheck', () => {
    expect(pkijs.ExtKeyUsage.fromBER(findExtension(responder.certificate, '2.5.29.37')!.extnValue.getValue()).keyPurposes)
      .toEqual(['1.3.6.1.5.5.7.3.9']);
    expect(findExtension(responder.certificate, '1.3.6.1.5.5.7.48.1.5')).toBeDefined();
  });

  it('round-trips a response whose signature verifies (checked with WebCrypto)', async () => {
    const der = (await ocspRes.createOcspResponse(request, ca.certificate, responder, goodOnly)).toSchema().toBER(false);
    const response = pkijs.OCSPResponse.fromBER(der);
    expect(hex(response.toSchema().toBER(false))).toBe(hex(der));
    expect(response.responseStatus.valueBlock.valueDec).toBe(0);
    expect(response.responseBytes?.responseType).toBe('1.3.6.1.5.5.7.48.1.1'); // id-pkix-ocsp-basic
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes!.response.getValue());
    expect(await ecdsaVerifies(basic.tbsResponseData.tbsView, basic.signature.valueBlock.valueHexView, responder.certificate.subjectPublicKeyInfo)).toBe(true);
    expect(await basic.getCertificateStatus(server.certificate, ca.certificate)).toEqual({ isForCertificate: true, status: 0 });
  });

  it('accepts a delegated responder named by name and by key hash', async () => {
    expect((await check(await respond(goodOnly))).status).toBe('good');
    const byKey = await respond(goodOnly, responder, { responderId: 'byKey' });
    const id = byKey.tbsResponseData.responderID as asn1js.OctetString;
    expect(id).toBeInstanceOf(asn1js.OctetString);
    const keyHash = await crypto.subtle.digest('SHA-1', new Uint8Array(responder.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
    expect(hex(id.valueBlock.valueHexView)).toBe(hex(keyHash));
    expect((await check(byKey)).status).toBe('good');
  });

  it('accepts the CA signing its own answers with no certificate attached', async () => {
    for (const responderId of ['byName', 'byKey'] as const) {
      const own = await respond(goodOnly, ca, { responderId, attachCertificate: false });
      expect(own.certs).toBeUndefined();
      await expect(own.verify({ trustedCerts: [ca.certificate] })).rejects.toThrow('No certificates attached'); // pkijs alone
      expect((await check(own)).status).toBe('good');
    }
  });

  it('reports good and revoked statuses after all checks', async () => {
    const revokedAt = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    const revoked = await respond(() => ({ status: 'revoked', revokedAt, reason: 'keyCompromise' }));
    expect((await check(revoked)).status).toBe('revoked');
    const certStatus = revoked.tbsResponseData.responses[0]?.certStatus as asn1js.Constructed;
    expect(certStatus.idBlock.tagNumber).toBe(1);
    expect((certStatus.valueBlock.value[0] as asn1js.GeneralizedTime).toDate()).toEqual(revokedAt);
    const reason = (certStatus.valueBlock.value[1] as asn1js.Constructed).valueBlock.value[0] as asn1js.Enumerated;
    expect(reason.valueBlock.valueDec).toBe(1); // keyCompromise, RFC 5280 5.3.1
    const good = await check(await respond(goodOnly));
    expect((good.nextUpdate?.getTime() ?? 0) - good.thisUpdate.getTime()).toBe(3_600_000);
  });

  it('answers "unknown" for certificates of another issuer', async () => {
    const foreign = await cert.createServerCertificate(otherCa, 'elsewhere.example.org');
    const foreignRequest = await ocspReq.createOcspRequest(foreign.certificate, otherCa.certificate);
    const basic = await respond(goodOnly, responder, {}, foreignRequest);
    expect(await basic.getCertificateStatus(foreign.certificate, otherCa.certificate)).toEqual({ isForCertificate: true, status: 2 });
  });

  it('rejects a forged response: same name, other key', async () => {
    const impostor = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
    await expect(check(await respond(goodOnly, impostor))).rejects.toThrow('signature is invalid');
    await expect(check(await respond(goodOnly, impostor, { attachCertificate: false }))).rejects.toThrow('signature is invalid');
    await expect(check(await respond(goodOnly, impostor, { responderId: 'byKey' }))).rejects.toThrow('not authorised');
    const fakeResponder = await ocspRes.createResponderCertificate(impostor); // OCSPSigning, but from another CA key
    await expect(check(await respond(goodOnly, fakeResponder))).rejects.toThrow('not authorised');
  });

  it('rejects a tampered answer and a signer without id-kp-OCSPSigning', async () => {
    const genuine = await respond(() => ({ status: 'revoked', revokedAt: new Date() }));
    const der = new Uint8Array(genuine.toSchema().toBER(false));
    const tag = hex(genuine.tbsResponseData.responses[0]!.certStatus.toBER(false)).slice(0, 2); // a1 = revoked
    const at = Buffer.from(der).indexOf(Buffer.from(`${tag}`, 'hex'), Buffer.from(der).indexOf(Buffer.from(hex(server.certificate.serialNumber.valueBlock.valueHexView), 'hex')));
    der[at] = 0x80; // [0] good
    await expect(check(pkijs.BasicOCSPResponse.fromBER(der))).rejects.toThrow('signature is invalid');

    // The TLS server certificate chains to the CA but is not an OCSP signer.
    const byServer = await respond(goodOnly, secondServer);
    // pkijs 3.3.2 alone accepts it; 4.0.0 checks the responder's authorisation itself.
    if (PKIJS_4) await expect(byServer.verify({ trustedCerts: [ca.certificate] })).rejects.toThrow('responder is not authorized');
    else expect(await byServer.verify({ trustedCerts: [ca.certificate] })).toBe(true);
    await expect(check(byServer)).rejects.toThrow('not authorised');
    const expired = await respond(goodOnly);
    await expect(ocspRes.checkOcspResponse(expired, request, server.certificate, ca.certificate, new Date(Date.now() + 40 * 86_400_000)))
      .rejects.toThrow('not authorised'); // the 30-day responder certificate has expired by then
  });

  it('rejects replays and stale answers', async () => {
    const otherRequest = await ocspReq.createOcspRequest(server.certificate, ca.certificate);
    const forOther = await respond(goodOnly, responder, {}, otherRequest);
    await expect(check(forOther)).rejects.toThrow('nonce');
    const stale = await respond(goodOnly);
    await expect(ocspRes.checkOcspResponse(stale, request, server.certificate, ca.certificate, new Date(Date.now() + 2 * 3_600_000)))
      .rejects.toThrow('not current');
  });

  it('encodes refusals without a body', () => {
    const der = ocspRes.createOcspErrorResponse('tryLater').toSchema().toBER(false);
    const parsed = pkijs.OCSPResponse.fromBER(der);
    expect(parsed.responseStatus.valueBlock.valueDec).toBe(3);
    expect(parsed.responseBytes).toBeUndefined();
    expect(() => ocspRes.parseOcspResponse(der)).toThrow('refused the request: tryLater');
  });

  describe('over HTTP', () => {
    let http: Awaited<ReturnType<typeof serve>>;
    const contentTypes: (string | undefined)[] = [];

    beforeAll(async () => {
      http = await serve((req, res) => {
        contentTypes.push(req.headers['content-type']);
        if (req.url !== '/ocsp') {
          res.writeHead(500).end();
          return;
        }
        void readBody(req).then(async (body) => {
          const answer = await ocspRes.createOcspResponse(ocspReq.parseOcspRequest(body.buffer), ca.certificate, responder, goodOnly);
          res.writeHead(200, { 'Content-Type': 'application/ocsp-response' }).end(Buffer.from(answer.toSchema().toBER(false)));
        });
      });
    });

    afterAll(() => http.close());

    it('finds the responder in the certificate and gets a verified answer', async () => {
      const withAia = await helpers.issueCertificate(ca, {
        subject: { commonName: 'api.example.com' }, keyUsage: ['digitalSignature'], dnsNames: ['api.example.com'],
        extensions: [ocspReq.ocspUrlExtension(`${http.url}/ocsp`)],
      });
      const url = ocspReq.findOcspUrl(pkijs.Certificate.fromBER(withAia.certificate.toSchema().toBER(false)));
      expect(url).toBe(`${http.url}/ocsp`);
      expect(ocspReq.findOcspUrl(server.certificate)).toBeUndefined();
      const outgoing = await ocspReq.createOcspRequest(withAia.certificate, ca.certificate);
      const answer = await ocspReq.sendOcspRequest(url ?? '', ocspReq.ocspRequestToDer(outgoing));
      const result = await ocspRes.checkOcspResponse(ocspRes.parseOcspResponse(answer), outgoing, withAia.certificate, ca.certificate);
      expect(result.status).toBe('good');
      expect(contentTypes).toContain('application/ocsp-request');
    });

    it('reports HTTP errors', async () => {
      await expect(ocspReq.sendOcspRequest(`${http.url}/missing`, new ArrayBuffer(1))).rejects.toThrow('HTTP 500');
    });
  });
});
