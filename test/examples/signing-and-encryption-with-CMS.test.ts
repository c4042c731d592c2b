// Runs the code of the "Signing and Encryption with CMS" example pages and checks
// what it produces, parsing the output again with pkijs and WebCrypto directly.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decryptWithPrivateKey,
  describeRecipients,
  encryptForCertificates,
  findRecipientIndex,
  issueEncryptionCertificate,
  parseEnvelopedData,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-certificate-based-encryption.ts';
import {
  DEFAULT_ITERATIONS,
  decryptWithPassword,
  encryptWithPassword,
  readPasswordParameters,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-password-based-encryption.ts';
import {
  parseSignedData,
  readSignedContent,
  signAndVerify,
  signData,
  verifySignedData,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import {
  certificateBagFromPem,
  certificateBagToPem,
  createCertificateBag,
  orderChain,
  readCertificateBag,
} from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-PKCS-7-certificate-bags-P7B.ts';
import {
  commonNameOf,
  createCertificateAuthority,
  fromPem,
  issueCertificate,
  type KeyAndCertificate,
  toPem,
  useWebCrypto,
} from '../../content/docs/examples/example-helpers.ts';
import { patch } from './support/pki.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const der = (certificate: pkijs.Certificate) => Buffer.from(certificate.toSchema().toBER(false));
const pkcs8 = (key: CryptoKey) => crypto.subtle.exportKey('pkcs8', key);

let ca: KeyAndCertificate;
let otherCa: KeyAndCertificate;
let signer: KeyAndCertificate;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  otherCa = await createCertificateAuthority({ commonName: 'Unrelated CA' });
  signer = await issueCertificate(ca, {
    subject: { commonName: 'Alice' },
    emails: ['alice@example.com'],
    keyUsage: ['digitalSignature', 'nonRepudiation'],
    extendedKeyUsage: ['1.3.6.1.5.5.7.3.4'],
  });
});

