// Claims of the signing notes (Certificate, CertificateRevocationList,
// CertificationRequest, SignedData, SignedDataVerifyParams, TimeStampResp),
// each shown by running the pkijs release under test. The examples' own
// functions (pkijs 3.3.2) make inputs, handed over as DER.
import { expect } from 'vitest';
import * as helpers from '../../../content/docs/examples/example-helpers.ts';
import * as cms from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import * as tsReq from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import * as tsRes from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import type { Claim } from '../support/note-claims.ts';
import { load, type Pki } from '../support/pki.ts';
import { asn1Of, type Pkijs } from '../support/pkijs-versions.ts';

/** ecdsa-with-SHA1 (RFC 3279 2.2.3), sha256WithRSAEncryption (RFC 4055 5), id-sha1 (RFC 3279 2.2.1), id-sha256 (RFC 4055 2.1), id-data (RFC 5652 4). */
const ECDSA_WITH_SHA1 = '1.2.840.10045.4.1';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const ID_SHA1 = '1.3.14.3.2.26';
const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_DATA = '1.2.840.113549.1.7.1';

const rsaForSha256 = () => helpers.generateKeyPair(helpers.RSA_2048);
const ecKey = () => helpers.generateKeyPair(helpers.ECDSA_P256);
const stranger = () => helpers.createCertificateAuthority({ commonName: 'Nobody Trusts Me' });

function unsignedCertificate(pk: Pkijs, pki: Pki): InstanceType<Pkijs['Certificate']> {
  const certificate = load(pk, pki.leaf);
  certificate.tbsView = new Uint8Array(0); // forget the parsed bytes: encode from the fields
  return certificate;
}

/** A SignedData of `content` whose signed attributes carry a message digest made with `digestHash`. */
async function signedWithAttributes(pk: Pkijs, signer: { certificate: Uint8Array<ArrayBuffer>; privateKey: CryptoKey }, content: Uint8Array<ArrayBuffer>, digestHash: string, hashAlgorithm?: string) {
  const asn1 = asn1Of(pk);
  const certificate = pk.Certificate.fromBER(signer.certificate);
  const digest = await crypto.subtle.digest(digestHash, content);
  const signedData = new pk.SignedData({
    version: 1,
    encapContentInfo: new pk.EncapsulatedContentInfo({ eContentType: ID_DATA, eContent: new asn1.OctetString({ valueHex: content }) }),
    signerInfos: [new pk.SignerInfo({
      version: 1,
      sid: new pk.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
      signedAttrs: new pk.SignedAndUnsignedAttributes({
        type: 0,
        attributes: [
          new pk.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1.ObjectIdentifier({ value: ID_DATA })] }), // contentType
          new pk.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1.OctetString({ valueHex: digest })] }), // messageDigest
        ],
      }),
    })],
    certificates: [certificate],
  });
  await (hashAlgorithm === undefined ? signedData.sign(signer.privateKey, 0) : signedData.sign(signer.privateKey, 0, hashAlgorithm));
  return pk.SignedData.fromBER(signedData.toSchema(true).toBER(false));
}

const ecdsaSha1ByDefault = (sign: (pk: Pkijs, pki: Pki, key: CryptoKey) => Promise<string>) => async (pk: Pkijs, pki: Pki) => {
  expect(await sign(pk, pki, (await ecKey()).privateKey)).toBe(ECDSA_WITH_SHA1);
};

