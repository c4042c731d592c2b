// Claims of the OCSP site notes (BasicOCSPResponse.md, OCSPResponse.md),
// each shown by running the pkijs release under test.
import * as pkijs from 'pkijs';
import { expect } from 'vitest';
import * as helpers from '../../../content/docs/examples/example-helpers.ts';
import type { Claim } from '../support/note-claims.ts';
import { load, ocspAnswer, ocspEnvelope, type Pki } from '../support/pki.ts';
import { asn1Of, type Pkijs } from '../support/pkijs-versions.ts';

const BASIC = 'content/api-notes/BasicOCSPResponse.md';
const ENVELOPE = 'content/api-notes/OCSPResponse.md';
const EXAMPLE = 'content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.md';
/** ecdsa-with-SHA1 (RFC 3279 2.2.3). */
const ECDSA_WITH_SHA1 = '1.2.840.10045.4.1';

/** What verify({ trustedCerts: [root] }) made of the answer: true, false or the message it threw. */
async function verdict(pk: Pkijs, pki: Pki, der: Uint8Array<ArrayBuffer>, params: object = {}): Promise<boolean | string> {
  const basic = pk.BasicOCSPResponse.fromBER(der);
  return basic.verify({ trustedCerts: [load(pk, pki.root)], ...params }).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
}