describe('working-with-CMS-signing', () => {
  it('issues a certificate signed by the CA with the requested extensions', async () => {
    const parsed = pkijs.Certificate.fromBER(der(signer.certificate));
    expect(await parsed.verify(pkijs.Certificate.fromBER(der(ca.certificate)))).toBe(true);
    expect(await parsed.verify(otherCa.certificate)).toBe(false);
    expect(parsed.issuer.isEqual(ca.certificate.subject)).toBe(true);
    const byId = new Map(parsed.extensions?.map((e) => [e.extnID, e]));
    expect(byId.get(pkijs.id_BasicConstraints)?.critical).toBe(true);
    // digitalSignature (0x80) + nonRepudiation (0x40), six unused trailing bits.
    const keyUsage = asn1js.fromBER(byId.get(pkijs.id_KeyUsage)!.extnValue.getValue()).result as asn1js.BitString;
    expect([...keyUsage.valueBlock.valueHexView]).toEqual([0xc0]);
    expect(keyUsage.valueBlock.unusedBits).toBe(6);
    const altNames = pkijs.GeneralNames.fromBER(byId.get(pkijs.id_SubjectAltName)!.extnValue.getValue());
    expect(altNames.names.map((n) => n.value)).toEqual(['alice@example.com']);
    const caConstraints = pkijs.BasicConstraints.fromBER(
      ca.certificate.extensions!.find((e) => e.extnID === pkijs.id_BasicConstraints)!.extnValue.getValue());
    expect(caConstraints.cA).toBe(true);
  });

  it('produces SignedData whose digest and signature check out independently', async () => {
    const content = encode('Quarterly report: all figures final.');
    const signed = await signData(content, signer);
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(signed).content });
    const signerInfo = signedData.signerInfos[0]!;
    // contentType, signingTime, messageDigest (RFC 5652 11.1-11.3)
    expect(signerInfo.signedAttrs!.attributes.map((a) => a.type)).toEqual(['1.2.840.113549.1.9.3', '1.2.840.113549.1.9.5', '1.2.840.113549.1.9.4']);
    expect((signerInfo.signedAttrs!.attributes[0]!.values[0] as asn1js.ObjectIdentifier).valueBlock.toString()).toBe('1.2.840.113549.1.7.1'); // id-data
    const digestAttribute = signerInfo.signedAttrs!.attributes.find((a) => a.type === '1.2.840.113549.1.9.4')!;
    const expectedDigest = new Uint8Array(await crypto.subtle.digest('SHA-256', content));
    expect(new Uint8Array(digestAttribute.values[0].getValue())).toEqual(expectedDigest);
    expect(signerInfo.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(await signedData.verify({ signer: 0, checkChain: false })).toBe(true);
    expect(readSignedContent(parseSignedData(signed))).toEqual(content);
  });

  it('verifies a signature from a trusted CA and reports the signer', async () => {
    const check = await verifySignedData(parseSignedData(await signData(encode('hello'), signer)), [ca.certificate]);
    expect(check.valid).toBe(true);
    expect(commonNameOf(check.signer!)).toBe('Alice');
    expect(Math.abs(check.signingTime!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('runs the whole flow of the page in signAndVerify', async () => {
    const check = await signAndVerify('Quarterly report: all figures final.');
    expect(check.valid).toBe(true);
    expect(commonNameOf(check.signer!)).toBe('Alice');
  });

  it('rejects a copy whose content was changed: the digest check fails', async () => {
    const signed = new Uint8Array(await signData(encode('Pay 100 EUR to Bob'), signer));
    const tampered = patch(signed, '100', '900');
    expect(Buffer.from(signed).indexOf('100', 0, 'latin1')).toBeGreaterThan(0); // the original is untouched
    const check = await verifySignedData(parseSignedData(tampered), [ca.certificate]);
    expect(check).toMatchObject({ valid: false, reason: "Error during verification: Message digest doesn't match" });
  });

  it('rejects a copy whose signature was changed: the signature check fails, the digest still matches', async () => {
    const signedData = parseSignedData(await signData(encode('Pay 100 EUR to Bob'), signer));
    const signature = new Uint8Array(signedData.signerInfos[0]!.signature.getValue()).slice();
    // Flip a bit of r inside the DER ECDSA-Sig-Value: still well-formed, no longer valid.
    signature[8] = signature[8]! ^ 0x01;
    signedData.signerInfos[0]!.signature = new asn1js.OctetString({ valueHex: signature });
    const reencoded = new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signedData.toSchema(true) });
    const check = await verifySignedData(parseSignedData(reencoded.toSchema().toBER(false)), [ca.certificate]);
    expect(check).toMatchObject({ valid: false, reason: 'The signature does not match the signed attributes' });
    expect(commonNameOf(check.signer!)).toBe('Alice');
  });

  it('rejects a signer that does not chain to a trusted certificate', async () => {
    const check = await verifySignedData(parseSignedData(await signData(encode('hello'), signer)), [otherCa.certificate]);
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/certificate/i) });
  });

  it('verifies a detached signature only against the original content', async () => {
    const content = encode('detached content');
    const signedData = parseSignedData(await signData(content, signer, { detached: true, hash: 'SHA-384' }));
    expect(readSignedContent(signedData)).toBeUndefined();
    expect(signedData.digestAlgorithms[0]!.algorithmId).toBe(pkijs.id_sha384);
    expect((await verifySignedData(signedData, [ca.certificate], content)).valid).toBe(true);
    expect((await verifySignedData(signedData, [ca.certificate], encode('detached contenT'))).valid).toBe(false);
  });
});

