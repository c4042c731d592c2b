// Runs the certificates-and-revocation examples and checks what they produce
// independently: DER is re-parsed with pkijs/asn1js, and signatures are
// checked with WebCrypto directly where the format allows.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cert from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import * as crls from '../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import * as csr from '../../content/docs/examples/certificates-and-revocation/working-with-certificate-requests.ts';
import * as ocspReq from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import * as ocspRes from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';

/** PEM → DER without the example's helper. */
function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(body, 'base64')).buffer;
}

function bytes(buffer: ArrayBuffer | Uint8Array): string {
  return Buffer.from(buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer)).toString('hex');
}

/** Checks a DER ECDSA P-256/SHA-256 signature with WebCrypto alone. */
async function ecdsaVerifies(data: Uint8Array, derSignature: Uint8Array, spki: pkijs.PublicKeyInfo): Promise<boolean> {
  const key = await crypto.subtle.importKey('spki', spki.toSchema().toBER(false), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const sequence = asn1js.fromBER(new Uint8Array(derSignature)).result;
  if (!(sequence instanceof asn1js.Sequence)) return false;
  // WebCrypto wants r‖s, each exactly 32 bytes, instead of a DER SEQUENCE of INTEGERs.
  const raw = new Uint8Array(64);
  sequence.valueBlock.value.forEach((integer, index) => {
    const value = (integer as asn1js.Integer).valueBlock.valueHexView;
    const trimmed = value.slice(Math.max(0, value.length - 32));
    raw.set(trimmed, index * 32 + 32 - trimmed.length);
  });
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, new Uint8Array(data));
}

function findExtension(certificate: pkijs.Certificate, id: string): pkijs.Extension | undefined {
  return certificate.extensions?.find((extension) => extension.extnID === id);
}

