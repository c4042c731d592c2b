// Claims of the guides (concepts, migrating from 2.x, troubleshooting and
// its data), each shown by running the pkijs release under test; the 2.x
// claims run against pkijs 2.4.0.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { expect } from 'vitest';
import * as helpers from '../../../content/docs/examples/example-helpers.ts';
import * as cms from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { addedClasses } from '../../../content/docs/guides/data/migration.ts';
import { runWithRelease } from '../support/child.ts';
import type { Claim } from '../support/note-claims.ts';
import { ROOT } from '../support/note-claims.ts';
import { load, type Party, type Pki } from '../support/pki.ts';
import { asn1Of, type Pkijs, useRelease } from '../support/pkijs-versions.ts';

const MIGRATING = 'content/docs/guides/migrating-from-2x.md';
const TROUBLESHOOTING = 'content/docs/guides/troubleshooting.md';
const GARBAGE = new Uint8Array([0x30, 0x82, 0xff, 0x00, 0x01]).buffer;

/** pkijs 2.x, untyped (it ships no type definitions). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Legacy = any;

/** A message signed by a CA nobody trusts, as DER (made by the example, pkijs 3.3.2). */
const strangerMessage = async () => cms.signData(new TextEncoder().encode('hello'), await helpers.createCertificateAuthority({ commonName: 'Nobody Trusts Me' }));

/** A certificate under `issuer` made with the examples' helpers (pkijs 3.3.2). */
async function issue(pki: Pki, issuer: Party, profile: helpers.CertificateProfile, tweak?: (c: pkijs.Certificate) => void): Promise<Party> {
  const issued = await helpers.issueCertificate({ certificate: pkijs.Certificate.fromBER(issuer.der), privateKey: issuer.privateKey }, profile);
  if (tweak) {
    tweak(issued.certificate);
    await issued.certificate.sign(issuer.privateKey, 'SHA-256');
  }
  return { der: new Uint8Array(issued.certificate.toSchema().toBER(false)), privateKey: issued.privateKey };
}

const verifyChain = (pk: Pkijs, pki: Pki, certs: Party[]) => new pk.CertificateChainValidationEngine({
  certs: certs.map((c) => load(pk, c)), trustedCerts: [load(pk, pki.root)],
}).verify();