/** A responder under the intermediate without id-kp-OCSPSigning, and one of the root with it. */
async function otherResponders(pki: Pki) {
  // Made with the examples' helpers, which use pkijs 3.3.2.
  const issuer = { certificate: pkijs.Certificate.fromBER(pki.intermediate.der), privateKey: pki.intermediate.privateKey };
  const root = { certificate: pkijs.Certificate.fromBER(pki.root.der), privateKey: pki.root.privateKey };
  const part = (k: helpers.KeyAndCertificate) => ({ der: new Uint8Array(k.certificate.toSchema().toBER(false)), privateKey: k.privateKey });
  return {
    withoutEku: part(await helpers.issueCertificate(issuer, { subject: { commonName: 'No EKU Responder' }, keyUsage: ['digitalSignature'] })),
    ofRoot: part(await helpers.issueCertificate(root, { subject: { commonName: 'Root Responder' }, keyUsage: ['digitalSignature'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.9'] })),
  };
}

/** A response about another serial, whose nextUpdate is long past, verifies with the root as trust anchor. */
async function staleAnswerVerifies(pk: Pkijs, pki: Pki): Promise<void> {
  const asn1 = asn1Of(pk);
  const basic = pk.BasicOCSPResponse.fromBER(await ocspAnswer(pk, { signer: pki.responder, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate }));
  const single = basic.tbsResponseData.responses[0]!;
  single.thisUpdate = new Date('2001-01-01T00:00:00Z');
  single.nextUpdate = new Date('2001-01-02T00:00:00Z');
  // Another serial of the same CA: not the certificate anyone asked about.
  single.certID.serialNumber = new asn1.Integer({ value: 12345 });
  basic.tbsResponseData.producedAt = new Date('2001-01-01T00:00:00Z');
  await basic.sign(pki.responder.privateKey, 'SHA-256');
  expect(await verdict(pk, pki, new Uint8Array(basic.toSchema().toBER(false)))).toBe(true);
}

export const ocspClaims: Claim[] = [
  {
    file: EXAMPLE,
    quote: 'It throws when no certificate is attached, so it refuses a CA\'s own answers that attach none.',
    async holds(pk, pki) {
      const basic = pk.BasicOCSPResponse.fromBER(await ocspAnswer(pk, { signer: pki.intermediate, subject: pki.leaf, issuer: pki.intermediate }));
      basic.certs = undefined;
      await basic.sign(pki.intermediate.privateKey, 'SHA-256');
      const reread = pk.BasicOCSPResponse.fromBER(basic.toSchema().toBER(false));
      await expect(reread.verify({ trustedCerts: [load(pk, pki.root), load(pk, pki.intermediate)] })).rejects.toThrow(/No certificates attached/);
    },
  },
  {
    file: EXAMPLE,
    quote: 'so a response signed with an attacker\'s own key verifies if it carries the attacker\'s certificate and the public certificate of a trusted CA',
    async holds(pk, pki) {
      const forged = await ocspAnswer(pk, { signer: pki.attackerCa, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, forged)).toBe(true);
    },
  },
  {
    file: BASIC,
    quote: 'Without `hashAlgorithm`, an ECDSA key signs with **SHA-1** (ecdsa-with-SHA1)',
    async holds(pk, pki) {
      const keys = await helpers.generateKeyPair(helpers.ECDSA_P256);
      const basic = pk.BasicOCSPResponse.fromBER(await ocspAnswer(pk, { signer: pki.responder, subject: pki.leaf, issuer: pki.intermediate }));
      await basic.sign(keys.privateKey);
      expect(pk.BasicOCSPResponse.fromBER(basic.toSchema().toBER(false)).signatureAlgorithm.algorithmId).toBe(ECDSA_WITH_SHA1);
    },
  },
  {
    file: BASIC,
    quote: 'A response signed with a key nobody trusts, which attaches its own certificate and the public certificate of a CA that chains to `trustedCerts`, verifies as `true`.',
    async holds(pk, pki) {
      // The attacker's self-signed certificate names the responder; the real intermediate rides along.
      const forged = await ocspAnswer(pk, { signer: pki.attackerCa, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, forged)).toBe(true);
      // Without the CA certificate attached, the signer's own chain is validated and fails.
      const alone = await ocspAnswer(pk, { signer: pki.attackerCa, subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, alone)).not.toBe(true);
    },
  },
  {
    file: BASIC,
    quote: 'The forged response above throws ("No valid certificate paths found"), and so does one signed by a responder of another CA.',
    async holds(pk, pki) {
      const forged = await ocspAnswer(pk, { signer: pki.attackerCa, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, forged)).toEqual(expect.stringContaining('No valid certificate paths found'));
      const { ofRoot } = await otherResponders(pki);
      const elsewhere = await ocspAnswer(pk, { signer: ofRoot, subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, elsewhere, { issuerCerts: [load(pk, pki.intermediate)] })).toEqual(expect.any(String));
      // The genuine delegated responder, and the CA itself, still verify.
      const genuine = await ocspAnswer(pk, { signer: pki.responder, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, genuine)).toBe(true);
      const byCa = await ocspAnswer(pk, { signer: pki.intermediate, subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, byCa)).toBe(true);
      // A signer listed in trustedResponders needs neither chain nor id-kp-OCSPSigning.
      const listed = await ocspAnswer(pk, { signer: pki.attackerCa, subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, listed, { trustedResponders: [load(pk, pki.attackerCa)] })).toBe(true);
    },
  },
  {
    file: BASIC,
    quote: 'a responder\'s certificate without id-kp-OCSPSigning, issued by a CA of `trustedCerts`, verifies.',
    async holds(pk, pki) {
      const { withoutEku } = await otherResponders(pki);
      const answer = await ocspAnswer(pk, { signer: withoutEku, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, answer, { trustedCerts: [load(pk, pki.root), load(pk, pki.intermediate)] })).toBe(true);
    },
  },
  {
    file: BASIC,
    quote: 'pkijs 3.4.3 and 4.0.0 throw "responder is not authorized" for it.',
    async holds(pk, pki) {
      const { withoutEku } = await otherResponders(pki);
      const answer = await ocspAnswer(pk, { signer: withoutEku, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, answer, { trustedCerts: [load(pk, pki.root), load(pk, pki.intermediate)] })).toEqual(expect.stringContaining('responder is not authorized'));
    },
  },
  {
    file: BASIC,
    quote: 'None of these releases checks which certificate the response is about, the nonce or `thisUpdate`/`nextUpdate`: a response whose `nextUpdate` is long past verifies.',
    holds: staleAnswerVerifies,
  },
  {
    file: ENVELOPE,
    quote: 'a response signed with an attacker\'s key that carries a trusted CA\'s certificate gets past the inner one.',
    async holds(pk, pki) {
      const forged = await ocspAnswer(pk, { signer: pki.attackerCa, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, forged)).toBe(true);
    },
  },
  {
    file: ENVELOPE,
    quote: 'throw for that response, but check neither the certificate ID, the nonce nor the update times.',
    async holds(pk, pki) {
      const forged = await ocspAnswer(pk, { signer: pki.attackerCa, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate });
      expect(await verdict(pk, pki, forged)).toEqual(expect.any(String));
      await staleAnswerVerifies(pk, pki);
    },
  },
  {
    file: ENVELOPE,
    quote: 'signs the copy and throws it away: the response you called it on, and the bytes you would send, are unchanged.',
    async holds(pk, pki) {
      const der = ocspEnvelope(pk, await ocspAnswer(pk, { signer: pki.responder, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate }));
      const response = pk.OCSPResponse.fromBER(der);
      const otherKey = await helpers.generateKeyPair();
      await response.sign(otherKey.privateKey, 'SHA-256');
      expect(Buffer.from(response.toSchema().toBER(false)).equals(Buffer.from(der))).toBe(true);
    },
  },
  {
    file: ENVELOPE,
    quote: 'it rejects every response, one signed by the CA itself as much as one signed by a delegated responder (RFC 6960 4.2.2.2), even when `issuerCertificate` is the CA.',
    async holds(pk, pki) {
      const delegated = ocspEnvelope(pk, await ocspAnswer(pk, { signer: pki.responder, attached: [pki.intermediate], subject: pki.leaf, issuer: pki.intermediate }));
      const byCa = ocspEnvelope(pk, await ocspAnswer(pk, { signer: pki.intermediate, subject: pki.leaf, issuer: pki.intermediate }));
      const byRoot = ocspEnvelope(pk, await ocspAnswer(pk, { signer: pki.root, subject: pki.intermediate, issuer: pki.root }));
      for (const [der, issuer] of [[delegated, pki.intermediate], [byCa, pki.intermediate], [byRoot, pki.root]] as const) {
        const response = pk.OCSPResponse.fromBER(der);
        await expect(response.verify()).rejects.toThrow();
        await expect(response.verify(load(pk, issuer))).rejects.toThrow();
        await expect(response.verify(load(pk, pki.root))).rejects.toThrow();
      }
      // The same answers verify once the inner response is given the trust anchor.
      expect(await verdict(pk, pki, await ocspAnswer(pk, { signer: pki.intermediate, subject: pki.leaf, issuer: pki.intermediate }))).toBe(true);
    },
  },
];
