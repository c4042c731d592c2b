// Attack suite: a leaf with two common names, below a CA permitted only
// example.org (dNSName). With no dNSName entry, nameConstraintProblem holds the
// leaf's common name to the constraint, "as OpenSSL does", but reads only the
// first one (commonNameOf). OpenSSL (NAME_CONSTRAINTS_check_CN) checks every
// host-like common name. "CN=signer.example.org, CN=www.bank.com": OpenSSL
// refuses it (permitted subtree violation), validateLeaf trusts it; software that
// takes the last CN, as many do for the most specific one, shows www.bank.com.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  OID, generateKeyPair, profileExtensions, signCertificate, toPublicKeyInfo,
} from '../../../content/docs/examples/example-helpers.ts';
import { useExampleOrgCa } from './example-org-verdicts.ts';
import { ALICE } from './fixture.ts';

const { ca, verdicts } = useExampleOrgCa();

/** A subject of one RDN per common name given, in order. */
function commonNames(values: string[]): pkijs.RelativeDistinguishedNames {
  const rdns = values.map((value) => new asn1js.Set({
    value: [new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value }) }).toSchema()],
  }));
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

/** A document signer (no dNSName) named by `names` from the CA permitted only example.org; validateLeaf's and OpenSSL's verdicts. */
async function signerNamed(names: string[]): Promise<{ trusted: boolean; openssl: string }> {
  const keys = await generateKeyPair();
  const certificate = await signCertificate({
    subject: commonNames(names), publicKey: await toPublicKeyInfo(keys.publicKey), validDays: 90,
    extensions: profileExtensions({ ...ALICE, emails: undefined }),
  }, ca());
  return verdicts(certificate);
}

describe('attack: a second, host-like common name outside a dNSName constraint, given to validateLeaf', () => {
  it('trusts CN=signer.example.org alone, as OpenSSL does (the control)', async () => {
    const { trusted, openssl: output } = await signerNamed(['signer.example.org']);
    expect(output).toMatch(/leaf\.pem: OK/);
    expect(trusted).toBe(true);
  });

  it('refuses CN=www.bank.com alone, as OpenSSL does (the control)', async () => {
    const { trusted, openssl: output } = await signerNamed(['www.bank.com']);
    expect(output).toMatch(/permitted subtree violation/);
    expect(trusted).toBe(false);
  });

  it('refuses CN=signer.example.org followed by CN=www.bank.com, as OpenSSL does', async () => {
    const { trusted, openssl: output } = await signerNamed(['signer.example.org', 'www.bank.com']);
    expect(output).toMatch(/permitted subtree violation/);
    expect(trusted).toBe(false);
  });
});