/** Starts `server` on a free port of 127.0.0.1; returns its base URL. */
async function serve(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

let ca: cert.Issuer;
let otherCa: cert.Issuer;
let server: cert.Issuer;
let secondServer: cert.Issuer;

beforeAll(async () => {
  cert.useWebCrypto();
  ca = await cert.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
  otherCa = await cert.createCertificateAuthority({ commonName: 'Unrelated CA' });
  server = await cert.createServerCertificate(ca, 'www.example.com');
  secondServer = await cert.createServerCertificate(ca, 'mail.example.com');
});

describe('create-and-validate-certificate', () => {
  it('signs the certificate with the issuer key (checked with WebCrypto)', async () => {
    const parsed = pkijs.Certificate.fromBER(pemToDer(cert.certificateToPem(server.certificate)));
    const signature = parsed.signatureValue.valueBlock.valueHexView;
    expect(parsed.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(await ecdsaVerifies(parsed.tbsView, signature, ca.certificate.subjectPublicKeyInfo)).toBe(true);
    expect(await ecdsaVerifies(parsed.tbsView, signature, otherCa.certificate.subjectPublicKeyInfo)).toBe(false);
    expect(await parsed.verify(ca.certificate)).toBe(true);
  });

  it('builds a chain that CertificateChainValidationEngine validates to the root only', async () => {
    const leaf = pkijs.Certificate.fromBER(pemToDer(cert.certificateToPem(server.certificate)));
    const trusted = new pkijs.CertificateChainValidationEngine({ trustedCerts: [ca.certificate], certs: [leaf] });
    const result = await trusted.verify();
    expect(result.result).toBe(true);
    expect(result.certificatePath?.map((c) => cert.formatName(c.subject))).toEqual(['CN=www.example.com', 'C=GB, O=Example Ltd, CN=Test Root CA']);
    const untrusted = new pkijs.CertificateChainValidationEngine({ trustedCerts: [otherCa.certificate], certs: [leaf] });
    expect((await untrusted.verify()).result).toBe(false);
  });

  it('validateChain rejects an expired certificate', async () => {
    const later = new Date(server.certificate.notAfter.value.getTime() + 86_400_000);
    const result = await cert.validateChain({ certificate: server.certificate, trustAnchors: [ca.certificate], checkDate: later });
    expect(result).toMatchObject({ result: false, resultCode: 8 });
  });

  it('encodes one attribute per RDN and the profile extensions', () => {
    const subject = asn1js.fromBER(ca.certificate.subject.toSchema().toBER(false)).result as asn1js.Sequence;
    expect(subject.valueBlock.value.map((rdn) => (rdn as asn1js.Set).valueBlock.value.length)).toEqual([1, 1, 1]);

    const caConstraints = findExtension(ca.certificate, pkijs.id_BasicConstraints);
    expect(caConstraints?.critical).toBe(true);
    expect((caConstraints?.parsedValue as pkijs.BasicConstraints).cA).toBe(true);
    const altNames = findExtension(server.certificate, pkijs.id_SubjectAltName)?.parsedValue as pkijs.AltName;
    expect(altNames.altNames.map((name) => [name.type, name.value])).toEqual([[2, 'www.example.com']]);
    const usage = findExtension(server.certificate, pkijs.id_ExtKeyUsage)?.parsedValue as pkijs.ExtKeyUsage;
    expect(usage.keyPurposes).toEqual([cert.ID_KP_SERVER_AUTH]);

    const subjectKeyId = findExtension(ca.certificate, pkijs.id_SubjectKeyIdentifier)?.parsedValue as asn1js.OctetString;
    const authorityKeyId = findExtension(server.certificate, pkijs.id_AuthorityKeyIdentifier)?.parsedValue as pkijs.AuthorityKeyIdentifier;
    expect(bytes(authorityKeyId.keyIdentifier?.valueBlock.valueHexView ?? new Uint8Array())).toBe(bytes(subjectKeyId.valueBlock.valueHexView));
  });

  it('gives unique, positive 16-byte serial numbers', () => {
    const serials = Array.from({ length: 20 }, () => cert.randomSerialNumber().valueBlock.valueHexView);
    expect(new Set(serials.map(bytes)).size).toBe(20);
    for (const serial of serials) {
      expect(serial.length).toBe(16);
      expect(serial[0]).toBeGreaterThanOrEqual(0x40);
      expect(serial[0]).toBeLessThan(0x80);
    }
  });

  it('describes the certificates it made', () => {
    expect(cert.describeCertificate(server.certificate)).toMatchObject({
      subject: 'CN=www.example.com', issuer: 'C=GB, O=Example Ltd, CN=Test Root CA', isCa: false,
    });
    expect(cert.describeCertificate(ca.certificate).isCa).toBe(true);
    const { notBefore, notAfter } = cert.describeCertificate(server.certificate);
    expect(Math.round((notAfter.getTime() - notBefore.getTime()) / 86_400_000)).toBe(90);
  });

  it('runs the whole example', async () => {
    const { pem, verified, chainValid } = await cert.runExample();
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE-----\n$/);
    expect({ verified, chainValid }).toEqual({ verified: true, chainValid: true });
    expect(() => cert.fromPem(pem, 'X509 CRL')).toThrow('No "X509 CRL" PEM block found');
  });
});

describe('creating-and-parsing-CRLs', () => {
  let crl: pkijs.CertificateRevocationList;
  let der: ArrayBuffer;

  beforeAll(async () => {
    crl = await crls.createCrl(ca, {
      crlNumber: 7,
      validHours: 24,
      revocations: [{ serialNumber: server.certificate.serialNumber, revokedAt: new Date(), reason: 'keyCompromise' }],
    });
    der = crls.crlToDer(crl);
  });

  it('round-trips through DER and lists the revoked serial', async () => {
    const parsed = pkijs.CertificateRevocationList.fromBER(der);
    expect(bytes(parsed.toSchema().toBER(false))).toBe(bytes(der));
    expect(parsed.version).toBe(1);
    expect(parsed.revokedCertificates?.map((entry) => bytes(entry.userCertificate.valueBlock.valueHexView)))
      .toEqual([bytes(server.certificate.serialNumber.valueBlock.valueHexView)]);
    expect(parsed.isCertificateRevoked(server.certificate)).toBe(true);
    expect(parsed.isCertificateRevoked(secondServer.certificate)).toBe(false);
  });

  it('is signed by the CA (checked with WebCrypto)', async () => {
    const parsed = pkijs.CertificateRevocationList.fromBER(der);
    const signature = parsed.signatureValue.valueBlock.valueHexView;
    expect(await ecdsaVerifies(parsed.tbsView, signature, ca.certificate.subjectPublicKeyInfo)).toBe(true);
    expect(await parsed.verify({ issuerCertificate: otherCa.certificate })).toBe(false);
  });

  it('parses PEM into a summary with number, reason and dates', () => {
    const summary = crls.describeCrl(crls.parseCrl(crls.crlToPem(crl)));
    expect(summary).toMatchObject({
      issuer: 'C=GB, O=Example Ltd, CN=Test Root CA',
      crlNumber: 7n,
      revoked: [{ serialNumber: cert.serialToHex(server.certificate.serialNumber), reason: 'keyCompromise' }],
    });
    expect((summary.nextUpdate?.getTime() ?? 0) - summary.thisUpdate.getTime()).toBe(24 * 3_600_000);
  });

  it('checks certificates against the CRL, including staleness', async () => {
    const parsed = crls.parseCrl(der);
    expect(await crls.checkCertificateAgainstCrl(parsed, ca.certificate, server.certificate))
      .toEqual({ signatureValid: true, current: true, revoked: true });
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await crls.checkCertificateAgainstCrl(parsed, ca.certificate, secondServer.certificate, tomorrow))
      .toEqual({ signatureValid: true, current: false, revoked: false });
  });

  it('makes chain validation fail for the revoked certificate only', async () => {
    const parsed = crls.parseCrl(der);
    expect(await crls.validateWithCrl(server.certificate, ca.certificate, parsed)).toMatchObject({ result: false, resultCode: 12 });
    expect((await crls.validateWithCrl(secondServer.certificate, ca.certificate, parsed)).result).toBe(true);
  });

  it('leaves out an empty list and the "unspecified" reason', async () => {
    const empty = pkijs.CertificateRevocationList.fromBER(crls.crlToDer(await crls.createCrl(ca, { crlNumber: 8, validHours: 1, revocations: [] })));
    expect(empty.revokedCertificates).toBeUndefined();
    expect(crls.describeCrl(empty).revoked).toEqual([]);
    const unspecified = await crls.createCrl(ca, {
      crlNumber: 9, validHours: 1, revocations: [{ serialNumber: server.certificate.serialNumber, revokedAt: new Date(), reason: 'unspecified' }],
    });
    const entry = pkijs.CertificateRevocationList.fromBER(crls.crlToDer(unspecified)).revokedCertificates?.[0];
    expect(entry?.crlEntryExtensions).toBeUndefined();
  });
});