describe('working-with-CMS-certificate-based-encryption', () => {
  let rsaRecipient: KeyAndCertificate;
  let ecRecipient: KeyAndCertificate;
  const message = encode('The launch code is 0000.');

  beforeAll(async () => {
    rsaRecipient = await issueEncryptionCertificate(ca, 'Bob (RSA)', 'rsa');
    ecRecipient = await issueEncryptionCertificate(ca, 'Carol (EC)', 'ec');
  });

  it('encrypts once for an RSA and an EC recipient with AES-256-CBC', async () => {
    const enveloped = parseEnvelopedData(await encryptForCertificates(message, [rsaRecipient.certificate, ecRecipient.certificate]));
    expect(describeRecipients(enveloped)).toEqual([
      'key transport, 1.2.840.113549.1.1.7', // id-RSAES-OAEP
      'key agreement, 1.3.132.1.11.1', // dhSinglePass-stdDH-sha256kdf-scheme
    ]);
    expect(enveloped.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.1.42');
    const ciphertext = Buffer.from(enveloped.encryptedContentInfo.getEncryptedContent());
    expect(ciphertext.indexOf(Buffer.from(message))).toBe(-1);
    expect(findRecipientIndex(enveloped, ecRecipient.certificate)).toBe(1);
  });

  it('decrypts to the original with each recipient certificate and key', async () => {
    const encrypted = await encryptForCertificates(message, [rsaRecipient.certificate, ecRecipient.certificate]);
    for (const recipient of [rsaRecipient, ecRecipient]) {
      const plaintext = await decryptWithPrivateKey(parseEnvelopedData(encrypted), recipient.certificate, await pkcs8(recipient.privateKey));
      expect(plaintext).toEqual(message);
    }
  });

  it('fails with a wrong private key or a certificate that is not a recipient', async () => {
    const encrypted = await encryptForCertificates(message, [rsaRecipient.certificate, ecRecipient.certificate]);
    const stranger = await issueEncryptionCertificate(ca, 'Eve', 'ec');
    await expect(decryptWithPrivateKey(parseEnvelopedData(encrypted), ecRecipient.certificate, await pkcs8(stranger.privateKey)))
      .rejects.toThrow();
    await expect(decryptWithPrivateKey(parseEnvelopedData(encrypted), stranger.certificate, await pkcs8(stranger.privateKey)))
      .rejects.toThrow(/not encrypted for this certificate/);
  });
});

describe('working-with-CMS-password-based-encryption', () => {
  const secret = encode('backup key material');
  let encrypted: ArrayBuffer;

  beforeAll(async () => {
    encrypted = await encryptWithPassword(secret, 'correct horse battery staple');
  });

  it('records PBKDF2-HMAC-SHA256 with a random salt and the default iteration count', async () => {
    const parameters = readPasswordParameters(parseEnvelopedData(encrypted));
    expect(parameters).toEqual({ iterations: DEFAULT_ITERATIONS, saltLength: 64, prf: '1.2.840.113549.2.9' });
    const again = await encryptWithPassword(secret, 'correct horse battery staple', 1000);
    expect(readPasswordParameters(parseEnvelopedData(again)).iterations).toBe(1000);
    expect(Buffer.from(again).equals(Buffer.from(encrypted))).toBe(false);
  });

  it('decrypts with the right password and fails with a wrong one', async () => {
    expect(await decryptWithPassword(parseEnvelopedData(encrypted), 'correct horse battery staple')).toEqual(secret);
    await expect(decryptWithPassword(parseEnvelopedData(encrypted), 'correct horse battery stapler')).rejects.toThrow();
  });
});

describe('working-with-PKCS-7-certificate-bags-P7B', () => {
  it('round-trips a chain through DER and PEM and puts it back in order', async () => {
    const issuing = await issueCertificate(ca, { subject: { commonName: 'Example Issuing CA' }, keyUsage: ['keyCertSign', 'cRLSign'] });
    const leaf = await issueCertificate(issuing, { subject: { commonName: 'www.example.com' }, keyUsage: ['digitalSignature'] });
    const shuffled = [issuing.certificate, ca.certificate, leaf.certificate];
    const pem = certificateBagToPem(shuffled);
    expect(pem).toMatch(/^-----BEGIN PKCS7-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END PKCS7-----\n$/);

    const certificates = certificateBagFromPem(`Bag attributes\n${pem}trailing text`);
    expect(readCertificateBag(fromPem(pem, 'PKCS7')).map(der)).toEqual(shuffled.map(der));
    expect(certificates.map(der)).toEqual(shuffled.map(der));
    expect(orderChain(certificates).map((c) => commonNameOf(c))).toEqual(['www.example.com', 'Example Issuing CA', 'Example Root CA']);
  });

  it('writes a certs-only SignedData with no signers', () => {
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(createCertificateBag([ca.certificate])).content });
    expect(signedData.signerInfos).toHaveLength(0);
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    expect(signedData.certificates).toHaveLength(1);
  });

  it('rejects PEM without the requested block', () => {
    expect(() => fromPem(toPem(new ArrayBuffer(4), 'CERTIFICATE'), 'PKCS7')).toThrow(/PKCS7/);
  });
});
