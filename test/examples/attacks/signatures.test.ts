// Attack suite, signatures: verifySignedData (CMS), verifyTimeStampResponse
// (RFC 3161), verifySignedMessage (S/MIME) and issueFromRequest (PKCS#10)
// against forged signers, other bytes, stripped attributes, replayed stamps,
// spoofed senders and unchecked names. `openssl cms -verify`, `openssl ts
// -verify` and `openssl req -verify` judge each one they can.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCertificationRequest, issueFromRequest } from '../../../content/docs/examples/certificates-and-revocation/working-with-certificate-requests.ts';
import { OID, formatName, generateKeyPair, issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { createSignedMessage, verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { parseSignedData, signData, verifySignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { createTimeStampRequest, timeStampRequestToDer } from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, createTsaCertificate, verifyTimeStampResponse } from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import { tamper, useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, forgeCertificate, issuedByEndEntity, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const utf8 = (text: string) => new TextEncoder().encode(text);
const DOCUMENT = utf8('Pay 100 EUR to account 42.');
let cast: Cast;
let alice: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'intermediate'));
  openssl.write('document.bin', DOCUMENT);
});

describe('attack: CMS signatures given to verifySignedData', () => {
  /** Both verdicts on a detached signature over `content`: the example's and `openssl cms -verify`'s. */
  async function verdicts(signature: ArrayBuffer, content = DOCUMENT): Promise<{ example: boolean; openssl: boolean }> {
    openssl.write('signature.der', signature);
    openssl.write('content.bin', content);
    const result = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.bin',
      '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.bin');
    const example = (await verifySignedData(parseSignedData(signature), [cast.root.certificate], content.slice())).valid;
    return { example, openssl: result.code === 0 && /Verification successful/.test(result.output) };
  }
  const sign = (signer: KeyAndCertificate, chain: pkijs.Certificate[] = [cast.intermediate.certificate]) =>
    signData(DOCUMENT.slice(), signer, { detached: true, chain });

  it('accepts Alice\'s genuine signature, as OpenSSL does (the control)', async () => {
    expect(await verdicts(await sign(alice))).toEqual({ example: true, openssl: true });
  });

  it('refuses a signer from another CA, with that CA\'s certificate attached', async () => {
    const mallory = await issueCertificate(cast.attackerRoot, ALICE);
    expect(await verdicts(await sign(mallory, [cast.attackerRoot.certificate]))).toEqual({ example: false, openssl: false });
  });

  it('refuses a signer certificate forged under the genuine CA\'s name', async () => {
    const forged = await forgeCertificate(cast.attackerRoot, cast.intermediate.certificate, ALICE);
    expect(await verdicts(await sign(forged))).toEqual({ example: false, openssl: false });
  });

  it('refuses a signature over other bytes', async () => {
    expect(await verdicts(await sign(alice), utf8('Pay 900 EUR to account 66.'))).toEqual({ example: false, openssl: false });
  });

  it('refuses a signature whose signed attributes lost one (signing time stripped)', async () => {
    const signedData = parseSignedData(await sign(alice));
    const signerInfo = signedData.signerInfos[0]!;
    signerInfo.signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0, attributes: signerInfo.signedAttrs!.attributes.filter((a) => a.type !== OID.signingTime),
    });
    const stripped = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema(true) });
    const der = stripped.toSchema().toBER(false);
    expect(parseSignedData(der).signerInfos[0]!.signedAttrs!.attributes.some((a) => a.type === OID.signingTime)).toBe(false);
    expect(await verdicts(der)).toEqual({ example: false, openssl: false });
  });

  it('refuses a signature value with one bit flipped', async () => {
    const der = await sign(alice);
    const broken = tamper(der, parseSignedData(der).signerInfos[0]!.signature.valueBlock.valueHexView);
    expect(await verdicts(broken.buffer)).toEqual({ example: false, openssl: false });
  });

  it('refuses an expired signer certificate and one issued by a CA:false certificate', async () => {
    const expired = await issueCertificate(cast.intermediate, { ...ALICE, validDays: -1 });
    expect(await verdicts(await sign(expired))).toEqual({ example: false, openssl: false });
    const { endEntity, leaf } = await issuedByEndEntity(cast);
    expect(await verdicts(await sign(leaf, [endEntity.certificate, cast.intermediate.certificate]))).toEqual({ example: false, openssl: false });
  });
});

