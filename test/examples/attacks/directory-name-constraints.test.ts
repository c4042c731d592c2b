// Attack suite: a directoryName name constraint, the one that limits whom a CA
// may name as a certificate's subject (RFC 5280 4.2.1.10). pkijs 3.3.2 adds a
// sub-CA's permitted subtrees to its CA's instead of narrowing them, and
// nameConstraintProblem (run by pathProblems) reads only dNSName, rfc822Name
// and iPAddress constraints. So a partner's CA, allowed only names under
// "O=Partner Ltd", makes a sub-CA that "permits" O=Example Bank, and a PDF
// signed by "O=Example Bank, CN=Treasurer" is trusted. `openssl verify` judges.
// A name is in a subtree when its RDNs begin with the subtree's, RDN by RDN:
// "O=Partner Ltd Impostors" is not under "O=Partner Ltd", though its text begins so.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURPOSES } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { OID, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, createCast, opensslVerify, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let partnerCa: KeyAndCertificate;
let partnerSubCa: KeyAndCertificate;
let lookalikeSubCa: KeyAndCertificate;

/** The directory subtree "O=<organization>". */
const organizationSubtree = (organization: string) => new pkijs.GeneralSubtree({
  base: new pkijs.GeneralName({
    type: 4, // directoryName
    value: new pkijs.RelativeDistinguishedNames({
      typesAndValues: [new pkijs.AttributeTypeAndValue({ type: OID.organization, value: new asn1js.Utf8String({ value: organization }) })],
    }),
  }),
});

/** A CA of the partner ("O=Partner Ltd, CN=<commonName>") whose subjects must lie under "O=<permitted>". */
function partnerCaBelow(issuer: KeyAndCertificate, commonName: string, permitted: string): Promise<KeyAndCertificate> {
  const constraints = new pkijs.NameConstraints({ permittedSubtrees: [organizationSubtree(permitted)] });
  return issueCertificate(issuer, {
    subject: { commonName, organization: 'Partner Ltd' }, keyUsage: ['keyCertSign', 'cRLSign'], validDays: 365,
    extensions: [makeExtension(pkijs.id_NameConstraints, true, constraints.toSchema())],
  });
}

beforeAll(async () => {
  cast = await createCast();
  partnerCa = await partnerCaBelow(cast.root, 'Partner CA', 'Partner Ltd');
  partnerSubCa = await partnerCaBelow(partnerCa, 'Partner Sub CA', 'Example Bank'); // its own name is under O=Partner Ltd
  lookalikeSubCa = await partnerCaBelow(partnerCa, 'Partner Lookalike CA', 'Partner Ltd Impostors');
});

type Decide = (signer: KeyAndCertificate, chain: pkijs.Certificate[]) => Promise<boolean>;
const deciders: Array<[string, Decide]> = [
  ['verifyPdfSignatures', async (signer, chain) => {
    const parts = pdfTemplate('Example Bank guarantees 5 000 000 EUR.');
    const range = wholeFileRange(parts);
    const pdf = withByteRange(parts, range);
    const signature = await signData(new Uint8Array(covered(pdf, range)), signer, { detached: true, chain });
    const checks = await verifyPdfSignatures(new Uint8Array(withContents(pdf, parts, signature)), [cast.root.certificate]);
    return checks.length === 1 && checks[0]!.valid;
  }],
  ['validateLeaf (security guide)', async (signer, chain) =>
    (await validateLeaf([signer.certificate, ...chain], [cast.root.certificate], PURPOSES.documentSigning)).result],
];

describe.each(deciders)('attack: a subject outside a directoryName constraint, given to %s', (_name, decide) => {
  it('trusts "O=Partner Ltd, CN=Bob" from the CA allowed O=Partner Ltd, as OpenSSL does (the control)', async () => {
    const bob = await issueCertificate(partnerCa, { ...ALICE, subject: { commonName: 'Bob', organization: 'Partner Ltd' } });
    const chain = [partnerCa.certificate];
    expect((await opensslVerify(openssl, [cast.root.certificate], [bob.certificate, ...chain])).output).toMatch(/leaf\.pem: OK/);
    expect(await decide(bob, chain)).toBe(true);
  });

  it('refuses "O=Example Bank, CN=Treasurer" below the CA allowed only O=Partner Ltd, whose sub-CA "allows" it, as OpenSSL does', async () => {
    const treasurer = await issueCertificate(partnerSubCa, { ...ALICE, subject: { commonName: 'Treasurer', organization: 'Example Bank' } });
    const chain = [partnerSubCa.certificate, partnerCa.certificate];
    expect((await opensslVerify(openssl, [cast.root.certificate], [treasurer.certificate, ...chain])).output).toMatch(/permitted subtree violation/);
    expect(await decide(treasurer, chain)).toBe(false);
  });

  // A check that compares the names as text would let in any organization whose name starts with "Partner Ltd".
  it('refuses "O=Partner Ltd Impostors, CN=Mallory", whose text only begins like O=Partner Ltd, as OpenSSL does', async () => {
    const mallory = await issueCertificate(lookalikeSubCa, { ...ALICE, subject: { commonName: 'Mallory', organization: 'Partner Ltd Impostors' } });
    const chain = [lookalikeSubCa.certificate, partnerCa.certificate];
    expect((await opensslVerify(openssl, [cast.root.certificate], [mallory.certificate, ...chain])).output).toMatch(/permitted subtree violation/);
    expect(await decide(mallory, chain)).toBe(false);
  });
});
