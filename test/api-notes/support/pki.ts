// A small PKI for the claims of the site notes, made once with the examples'
// helpers (pkijs 3.3.2) and handed to each pkijs release as DER, so every
// release parses the same bytes with its own classes. It has a root, an
// intermediate, a leaf and a delegated OCSP responder under the intermediate,
// and an attacker with a self-signed CA and a forged leaf of the same name.
import * as helpers from '../../../content/docs/examples/example-helpers.ts';
import { asn1Of, type Pkijs } from './pkijs-versions.ts';

/** id-kp-OCSPSigning (RFC 6960 4.2.2.2). */
export const ID_KP_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

export interface Party {
  der: Uint8Array<ArrayBuffer>;
  privateKey: CryptoKey;
}

export interface Pki {
  root: Party;
  intermediate: Party;
  leaf: Party;
  responder: Party;
  attackerCa: Party;
  /** Issued by the attacker's CA, with the leaf's subject name. */
  forgedLeaf: Party;
}

const der = (k: helpers.KeyAndCertificate): Party => ({
  der: new Uint8Array(k.certificate.toSchema().toBER(false)),
  privateKey: k.privateKey,
});

export async function createPki(): Promise<Pki> {
  helpers.useWebCrypto();
  const root = await helpers.createCertificateAuthority({ commonName: 'Notes Root CA' });
  const intermediate = await helpers.issueCertificate(root, { subject: { commonName: 'Notes Issuing CA' }, keyUsage: ['keyCertSign', 'cRLSign'] });
  const leafProfile = { subject: { commonName: 'server.example' }, keyUsage: ['digitalSignature'] as helpers.KeyUsageName[], dnsNames: ['server.example'] };
  const leaf = await helpers.issueCertificate(intermediate, leafProfile);
  const responder = await helpers.issueCertificate(intermediate, {
    subject: { commonName: 'Notes OCSP Responder' }, keyUsage: ['digitalSignature'], extendedKeyUsage: [ID_KP_OCSP_SIGNING],
  });
  const attackerCa = await helpers.createCertificateAuthority({ commonName: 'Notes Issuing CA' });
  const forgedLeaf = await helpers.issueCertificate(attackerCa, leafProfile);
  return {
    root: der(root), intermediate: der(intermediate), leaf: der(leaf), responder: der(responder),
    attackerCa: der(attackerCa), forgedLeaf: der(forgedLeaf),
  };
}

export const load = (pk: Pkijs, party: Party) => pk.Certificate.fromBER(party.der);

export interface OcspAnswer {
  /** Who signs: its certificate names the responder and is attached first. */
  signer: Party;
  /** Further certificates attached after the signer's. */
  attached?: Party[];
  /** The certificate the answer is about and its issuer. */
  subject: Party;
  issuer: Party;
}

/** A BasicOCSPResponse saying "good" for `subject`, signed with SHA-256 by `signer`, as DER. */
export async function ocspAnswer(pk: Pkijs, answer: OcspAnswer): Promise<Uint8Array<ArrayBuffer>> {
  const asn1 = asn1Of(pk);
  const signer = load(pk, answer.signer);
  const certID = new pk.CertID();
  await certID.createForCertificate(load(pk, answer.subject), { hashAlgorithm: 'SHA-256', issuerCertificate: load(pk, answer.issuer) });
  const now = helpers.wholeSeconds(new Date());
  const basic = new pk.BasicOCSPResponse({
    tbsResponseData: new pk.ResponseData({
      responderID: signer.subject,
      producedAt: now,
      responses: [new pk.SingleResponse({
        certID,
        certStatus: new asn1.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } }), // [0] good
        thisUpdate: now,
      })],
    }),
  });
  basic.certs = [signer, ...(answer.attached ?? []).map((p) => load(pk, p))];
  await basic.sign(answer.signer.privateKey, 'SHA-256');
  return new Uint8Array(basic.toSchema().toBER(false));
}

/** `basic` wrapped in a successful OCSPResponse, as DER. */
export function ocspEnvelope(pk: Pkijs, basic: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const asn1 = asn1Of(pk);
  const response = new pk.OCSPResponse({
    responseStatus: new asn1.Enumerated({ value: 0 }),
    responseBytes: new pk.ResponseBytes({ responseType: pk.id_PKIX_OCSP_Basic, response: new asn1.OctetString({ valueHex: basic }) }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}
