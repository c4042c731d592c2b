// Name constraints against the other spellings of a name (name-constraints.ts),
// beyond what the attack suite shows: an IPv4 address is held to a subtree
// written in IPv4-mapped IPv6 form, a mapped address meets the IPv4 subtrees
// that permit it, an IPv6 host ending in dotted IPv4 is an address, not a host
// name, and a common name holding a NUL is checked as C code reads it and whole.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURPOSES, checkServerChain } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { ipAddressBytes, nameConstraintProblem } from '../../content/docs/examples/certificates-and-revocation/name-constraints.ts';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import { validateLeaf } from '../../content/docs/guides/security.ts';
import { constrainedCa, exampleOrgOnlyCa } from './attacks/constrained-ca.ts';
import { ALICE, SERVER_PROFILE, createCast, type Cast } from './attacks/fixture.ts';

const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const octets = (bytes: number[]) => new asn1js.OctetString({ valueHex: new Uint8Array(bytes).buffer });
let cast: Cast;

beforeAll(async () => {
  cast = await createCast();
});

/** A CA whose one iPAddress subtree (address, then mask) is permitted or excluded. */
function ipCa(subtree: number[], kind: 'permittedSubtrees' | 'excludedSubtrees'): Promise<KeyAndCertificate> {
  const base = new pkijs.GeneralName({ type: 7, value: octets(subtree) });
  return constrainedCa(cast.root, 'IP CA', new pkijs.NameConstraints({ [kind]: [new pkijs.GeneralSubtree({ base })] }));
}

/** A TLS server certificate of `ca` whose one name is the iPAddress `address`. */
async function serverAt(ca: KeyAndCertificate, address: number[]): Promise<pkijs.Certificate> {
  const san = new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 7, value: octets(address) })] });
  const leaf = await issueCertificate(ca, {
    ...SERVER_PROFILE, subject: { commonName: 'Server' }, dnsNames: [], extensions: [makeExtension(pkijs.id_SubjectAltName, false, san.toSchema())],
  });
  return leaf.certificate;
}

/** checkServerChain's verdict on a server of `ca` whose one name is the iPAddress `address`, for the host `host`. */
async function serverTrusted(ca: KeyAndCertificate, address: number[], host: string): Promise<boolean> {
  return (await checkServerChain([await serverAt(ca, address), ca.certificate], host, [cast.root.certificate])).trusted;
}

describe('IPv4 addresses in either spelling', () => {
  it('refuses 203.0.113.5 below a CA excluded from ::ffff:203.0.113.0/120, and trusts 198.51.100.7', async () => {
    const ca = await ipCa([...MAPPED, 203, 0, 113, 0, ...Array<number>(15).fill(0xff), 0], 'excludedSubtrees');
    expect(await serverTrusted(ca, [203, 0, 113, 5], '203.0.113.5')).toBe(false);
    expect(await serverTrusted(ca, [198, 51, 100, 7], '198.51.100.7')).toBe(true);
  });

  // pkijs's own check refuses both (it never compares 16 bytes with 4), so only nameConstraintProblem shows the difference.
  it('takes ::ffff:203.0.113.5 as within a permitted 203.0.113.0/24, and ::ffff:198.51.100.7 as outside it', async () => {
    const ca = await ipCa([203, 0, 113, 0, 255, 255, 255, 0], 'permittedSubtrees');
    const problem = async (address: number[]) => nameConstraintProblem([await serverAt(ca, address), ca.certificate, cast.root.certificate]);
    expect(await problem([...MAPPED, 203, 0, 113, 5])).toBeUndefined();
    expect(await problem([...MAPPED, 198, 51, 100, 7])).toMatch(/is outside the names permitted by its issuing CAs$/);
  });

});

describe('an IPv6 host ending in dotted IPv4', () => {
  it('is read as the address it is, so a dNSName spelled ::ffff:203.0.113.5 cannot stand for it', async () => {
    expect(Array.from(ipAddressBytes('::ffff:203.0.113.5') ?? [])).toEqual([...MAPPED, 203, 0, 113, 5]);
    expect(Array.from(ipAddressBytes('[64:ff9b::198.51.100.7]') ?? [])).toEqual([0, 0x64, 0xff, 0x9b, ...Array<number>(8).fill(0), 198, 51, 100, 7]);
    for (const host of ['::ffff:203.0.113', '1:2:3:4:5:6:7:203.0.113.5', '203.0.113.5:ffff::']) expect(ipAddressBytes(host), host).toBeUndefined();
    const ca = await ipCa([203, 0, 113, 0, 255, 255, 255, 0], 'excludedSubtrees');
    const leaf = await issueCertificate(ca, { ...SERVER_PROFILE, dnsNames: ['::ffff:203.0.113.5'] });
    expect(await checkServerChain([leaf.certificate, ca.certificate], '::ffff:203.0.113.5', [cast.root.certificate]))
      .toEqual({ trusted: false, problems: [
        '0.0.0.0.0.0.0.0.0.0.255.255.203.0.113.5 is a name excluded by its issuing CAs', 'not valid for the host ::ffff:203.0.113.5',
      ] });
    expect(await serverTrusted(ca, [...MAPPED, 203, 0, 113, 5], '::ffff:203.0.113.5')).toBe(false);
  });
});

describe('a common name holding a NUL', () => {
  it('is held to a dNSName constraint both whole and cut at the NUL', async () => {
    const ca = await exampleOrgOnlyCa(cast.root, [2]);
    const leaf = await issueCertificate(ca, { ...ALICE, emails: undefined, subject: { commonName: 'signer.example.org\0.bank.com' } });
    const path = [leaf.certificate, ca.certificate, cast.root.certificate];
    expect(nameConstraintProblem(path)).toBe('signer.example.org\0.bank.com is outside the names permitted by its issuing CAs');
    expect((await validateLeaf([leaf.certificate, ca.certificate], [cast.root.certificate], PURPOSES.documentSigning)).result).toBe(false);
  });
});