describe('attack: time-stamps given to verifyTimeStampResponse', () => {
  let tsa: KeyAndCertificate;
  let request: pkijs.TimeStampReq;

  /** The example TSA's response to `forRequest`, signed by `signer`; written as response.tsr for openssl. */
  async function stamp(signer: KeyAndCertificate, forRequest = request): Promise<ArrayBuffer> {
    const der = (await createTimeStampResponse(forRequest, signer)).toSchema().toBER(false);
    openssl.write('response.tsr', der);
    return der;
  }
  const opensslTs = (...args: string[]) => openssl.run('ts', '-verify', '-in', 'response.tsr', '-CAfile', 'root.pem', ...args);

  beforeAll(async () => {
    tsa = await createTsaCertificate(cast.root);
    request = await createTimeStampRequest(DOCUMENT);
    openssl.write('request.tsq', timeStampRequestToDer(request));
  });

  it('accepts the genuine TSA\'s stamp, as OpenSSL does (the control)', async () => {
    const der = await stamp(tsa);
    expect((await opensslTs('-data', 'document.bin')).output).toContain('Verification: OK');
    expect((await verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).tsa).toBe(formatName(tsa.certificate.subject));
  });

  it('refuses a stamp presented for other data', async () => {
    const der = await stamp(tsa);
    openssl.write('other.bin', utf8('another document'));
    expect((await opensslTs('-data', 'other.bin')).output).toContain('Verification: FAILED');
    await expect(verifyTimeStampResponse(der, request, utf8('another document'), [cast.root.certificate])).rejects.toThrow();
  });

  it('refuses a stamp from a TSA of another CA', async () => {
    const der = await stamp(await createTsaCertificate(cast.attackerRoot));
    expect((await opensslTs('-data', 'document.bin')).output).toContain('Verification: FAILED');
    await expect(verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).rejects.toThrow();
  });

  it('refuses a stamp signed by a certificate without id-kp-timeStamping', async () => {
    const notTsa = await issueCertificate(cast.root, { subject: { commonName: 'Not a TSA' }, keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.emailProtection] });
    const der = await stamp(notTsa);
    expect((await opensslTs('-data', 'document.bin')).output).toContain('Verification: FAILED');
    await expect(verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).rejects.toThrow(/time-stamping certificate/);
  });

  it('refuses a replayed stamp answering another request (wrong nonce)', async () => {
    const earlier = await createTimeStampRequest(DOCUMENT);
    const der = await stamp(tsa, earlier);
    const result = await opensslTs('-queryfile', 'request.tsq');
    expect(result.output).toMatch(/nonce mismatch/);
    await expect(verifyTimeStampResponse(der, request, DOCUMENT, [cast.root.certificate])).rejects.toThrow(/nonce/);
  });
});

describe('attack: S/MIME messages given to verifySignedMessage', () => {
  const headers = (from: string) => ({ from, to: 'bob@example.com', subject: 'Invoice' });
  const entity = 'Content-Type: text/plain; charset=utf-8\r\n\r\nPay 100 EUR to account 42.\r\n';
  let sender: KeyAndCertificate; // issued by the root: a mail client ships only the signer's certificate
  beforeAll(async () => { sender = await issueCertificate(cast.root, ALICE); });

  it('trusts Alice\'s message from Alice (the control), and openssl cms -verify agrees on the signature', async () => {
    const message = await createSignedMessage(entity, sender, headers('Alice <alice@example.com>'));
    expect((await verifySignedMessage(message, [cast.root.certificate])).trusted).toBe(true);
    openssl.write('message.eml', message);
    const result = await openssl.run('cms', '-verify', '-in', 'message.eml', '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.txt');
    expect(result.output).toContain('Verification successful');
  });

  it('refuses a spoofed From: Alice\'s valid signature on a message "from" someone else', async () => {
    for (const from of ['Bob <bob@example.com>', '"alice@example.com" <mallory@example.net>', 'alice@example.com, mallory@example.net']) {
      const check = await verifySignedMessage(await createSignedMessage(entity, sender, headers(from)), [cast.root.certificate]);
      expect(check).toMatchObject({ valid: true, senderMatches: false, trusted: false });
    }
  });

  it('refuses a message whose signed body was changed, as openssl cms -verify does', async () => {
    const message = (await createSignedMessage(entity, sender, headers('alice@example.com'))).replace('100 EUR', '900 EUR');
    expect((await verifySignedMessage(message, [cast.root.certificate])).trusted).toBe(false);
    openssl.write('changed.eml', message);
    const result = await openssl.run('cms', '-verify', '-in', 'changed.eml', '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.txt');
    expect(result.output).toContain('Verification failure');
  });
});

describe('attack: certification requests given to issueFromRequest', () => {
  const spec = { subject: { commonName: 'shop.example.com', organization: 'Example Bank plc', country: 'GB' }, dnsNames: ['shop.example.com', 'bank.example.com'] };

  it('refuses a request for a name the CA has not verified', async () => {
    const request = await createCertificationRequest(await generateKeyPair(), spec);
    await expect(issueFromRequest(cast.intermediate, request, ['shop.example.com'])).rejects.toThrow(/not verified: bank\.example\.com/);
  });

  it('does not copy a requested subject that claims an organisation', async () => {
    const request = await createCertificationRequest(await generateKeyPair(), spec);
    const issued = await issueFromRequest(cast.intermediate, request, spec.dnsNames);
    expect(formatName(issued.subject)).toBe('CN=shop.example.com');
  });

  it('refuses a request whose signature is over other bytes, as openssl req -verify does', async () => {
    const request = await createCertificationRequest(await generateKeyPair(), spec);
    const broken = tamper(request.toSchema().toBER(false), request.signatureValue.valueBlock.valueHexView);
    openssl.write('broken.csr', broken);
    const result = await openssl.run('req', '-in', 'broken.csr', '-inform', 'DER', '-verify', '-noout');
    expect(result.output).not.toMatch(/verify OK/);
    await expect(issueFromRequest(cast.intermediate, pkijs.CertificationRequest.fromBER(broken), spec.dnsNames)).rejects.toThrow(/signature/);
  });
});