export const guideClaims: Claim[] = [
  {
    file: 'content/docs/guides/concepts.md',
    quote: 'hands it to the CRLs it carries, not to its certificates: attached certificates are written from the bytes they were parsed from either way, and `toSchema(true)` re-encodes each attached CRL from its fields.',
    async holds(pk, pki) {
      const asn1 = asn1Of(pk);
      const certificate = load(pk, pki.leaf);
      const crl = new pk.CertificateRevocationList({ version: 1, issuer: load(pk, pki.intermediate).subject, thisUpdate: new pk.Time({ value: new Date('2026-01-01T00:00:00Z') }) });
      await crl.sign(pki.intermediate.privateKey, 'SHA-256');
      const parsedCrl = pk.CertificateRevocationList.fromBER(crl.toSchema().toBER(false));
      // Edit both after parsing: only an encoding from the fields shows the edit.
      certificate.serialNumber = new asn1.Integer({ value: 99 });
      parsedCrl.thisUpdate = new pk.Time({ value: new Date('2030-01-01T00:00:00Z') });
      const signed = new pk.SignedData({
        version: 1,
        encapContentInfo: new pk.EncapsulatedContentInfo({ eContentType: pk.id_ContentType_Data }),
        certificates: [certificate],
        crls: [parsedCrl],
      });
      const reread = pk.SignedData.fromBER(signed.toSchema(true).toBER(false));
      expect(Buffer.from((reread.certificates![0] as InstanceType<Pkijs['Certificate']>).toSchema().toBER(false)).equals(Buffer.from(pki.leaf.der))).toBe(true);
      expect((reread.crls![0] as InstanceType<Pkijs['CertificateRevocationList']>).thisUpdate.value.getUTCFullYear()).toBe(2030);
      const kept = pk.SignedData.fromBER(signed.toSchema().toBER(false));
      expect((kept.crls![0] as InstanceType<Pkijs['CertificateRevocationList']>).thisUpdate.value.getUTCFullYear()).toBe(2026);
    },
  },
  {
    file: MIGRATING,
    quote: '3.x and 4.0 run wherever `setEngine` is given a WebCrypto; `globalThis.crypto` is not required. Where there is one (Node.js 20+, every current browser), pkijs uses it without being told.',
    async holds(pk) {
      const printed = runWithRelease(pk, 'delete globalThis.crypto;', `
        const { webcrypto } = await import('node:crypto');
        pk.setEngine('node', new pk.CryptoEngine({ name: 'node', crypto: webcrypto }));
        const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
        const name = new pk.RelativeDistinguishedNames({ typesAndValues: [new pk.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'x' }) })] });
        // Validity set: pkijs 4's default Time (1899) is refused by asn1js 4's UTCTime when encoded.
        const validity = { notBefore: new pk.Time({ value: new Date(Date.UTC(2026, 0, 1)) }), notAfter: new pk.Time({ value: new Date(Date.UTC(2027, 0, 1)) }) };
        const certificate = new pk.Certificate({ version: 2, serialNumber: new asn1js.Integer({ value: 1 }), issuer: name, subject: name, ...validity });
        await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
        await certificate.sign(keys.privateKey, 'SHA-256');
        console.log(typeof globalThis.crypto, await certificate.verify());`);
      expect(printed).toBe('undefined true');
      expect(runWithRelease(pk, '', 'console.log(pk.getEngine().name)')).toBe('webcrypto');
    },
  },
  {
    file: MIGRATING,
    quote: 'Not all of them are new. `AttCertValidityPeriod`, `AttributeCertificateInfoV1`, `AttributeCertificateV1` and `IssuerSerial` are in 2.4.0\'s `src/AttributeCertificateV1.js`',
    async holds(pk) {
      const legacy = pk as Legacy;
      const src = join(ROOT, 'node_modules/pkijs-2.4.0/src');
      const declared = (file: string) => [...readFileSync(join(src, file), 'utf8').matchAll(/^(?:export )?(?:default )?class (\w+)/gm)].map((m) => m[1]);
      expect(declared('AttributeCertificateV1.js')).toEqual(expect.arrayContaining(['AttCertValidityPeriod', 'AttributeCertificateInfoV1', 'AttributeCertificateV1', 'IssuerSerial']));
      expect(declared('AttributeCertificateV2.js')).toEqual(expect.arrayContaining(['AttributeCertificateInfoV2', 'AttributeCertificateV2', 'Holder', 'ObjectDigestInfo', 'V2Form']));
      const inSource = new Set([...declared('AttributeCertificateV1.js'), ...declared('AttributeCertificateV2.js')]);
      const named = ['AttCertValidityPeriod', 'AttributeCertificateInfoV1', 'AttributeCertificateV1', 'IssuerSerial', 'AttributeCertificateInfoV2', 'AttributeCertificateV2', 'Holder', 'ObjectDigestInfo', 'V2Form'];
      // The guide's table lists them; 2.4.0 does not export them; the rest of the table is in no 2.4.0 source file.
      expect(addedClasses.map((c) => c.name)).toEqual(expect.arrayContaining(named));
      for (const name of named) expect(legacy[name], name).toBeUndefined();
      const everySource = readFileSync(join(src, 'index.js'), 'utf8') + [...new Set(addedClasses.map((c) => c.name))].filter((n) => !inSource.has(n)).join(' ');
      for (const { name } of addedClasses.filter((c) => !inSource.has(c.name))) {
        expect(everySource.includes(`class ${name}`), name).toBe(false);
      }
    },
  },
  {
    file: MIGRATING,
    quote: 'on bytes that were not BER the constructor threw a plain `Error` ("Object\'s schema was not verified against input data for Certificate")',
    async holds(pk) {
      const asn1 = asn1Of(pk);
      const legacy = pk as Legacy;
      expect(() => new legacy.Certificate({ schema: asn1.fromBER(GARBAGE).result })).toThrow("Object's schema was not verified against input data for Certificate");
    },
  },
  {
    file: MIGRATING,
    quote: '`Certificate.fromBER(buffer)` does both steps and throws an `AsnError` on bytes that are not BER.',
    async holds(pk) {
      expect(() => pk.Certificate.fromBER(GARBAGE)).toThrow(pk.AsnError);
    },
  },
  {
    file: MIGRATING,
    quote: 'only when `extendedMode: true` was set; without it, it rejected with a plain string such as "Validation of signer\'s certificate failed", which has no `code`.',
    async holds(pk, pki) {
      const asn1 = asn1Of(pk);
      const legacy = pk as Legacy;
      // The message is made by the example (pkijs 3.3.2, its own engine); then 2.4.0 gets its engine back.
      useRelease(pkijs);
      const message = await strangerMessage();
      useRelease(pk);
      const contentInfo = new legacy.ContentInfo({ schema: asn1.fromBER(message).result });
      const signed = new legacy.SignedData({ schema: contentInfo.content });
      const root = new legacy.Certificate({ schema: asn1.fromBER(pki.root.der).result });
      const plain: unknown = await signed.verify({ signer: 0, checkChain: true, trustedCerts: [root] }).catch((e: unknown) => e);
      expect(typeof plain).toBe('string');
      expect(plain).toMatch(/^Validation of signer's certificate failed/);
      const extended: unknown = await signed.verify({ signer: 0, checkChain: true, trustedCerts: [root], extendedMode: true }).catch((e: unknown) => e);
      expect(extended).toMatchObject({ code: 5 });
    },
  },
  {
    file: MIGRATING,
    quote: 'throw a [SignedDataVerifyError](/docs/api/classes/SignedDataVerifyError), with `code` and `message`, in both modes',
    async holds(pk, pki) {
      const signed = pk.SignedData.fromBER(pk.ContentInfo.fromBER(await strangerMessage()).content.toBER(false));
      const params = { signer: 0, checkChain: true, trustedCerts: [load(pk, pki.root)] };
      // One at a time: a second promise made before the first is awaited would reject unhandled.
      for (const verify of [() => signed.verify(params), () => signed.verify({ ...params, extendedMode: true })]) {
        const error = await verify().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(pk.SignedDataVerifyError);
        expect(error).toMatchObject({ code: 5, message: expect.stringMatching(/^Validation of signer's certificate failed/) });
      }
    },
  },
  {
    file: TROUBLESHOOTING,
    quote: '`Please call \'setEngine\' before call to \'getEngine\'` - in Node.js (or any runtime with `process` and no `window`), pkijs found no `globalThis.crypto` when it loaded and nobody called `setEngine`.',
    async holds(pk) {
      expect(runWithRelease(pk, 'delete globalThis.crypto;', 'try { pk.getCrypto(true); console.log("no error"); } catch (e) { console.log(e.message); }'))
        .toBe("Please call 'setEngine' before call to 'getEngine'");
    },
  },
  {
    file: TROUBLESHOOTING,
    quote: '`Unable to create WebCrypto object` - the same outside Node.js (a browser or a worker, where there is a `window` or no `process`): no engine with a `crypto` object.',
    async holds(pk) {
      expect(runWithRelease(pk, 'delete globalThis.crypto; globalThis.window = globalThis;', 'try { pk.getCrypto(true); console.log("no error"); } catch (e) { console.log(e.message); }'))
        .toBe('Unable to create WebCrypto object');
    },
  },
  {
    file: TROUBLESHOOTING,
    quote: '8 for a certificate not yet valid or expired, 10 for broken name chaining, 12 for a revoked certificate, 13 for a CRL issuer that is not a CA or lacks `cRLSign`, 14 for an intermediate that is not a CA',
    async holds(pk, pki) {
      const expired = await issue(pki, pki.intermediate, { subject: { commonName: 'old.example' }, keyUsage: ['digitalSignature'] }, (c) => {
        c.notAfter = helpers.x509Time(new Date(Date.now() - 86_400_000));
      });
      expect(await verifyChain(pk, pki, [pki.intermediate, expired])).toMatchObject({ result: false, resultCode: 8 });
      const endEntity = await issue(pki, pki.root, { subject: { commonName: 'Not A CA' }, keyUsage: ['digitalSignature'] });
      const below = await issue(pki, endEntity, { subject: { commonName: 'below.example' }, keyUsage: ['digitalSignature'] });
      expect(await verifyChain(pk, pki, [endEntity, below])).toMatchObject({ result: false, resultCode: 14 });
    },
  },
  {
    file: TROUBLESHOOTING,
    quote: 'An intermediate with `keyCertSign` and `cA: false` gives 14, not 3.',
    async holds(pk, pki) {
      const unflagged = await issue(pki, pki.root, { subject: { commonName: 'Half CA' }, keyUsage: ['keyCertSign', 'cRLSign'] }, (c) => {
        const index = c.extensions!.findIndex((e) => e.extnID === pkijs.id_BasicConstraints);
        c.extensions![index] = helpers.makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema());
      });
      const below = await issue(pki, unflagged, { subject: { commonName: 'below.example' }, keyUsage: ['digitalSignature'] });
      expect(await verifyChain(pk, pki, [unflagged, below])).toMatchObject({ result: false, resultCode: 14 });
    },
  },
  {
    file: TROUBLESHOOTING,
    quote: 'so even a trusted certificate validated on its own is a path of two, itself twice, and validates.',
    async holds(pk, pki) {
      const result = await verifyChain(pk, pki, [pki.root]);
      expect(result.result).toBe(true);
      const root = Buffer.from(load(pk, pki.root).tbsView).toString('hex');
      expect(result.certificatePath?.map((c) => Buffer.from(c.tbsView).toString('hex'))).toEqual([root, root]);
    },
  },
  {
    file: 'content/docs/guides/data/explanations.ts',
    quote: 'which pkijs compares with the SHA-1 hash of each certificate',
    async holds(pk, pki) {
      const asn1 = asn1Of(pk);
      // A signer whose subjectKeyIdentifier extension is not the SHA-1 hash of its key (RFC 5280 allows other methods).
      const ownKeyId = new Uint8Array(20).fill(0x5a);
      const party = await issue(pki, pki.intermediate, { subject: { commonName: 'signer.example' }, keyUsage: ['digitalSignature'] }, (c) => {
        const index = c.extensions!.findIndex((e) => e.extnID === pkijs.id_SubjectKeyIdentifier);
        c.extensions![index] = helpers.makeExtension(pkijs.id_SubjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: ownKeyId }));
      });
      const signer = load(pk, party);
      const sha1 = new Uint8Array(await crypto.subtle.digest('SHA-1', new Uint8Array(signer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)));
      const signedBy = async (keyId: Uint8Array<ArrayBuffer>) => {
        const signed = new pk.SignedData({
          version: 3,
          encapContentInfo: new pk.EncapsulatedContentInfo({ eContentType: pk.id_ContentType_Data, eContent: new asn1.OctetString({ valueHex: new TextEncoder().encode('hello') }) }),
          signerInfos: [new pk.SignerInfo({ version: 3, sid: new asn1.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: keyId }) })],
          certificates: [signer],
        });
        await signed.sign(party.privateKey, 0, 'SHA-256');
        return pk.SignedData.fromBER(signed.toSchema(true).toBER(false)).verify({ signer: 0 }).catch((e: unknown) => e);
      };
      expect(await signedBy(sha1)).toBe(true);
      expect(await signedBy(ownKeyId)).toMatchObject({ code: 3 });
    },
  },
];