describe('working-with-certificate-requests', () => {
  let keys: CryptoKeyPair;
  let pem: string;
  const spec = { subject: { commonName: 'shop.example.com', organization: 'Example Shop', country: 'DE' }, dnsNames: ['shop.example.com', 'www.shop.example.com'] };

  beforeAll(async () => {
    keys = await cert.generateKeyPair();
    pem = csr.requestToPem(await csr.createCertificationRequest(keys, spec));
  });

  it('creates a request whose self-signature verifies (checked with WebCrypto)', async () => {
    const parsed = pkijs.CertificationRequest.fromBER(pemToDer(pem));
    const signature = parsed.signatureValue.valueBlock.valueHexView;
    expect(await ecdsaVerifies(parsed.tbsView, signature, parsed.subjectPublicKeyInfo)).toBe(true);
    expect(await parsed.verify()).toBe(true);
    expect(await csr.readCertificationRequest(parsed)).toEqual({
      subject: 'C=DE, O=Example Shop, CN=shop.example.com', dnsNames: spec.dnsNames, signatureValid: true,
    });
  });

  it('detects a tampered request and refuses to issue from it', async () => {
    const der = new Uint8Array(pemToDer(pem));
    const at = Buffer.from(der).indexOf('shop.example.com');
    der[at] = 'x'.charCodeAt(0); // "xhop.example.com" in the subject
    const tampered = pkijs.CertificationRequest.fromBER(der);
    expect((await csr.readCertificationRequest(tampered)).signatureValid).toBe(false);
    await expect(csr.issueFromRequest(ca, tampered)).rejects.toThrow('The request signature is invalid');
  });

  it('issues a certificate with the requested key, subject and names', async () => {
    const request = csr.requestFromPem(pem);
    const issued = await csr.issueFromRequest(ca, request);
    expect(await issued.verify(ca.certificate)).toBe(true);
    expect(bytes(issued.subjectPublicKeyInfo.toSchema().toBER(false))).toBe(bytes(request.subjectPublicKeyInfo.toSchema().toBER(false)));
    expect(bytes(issued.subject.toSchema().toBER(false))).toBe(bytes(request.subject.toSchema().toBER(false)));
    const altNames = findExtension(issued, pkijs.id_SubjectAltName)?.parsedValue as pkijs.AltName;
    expect(altNames.altNames.map((name) => name.value)).toEqual(spec.dnsNames);
  });
});

