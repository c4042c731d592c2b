// Attack suite: an excluded directoryName subtree (RFC 5280 4.2.1.10), "O=Example
// Bank", on the CA of a partner who must never name the bank. nameConstraintProblem
// matches excluded subtrees with pkijs's AttributeTypeAndValue.isEqual, "so no
// spelling slips out": but isEqual folds only the space character (U+0020), and
// then compares with localeCompare, for which a tab is not a space. OpenSSL
// compares canonical names (RFC 5280 7.1), where any run of white space is one
// space: "O=Example<TAB>Bank" is the excluded organisation, and it refuses it.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURPOSES } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { OID, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { parseSignedData, signData, verifySignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const DOCUMENT = new TextEncoder().encode('Example Bank guarantees 5 000 000 EUR.');
let cast: Cast;
let partnerCa: KeyAndCertificate;

/** The partner's CA: any subject but those under "O=Example Bank". */
function partnerCaExcludingTheBank(issuer: KeyAndCertificate): Promise<KeyAndCertificate> {
  const bank = new pkijs.RelativeDistinguishedNames({
    typesAndValues: [new pkijs.AttributeTypeAndValue({ type: OID.organization, value: new asn1js.Utf8String({ value: 'Example Bank' }) })],
  });
  const constraints = new pkijs.NameConstraints({ excludedSubtrees: [new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 4, value: bank }) })] });
  return issueCertificate(issuer, {
    subject: { commonName: 'Partner CA', organization: 'Partner Ltd' }, keyUsage: ['keyCertSign', 'cRLSign'], validDays: 365,
    extensions: [makeExtension(pkijs.id_NameConstraints, true, constraints.toSchema())],
  });
}

beforeAll(async () => {
  cast = await createCast();
  partnerCa = await partnerCaExcludingTheBank(cast.root);
});

type Decide = (signer: KeyAndCertificate) => Promise<boolean>;
const deciders: Array<[string, Decide]> = [
  ['validateLeaf (security guide)', async (signer) =>
    (await validateLeaf([signer.certificate, partnerCa.certificate], [cast.root.certificate], PURPOSES.documentSigning)).result],
  ['verifySignedData (CMS example)', async (signer) => {
    const signature = await signData(DOCUMENT.slice(), signer, { detached: true, chain: [partnerCa.certificate] });
    return (await verifySignedData(parseSignedData(signature), [cast.root.certificate], DOCUMENT.slice())).valid;
  }],
];

/** A signer named "O=<organization>, CN=Treasurer" by the partner's CA, and openssl verify's output on it. */
async function treasurerOf(organization: string): Promise<{ signer: KeyAndCertificate; openssl: string }> {
  const signer = await issueCertificate(partnerCa, { ...ALICE, subject: { commonName: 'Treasurer', organization } });
  const result = await opensslVerify(openssl, [cast.root.certificate], [signer.certificate, partnerCa.certificate]);
  return { signer, openssl: result.output };
}

describe.each(deciders)('attack: a tab in the organisation an excluded directoryName subtree names, given to %s', (_name, decide) => {
  it('trusts "O=Partner Ltd, CN=Treasurer", as OpenSSL does (the control)', async () => {
    const { signer, openssl: output } = await treasurerOf('Partner Ltd');
    expect(output).toMatch(/leaf\.pem: OK/);
    expect(await decide(signer)).toBe(true);
  });

  it('refuses "O=Example Bank, CN=Treasurer" and "O=EXAMPLE  BANK", as OpenSSL does (the control)', async () => {
    for (const organization of ['Example Bank', 'EXAMPLE  BANK']) {
      const { signer, openssl: output } = await treasurerOf(organization);
      expect(output).toMatch(/excluded subtree violation/);
      expect(await decide(signer)).toBe(false);
    }
  });

  it('refuses "O=Example<TAB>Bank, CN=Treasurer", which OpenSSL finds in the excluded subtree', async () => {
    const { signer, openssl: output } = await treasurerOf('Example\tBank');
    expect(output).toMatch(/excluded subtree violation/);
    expect(await decide(signer)).toBe(false);
  });
});
