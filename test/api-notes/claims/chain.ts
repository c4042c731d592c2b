// Claims of the CertificateChainValidationEngine note, each shown by running
// the pkijs release under test.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { expect } from 'vitest';
import * as helpers from '../../../content/docs/examples/example-helpers.ts';
import type { Claim } from '../support/note-claims.ts';
import { load, ocspAnswer, type Party } from '../support/pki.ts';
import type { Pkijs } from '../support/pkijs-versions.ts';

const NOTE = 'content/api-notes/CertificateChainValidationEngine.md';

const tbs = (c: { tbsView: Uint8Array }) => Buffer.from(c.tbsView).toString('hex');

/** A CRL of `issuer`, signed with SHA-256, revoking `revoked`. */
async function crl(pk: Pkijs, issuer: Party, revoked: Party[]) {
  const now = Date.now();
  const list = new pk.CertificateRevocationList({
    version: 1,
    issuer: load(pk, issuer).subject,
    thisUpdate: new pk.Time({ value: helpers.wholeSeconds(new Date(now - 60_000)) }),
    nextUpdate: new pk.Time({ value: helpers.wholeSeconds(new Date(now + 3_600_000)) }),
  });
  if (revoked.length > 0) {
    list.revokedCertificates = revoked.map((p) => new pk.RevokedCertificate({
      userCertificate: load(pk, p).serialNumber,
      revocationDate: new pk.Time({ value: helpers.wholeSeconds(new Date(now - 60_000)) }),
    }));
  }
  await list.sign(issuer.privateKey, 'SHA-256');
  return pk.CertificateRevocationList.fromBER(list.toSchema(true).toBER(false));
}

export const chainClaims: Claim[] = [
  {
    file: NOTE,
    quote: 'gives `result: true` with the intermediate and the root as the path. Only `[intermediate, forged]` is rejected.',
    async holds(pk, pki) {
      const verify = (certs: Party[]) => new pk.CertificateChainValidationEngine({
        certs: certs.map((p) => load(pk, p)), trustedCerts: [load(pk, pki.root)],
      }).verify();
      for (const certs of [[pki.forgedLeaf, pki.intermediate], [pki.forgedLeaf, pki.intermediate, pki.forgedLeaf]]) {
        const result = await verify(certs);
        expect(result.result).toBe(true);
        expect(result.certificatePath?.map(tbs)).toEqual([load(pk, pki.intermediate), load(pk, pki.root)].map(tbs));
      }
      expect((await verify([pki.intermediate, pki.forgedLeaf])).result).toBe(false);
      // The real leaf, sent the same way, comes first in its path.
      expect((await verify([pki.intermediate, pki.leaf])).certificatePath?.map(tbs)[0]).toBe(tbs(load(pk, pki.leaf)));
    },
  },
  {
    file: NOTE,
    quote: 'a valid CRL that revokes the leaf, beside a "good" answer signed by an attacker\'s own key, gives `result: true`.',
    async holds(pk, pki) {
      const crls = [await crl(pk, pki.intermediate, [pki.leaf]), await crl(pk, pki.root, [])];
      const engine = (ocsps: InstanceType<Pkijs['BasicOCSPResponse']>[]) => new pk.CertificateChainValidationEngine({
        certs: [load(pk, pki.intermediate), load(pk, pki.leaf)], trustedCerts: [load(pk, pki.root)], crls, ocsps,
      }).verify();
      const revoked = await engine([]);
      expect(revoked).toMatchObject({ result: false, resultCode: 12 });
      const forged = pk.BasicOCSPResponse.fromBER(await ocspAnswer(pk, { signer: pki.attackerCa, subject: pki.leaf, issuer: pki.intermediate }));
      expect(await engine([forged])).toMatchObject({ result: true });
    },
  },
  {
    file: NOTE,
    quote: 'the leaf with one validates with `resultCode: 0`.',
    async holds(pk, pki) {
      // Made with the examples' helpers (pkijs 3.3.2): an extension no one knows, marked critical.
      const intermediate = { certificate: pkijs.Certificate.fromBER(pki.intermediate.der), privateKey: pki.intermediate.privateKey };
      const unknown = helpers.makeExtension('1.3.6.1.4.1.55555.1', true, new asn1js.Utf8String({ value: 'must understand' }));
      const leaf = await helpers.issueCertificate(intermediate, { subject: { commonName: 'critical.example' }, keyUsage: ['digitalSignature'], extensions: [unknown] });
      const result = await new pk.CertificateChainValidationEngine({
        certs: [load(pk, pki.intermediate), pk.Certificate.fromBER(leaf.certificate.toSchema().toBER(false))], trustedCerts: [load(pk, pki.root)],
      }).verify();
      expect(result).toMatchObject({ result: true, resultCode: 0 });
    },
  },
];