describe('working-with-OCSP-requests and -responses', () => {
  let responder: cert.Issuer;
  let request: pkijs.OCSPRequest;
  const goodOnly: ocspRes.StatusLookup = () => ({ status: 'good' });

  async function respond(lookup: ocspRes.StatusLookup, signer = responder, forRequest = request): Promise<ArrayBuffer> {
    const response = await ocspRes.createOcspResponse(forRequest, ca.certificate, signer, lookup);
    return response.toSchema().toBER(false);
  }

  beforeAll(async () => {
    responder = await ocspRes.createResponderCertificate(ca);
    request = ocspReq.parseOcspRequest(ocspReq.ocspRequestToDer(await ocspReq.createOcspRequest(server.certificate, ca.certificate)));
  });

  it('encodes a request naming the certificate by its CertID, with a nonce', async () => {
    const der = ocspReq.ocspRequestToDer(await ocspReq.createOcspRequest(server.certificate, ca.certificate));
    const parsed = pkijs.OCSPRequest.fromBER(der);
    expect(bytes(parsed.toSchema().toBER(false))).toBe(bytes(der));
    const [entry] = parsed.tbsRequest.requestList;
    expect(entry?.reqCert.hashAlgorithm.algorithmId).toBe('1.3.14.3.2.26');
    expect(entry?.reqCert.serialNumber.isEqual(server.certificate.serialNumber)).toBe(true);
    const nameHash = await crypto.subtle.digest('SHA-1', ca.certificate.subject.toSchema().toBER(false));
    const keyHash = await crypto.subtle.digest('SHA-1', new Uint8Array(ca.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
    expect(bytes(entry?.reqCert.issuerNameHash.valueBlock.valueHexView ?? new Uint8Array())).toBe(bytes(nameHash));
    expect(bytes(entry?.reqCert.issuerKeyHash.valueBlock.valueHexView ?? new Uint8Array())).toBe(bytes(keyHash));

    const summary = ocspReq.describeOcspRequest(parsed);
    expect(summary.nonce).toMatch(/^[0-9a-f]{64}$/);
    expect(summary.nonce).not.toBe(ocspReq.describeOcspRequest(request).nonce);
    expect(summary).toMatchObject({ certificates: [{ serialNumber: cert.serialToHex(server.certificate.serialNumber) }], signed: false });
  });

  it('round-trips a response whose signature verifies (checked with WebCrypto)', async () => {
    const der = await respond(goodOnly);
    const response = pkijs.OCSPResponse.fromBER(der);
    expect(bytes(response.toSchema().toBER(false))).toBe(bytes(der));
    expect(response.responseStatus.valueBlock.valueDec).toBe(0);
    expect(response.responseBytes?.responseType).toBe(pkijs.id_PKIX_OCSP_Basic);
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes?.response.getValue() ?? new ArrayBuffer(0));
    const signature = basic.signature.valueBlock.valueHexView;
    expect(await ecdsaVerifies(basic.tbsResponseData.tbsView, signature, responder.certificate.subjectPublicKeyInfo)).toBe(true);
    expect(await basic.verify({ trustedCerts: [ca.certificate] })).toBe(true);
    expect(await basic.getCertificateStatus(server.certificate, ca.certificate)).toEqual({ isForCertificate: true, status: 0 });
  });

  it('reports good and revoked statuses after all checks', async () => {
    const revokedAt = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    const revoked = ocspRes.parseOcspResponse(await respond(() => ({ status: 'revoked', revokedAt, reason: 'keyCompromise' })));
    expect((await ocspRes.checkOcspResponse(revoked, request, server.certificate, ca.certificate)).status).toBe('revoked');
    const certStatus = revoked.tbsResponseData.responses[0]?.certStatus as asn1js.Constructed;
    expect(certStatus.idBlock.tagNumber).toBe(1);
    expect((certStatus.valueBlock.value[0] as asn1js.GeneralizedTime).toDate()).toEqual(revokedAt);

    const good = await ocspRes.checkOcspResponse(ocspRes.parseOcspResponse(await respond(goodOnly)), request, server.certificate, ca.certificate);
    expect(good.status).toBe('good');
    expect((good.nextUpdate?.getTime() ?? 0) - good.thisUpdate.getTime()).toBe(3_600_000);
  });

  it('answers "unknown" for certificates of another issuer', async () => {
    const foreign = await cert.createServerCertificate(otherCa, 'elsewhere.example.org');
    const foreignRequest = await ocspReq.createOcspRequest(foreign.certificate, otherCa.certificate);
    const basic = ocspRes.parseOcspResponse(await respond(goodOnly, responder, foreignRequest));
    expect(await basic.getCertificateStatus(foreign.certificate, otherCa.certificate)).toEqual({ isForCertificate: true, status: 2 });
  });

  it('rejects replays, forgeries and unauthorised signers', async () => {
    const otherRequest = await ocspReq.createOcspRequest(server.certificate, ca.certificate);
    const forOther = ocspRes.parseOcspResponse(await respond(goodOnly, responder, otherRequest));
    await expect(ocspRes.checkOcspResponse(forOther, request, server.certificate, ca.certificate)).rejects.toThrow('nonce');

    const impostor = await cert.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
    const forged = ocspRes.parseOcspResponse(await respond(goodOnly, impostor));
    await expect(ocspRes.checkOcspResponse(forged, request, server.certificate, ca.certificate)).rejects.toThrow();

    // The TLS server certificate chains to the CA but is not an OCSP signer.
    const byServer = ocspRes.parseOcspResponse(await respond(goodOnly, secondServer));
    expect(await byServer.verify({ trustedCerts: [ca.certificate] })).toBe(true);
    await expect(ocspRes.checkOcspResponse(byServer, request, server.certificate, ca.certificate)).rejects.toThrow('not authorised');
  });

  it('encodes refusals without a body', () => {
    const der = ocspRes.createOcspErrorResponse('tryLater').toSchema().toBER(false);
    const parsed = pkijs.OCSPResponse.fromBER(der);
    expect(parsed.responseStatus.valueBlock.valueDec).toBe(3);
    expect(parsed.responseBytes).toBeUndefined();
    expect(() => ocspRes.parseOcspResponse(der)).toThrow('refused the request: tryLater');
  });

  describe('over HTTP', () => {
    let httpServer: Server;
    let baseUrl: string;
    let contentTypes: (string | undefined)[] = [];

    beforeAll(async () => {
      httpServer = createServer((req, res) => {
        contentTypes.push(req.headers['content-type']);
        if (req.url !== '/ocsp') {
          res.writeHead(500).end();
          return;
        }
        void readBody(req).then(async (body) => {
          const answer = await ocspRes.createOcspResponse(ocspReq.parseOcspRequest(body.slice().buffer), ca.certificate, responder, goodOnly);
          res.writeHead(200, { 'Content-Type': 'application/ocsp-response' }).end(Buffer.from(answer.toSchema().toBER(false)));
        });
      });
      baseUrl = await serve(httpServer);
      contentTypes = [];
    });

    afterAll(() => new Promise<void>((resolve) => httpServer.close(() => resolve())));

    it('finds the responder in the certificate and gets a verified answer', async () => {
      const withAia = await cert.issueCertificate(ca, {
        subject: cert.buildName({ commonName: 'api.example.com' }),
        publicKey: server.certificate.subjectPublicKeyInfo,
        validDays: 30,
        extensions: [...cert.endEntityExtensions([cert.ID_KP_SERVER_AUTH], ['api.example.com']), ocspReq.ocspUrlExtension(`${baseUrl}/ocsp`)],
      });
      const url = ocspReq.findOcspUrl(pkijs.Certificate.fromBER(withAia.toSchema().toBER(false)));
      expect(url).toBe(`${baseUrl}/ocsp`);
      expect(ocspReq.findOcspUrl(server.certificate)).toBeUndefined();

      const outgoing = await ocspReq.createOcspRequest(withAia, ca.certificate);
      const answer = await ocspReq.sendOcspRequest(url ?? '', ocspReq.ocspRequestToDer(outgoing));
      const result = await ocspRes.checkOcspResponse(ocspRes.parseOcspResponse(answer), outgoing, withAia, ca.certificate);
      expect(result.status).toBe('good');
      expect(contentTypes).toContain('application/ocsp-request');
    });

    it('reports HTTP errors', async () => {
      await expect(ocspReq.sendOcspRequest(`${baseUrl}/missing`, new ArrayBuffer(1))).rejects.toThrow('HTTP 500');
    });
  });
});