export const signingClaims: Claim[] = [
  {
    file: 'content/api-notes/Certificate.md',
    quote: 'an RSA key signs with the hash it was generated or imported for, and `hashAlgorithm` is then ignored.',
    async holds(pk, pki) {
      const certificate = unsignedCertificate(pk, pki);
      await certificate.sign((await ecKey()).privateKey);
      expect(pk.Certificate.fromBER(certificate.toSchema(true).toBER(false)).signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
      await certificate.sign((await rsaForSha256()).privateKey, 'SHA-512');
      expect(pk.Certificate.fromBER(certificate.toSchema(true).toBER(false)).signatureAlgorithm.algorithmId).toBe(SHA256_WITH_RSA);
    },
  },
  {
    file: 'content/api-notes/Certificate.md',
    quote: 'a field you change after `fromBER()` is lost unless you call `toSchema(true)`.',
    async holds(pk, pki) {
      const asn1 = asn1Of(pk);
      const parsed = load(pk, pki.leaf);
      parsed.serialNumber = new asn1.Integer({ value: 8 });
      expect(pk.Certificate.fromBER(parsed.toSchema().toBER(false)).serialNumber.isEqual(load(pk, pki.leaf).serialNumber)).toBe(true);
      const reencoded = pk.Certificate.fromBER(parsed.toSchema(true).toBER(false));
      expect(reencoded.serialNumber.valueBlock.valueDec).toBe(8);
      expect(await reencoded.verify(load(pk, pki.intermediate))).toBe(false);
    },
  },
  {
    file: 'content/api-notes/CertificateRevocationList.md',
    quote: 'Without `hashAlgorithm`, an ECDSA key signs with **SHA-1** (ecdsa-with-SHA1)',
    holds: ecdsaSha1ByDefault(async (pk, pki, key) => {
      const crl = new pk.CertificateRevocationList({ version: 1, issuer: load(pk, pki.root).subject, thisUpdate: new pk.Time({ value: new Date() }) });
      await crl.sign(key);
      return pk.CertificateRevocationList.fromBER(crl.toSchema(true).toBER(false)).signatureAlgorithm.algorithmId;
    }),
  },
  {
    file: 'content/api-notes/CertificationRequest.md',
    quote: 'Without `hashAlgorithm`, an ECDSA key signs with **SHA-1** (ecdsa-with-SHA1)',
    holds: ecdsaSha1ByDefault(async (pk, pki, key) => {
      const request = new pk.CertificationRequest({ subject: load(pk, pki.leaf).subject });
      request.subjectPublicKeyInfo = load(pk, pki.leaf).subjectPublicKeyInfo;
      await request.sign(key);
      return pk.CertificationRequest.fromBER(request.toSchema(true).toBER(false)).signatureAlgorithm.algorithmId;
    }),
  },
  {
    file: 'content/api-notes/SignedData.md',
    quote: '`eContentType: pkijs.ContentInfo.DATA,` (the id-data OID, 1.2.840.113549.1.7.1)',
    async holds(pk) {
      expect(pk.ContentInfo.DATA).toBe(ID_DATA);
    },
  },
  {
    file: 'content/api-notes/SignedDataVerifyParams.md',
    quote: 'without `checkChain: true` (and `trustedCerts`), `SignedData.verify()` accepts a signature from any certificate, trusted or not.',
    async holds(pk, pki) {
      const signed = pk.SignedData.fromBER(pk.ContentInfo.fromBER(await cms.signData(new TextEncoder().encode('hello'), await stranger())).content.toBER(false));
      expect(await signed.verify({ signer: 0, trustedCerts: [load(pk, pki.root)] })).toBe(true);
      const checked = await signed.verify({ signer: 0, checkChain: true, trustedCerts: [load(pk, pki.root)] }).catch((e: unknown) => e);
      expect(checked).toBeInstanceOf(pk.SignedDataVerifyError);
    },
  },
  {
    file: 'content/api-notes/SignedData.md',
    quote: 'by default a signature made with any certificate at all verifies.',
    async holds(pk) {
      const signed = pk.SignedData.fromBER(pk.ContentInfo.fromBER(await cms.signData(new TextEncoder().encode('hello'), await stranger())).content.toBER(false));
      expect(await signed.verify({ signer: 0 })).toBe(true);
    },
  },
  {
    file: 'content/api-notes/SignedData.md',
    quote: 'Without `hashAlgorithm`, an ECDSA key signs with **SHA-1**; an RSA key with the hash it was generated or imported for.',
    async holds(pk) {
      const content = new TextEncoder().encode('hello');
      const ec = await stranger();
      const ecSigned = await signedWithAttributes(pk, { certificate: new Uint8Array(ec.certificate.toSchema().toBER(false)), privateKey: ec.privateKey }, content, 'SHA-1');
      expect(ecSigned.signerInfos[0]!.signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
      const rsa = await rsaSigner();
      const rsaSigned = await signedWithAttributes(pk, rsa, content, 'SHA-1', 'SHA-512');
      expect(rsaSigned.signerInfos[0]!.signatureAlgorithm.algorithmId).toBe(SHA256_WITH_RSA);
    },
  },
  {
    file: 'content/api-notes/SignedData.md',
    quote: 'An RSA key generated for SHA-256, a message digest made with SHA-256 and no `hashAlgorithm` give a signature whose digest algorithm is SHA-1, and `verify()` throws a `SignedDataVerifyError` with code 15',
    async holds(pk) {
      const content = new TextEncoder().encode('hello');
      const signed = await signedWithAttributes(pk, await rsaSigner(), content, 'SHA-256');
      expect(signed.signerInfos[0]!.digestAlgorithm.algorithmId).toBe(ID_SHA1);
      expect(signed.signerInfos[0]!.signatureAlgorithm.algorithmId).toBe(SHA256_WITH_RSA);
      const error = await signed.verify({ signer: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(pk.SignedDataVerifyError);
      expect(error).toMatchObject({ code: 15, message: expect.stringContaining("Message digest doesn't match") });
      // Named, the same inputs verify.
      expect(await (await signedWithAttributes(pk, await rsaSigner(), content, 'SHA-256', 'SHA-256')).verify({ signer: 0 })).toBe(true);
    },
  },
  {
    file: 'content/api-notes/SignedData.md',
    quote: 'Without signed attributes, an RSA key\'s own hash becomes the digest algorithm.',
    async holds(pk) {
      const asn1 = asn1Of(pk);
      const rsa = await rsaSigner();
      const certificate = pk.Certificate.fromBER(rsa.certificate);
      const signedData = new pk.SignedData({
        version: 1,
        encapContentInfo: new pk.EncapsulatedContentInfo({ eContentType: ID_DATA, eContent: new asn1.OctetString({ valueHex: new TextEncoder().encode('hello') }) }),
        signerInfos: [new pk.SignerInfo({ version: 1, sid: new pk.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }) })],
        certificates: [certificate],
      });
      await signedData.sign(rsa.privateKey, 0, 'SHA-1');
      expect(signedData.signerInfos[0]!.digestAlgorithm.algorithmId).toBe(ID_SHA256);
    },
  },
  {
    file: 'content/api-notes/TimeStampResp.md',
    quote: 'signs the copy and throws it away: the response is unchanged.',
    async holds(pk) {
      const der = await timeStampResponse(await stranger());
      const response = pk.TimeStampResp.fromBER(der);
      await response.sign((await ecKey()).privateKey, 'SHA-256');
      expect(Buffer.from(response.toSchema().toBER(false)).equals(Buffer.from(der))).toBe(true);
    },
  },
  {
    file: 'content/api-notes/TimeStampResp.md',
    quote: 'has no `checkChain`, and without it `trustedCerts` is not used: a token signed by a TSA certificate nobody trusts verifies as `true`.',
    async holds(pk, pki) {
      const document = new TextEncoder().encode('document');
      const response = pk.TimeStampResp.fromBER(await timeStampResponse(await stranger(), document));
      expect(await response.verify({ signer: 0, trustedCerts: [load(pk, pki.root)], data: document.buffer })).toBe(true);
    },
  },
];

/** An RSA (SHA-256) signer with a self-signed certificate, as DER. */
async function rsaSigner(): Promise<{ certificate: Uint8Array<ArrayBuffer>; privateKey: CryptoKey }> {
  const keys = await rsaForSha256();
  const spec = { subject: helpers.buildName({ commonName: 'RSA Signer' }), publicKey: await helpers.toPublicKeyInfo(keys.publicKey), validDays: 30, extensions: [] };
  const certificate = await helpers.signCertificate(spec, { selfSigned: keys.privateKey });
  return { certificate: new Uint8Array(certificate.toSchema().toBER(false)), privateKey: keys.privateKey };
}

/** A time-stamp response from the example's TSA code, issued under `ca`. */
async function timeStampResponse(ca: helpers.KeyAndCertificate, document = new TextEncoder().encode('document')): Promise<Uint8Array<ArrayBuffer>> {
  const tsa = await tsRes.createTsaCertificate(ca);
  const request = await tsReq.createTimeStampRequest(document);
  return new Uint8Array((await tsRes.createTimeStampResponse(request, tsa)).toSchema().toBER(false));
}
