// Attack suite: a nameConstraints extension that pkijs cannot parse reads as
// no constraints at all. pkijs 3.3.2 parses every x400Address against the
// full ORAddress schema, and a GeneralSubtree's minimum as EXPLICIT where RFC
// 5280 tags it IMPLICIT; either makes the whole extension fail,
// and pkijs then hands back an empty NameConstraints (with `parsingError`
// set) that nameConstraintProblem, and pkijs's own path validation, take for
// "no subtrees". OpenSSL keeps the dNSName or rfc822Name subtree beside it.
// The examples fail closed (RFC 5280 6.1.4: a constraint that cannot be
// processed cannot be honoured): a path below such a CA is refused, even for a
// name OpenSSL accepts, and the control tests assert that refusal.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PURPOSES, certificateToPem, certificatesFromPem, checkServerChain,
} from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  buildName, encodeKeyUsage, generateKeyPair, issueCertificate, makeExtension, signCertificate, toPublicKeyInfo, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { signedInvoice } from './constrained-ca.ts';
import { ALICE, SERVER_PROFILE, createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;

/** How the CA's subtrees trip pkijs's NameConstraints schema while OpenSSL reads them. */
type Trip = 'x400' | 'minimum';

/**
 * A sub-CA of the root permitted only `domain` for the GeneralName `type`
 * (1 rfc822Name, 2 dNSName). With 'x400' its permitted subtrees also hold an
 * x400Address whose content (an INTEGER) is no ORAddress: OpenSSL reads it as
 * an opaque SEQUENCE, pkijs fails on it. With 'minimum' the one subtree spells
 * out its default `minimum [0] 0`, IMPLICIT as RFC 5280's module tags it
 * (BER, not DER): OpenSSL allows a minimum of 0, pkijs expects an EXPLICIT tag.
 */
async function caPkijsCannotRead(type: 1 | 2, domain: string, trip: Trip = 'x400'): Promise<KeyAndCertificate> {
  const base = new pkijs.GeneralName({ type, value: domain }).toSchema();
  const minimumZero = new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: new Uint8Array([0]).buffer });
  const named = new asn1js.Sequence({ value: trip === 'minimum' ? [base, minimumZero] : [base] });
  const x400 = new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 3 }, value: [new asn1js.Integer({ value: 0 })] })] });
  const subtrees = trip === 'x400' ? [named, x400] : [named];
  const constraints = new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: subtrees })] });
  const keys = await generateKeyPair();
  const certificate = await signCertificate({
    subject: buildName({ commonName: `${domain} Only CA` }),
    publicKey: await toPublicKeyInfo(keys.publicKey),
    validDays: 365,
    extensions: [
      makeExtension(pkijs.id_BasicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema()),
      makeExtension(pkijs.id_KeyUsage, true, encodeKeyUsage(['keyCertSign', 'cRLSign'])),
      makeExtension(pkijs.id_NameConstraints, true, constraints),
    ],
  }, cast.root);
  // Read back from PEM, as a client receives it.
  const [received] = certificatesFromPem(certificateToPem(certificate));
  return { certificate: received!, privateKey: keys.privateKey };
}

/** `openssl verify` of `leaf` below `ca`, anchored at the genuine root: its output. */
async function opensslVerify(ca: KeyAndCertificate, leaf: KeyAndCertificate): Promise<string> {
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('ca.pem', certificateToPem(ca.certificate));
  openssl.write('leaf.pem', certificateToPem(leaf.certificate));
  return (await openssl.run('verify', '-CAfile', 'root.pem', '-untrusted', 'ca.pem', 'leaf.pem')).output;
}

beforeAll(async () => {
  cast = await createCast();
});

describe('attack: a name constraint pkijs cannot parse, given to checkServerChain', () => {
  it('the CA\'s constraints really are lost: pkijs reads the extension as empty', async () => {
    const ca = await caPkijsCannotRead(2, 'example.org');
    const parsed = ca.certificate.extensions?.find((e) => e.extnID === pkijs.id_NameConstraints)?.parsedValue;
    expect(parsed).toMatchObject({ parsingError: expect.stringContaining('NameConstraints') });
  });

  // The control: OpenSSL reads the constraint and trusts www.example.org; pkijs cannot read it, so the
  // example cannot honour it and refuses the path (RFC 5280 6.1.4), stricter than OpenSSL.
  it('refuses www.example.org from the CA allowed example.org, because it cannot read the CA\'s constraints (OpenSSL trusts it)', async () => {
    const ca = await caPkijsCannotRead(2, 'example.org');
    const leaf = await issueCertificate(ca, { ...SERVER_PROFILE, dnsNames: ['www.example.org'] });
    expect(await opensslVerify(ca, leaf)).toMatch(/leaf\.pem: OK/);
    expect(await checkServerChain([leaf.certificate, ca.certificate], 'www.example.org', [cast.root.certificate]))
      .toEqual({ trusted: false, problems: ['CN=example.org Only CA: its name constraints could not be read'] });
  });

  it('refuses www.example.com from the CA allowed only example.org, as OpenSSL does', async () => {
    const ca = await caPkijsCannotRead(2, 'example.org');
    const leaf = await issueCertificate(ca, SERVER_PROFILE); // www.example.com
    expect(await opensslVerify(ca, leaf)).toMatch(/permitted subtree violation/);
    expect((await checkServerChain([leaf.certificate, ca.certificate], 'www.example.com', [cast.root.certificate])).trusted).toBe(false);
  });
});

describe('attack: a name constraint pkijs cannot parse, given to verifySignedMessage', () => {
  it('refuses alice@example.com signed under the CA allowed only example.org addresses, as OpenSSL does', async () => {
    const ca = await caPkijsCannotRead(1, 'example.org');
    const alice = await issueCertificate(ca, ALICE);
    expect(await opensslVerify(ca, alice)).toMatch(/permitted subtree violation/);
    const check = await verifySignedMessage(await signedInvoice(alice, ca.certificate, 'alice@example.com'), [cast.root.certificate]);
    expect(check.trusted).toBe(false);
  });
});

describe('attack: a name constraint pkijs cannot parse, given to the security guide\'s validateLeaf', () => {
  it('refuses www.example.com from the CA allowed only example.org, as OpenSSL does', async () => {
    const ca = await caPkijsCannotRead(2, 'example.org');
    const leaf = await issueCertificate(ca, SERVER_PROFILE);
    expect(await opensslVerify(ca, leaf)).toMatch(/permitted subtree violation/);
    expect((await validateLeaf([leaf.certificate, ca.certificate], [cast.root.certificate], PURPOSES.tlsServer)).result).toBe(false);
  });
});

describe('attack: a subtree that spells out its default minimum of 0, given to checkServerChain', () => {
  // The control, as above: OpenSSL honours the subtree; the example cannot read it and refuses (RFC 5280 6.1.4).
  it('refuses www.example.org from that CA, because it cannot read the CA\'s constraints (OpenSSL trusts it)', async () => {
    const ca = await caPkijsCannotRead(2, 'example.org', 'minimum');
    const leaf = await issueCertificate(ca, { ...SERVER_PROFILE, dnsNames: ['www.example.org'] });
    expect(await opensslVerify(ca, leaf)).toMatch(/leaf\.pem: OK/);
    expect(await checkServerChain([leaf.certificate, ca.certificate], 'www.example.org', [cast.root.certificate]))
      .toEqual({ trusted: false, problems: ['CN=example.org Only CA: its name constraints could not be read'] });
  });

  it('refuses www.example.com from the CA allowed only example.org, as OpenSSL does', async () => {
    const ca = await caPkijsCannotRead(2, 'example.org', 'minimum');
    const leaf = await issueCertificate(ca, SERVER_PROFILE);
    expect(await opensslVerify(ca, leaf)).toMatch(/permitted subtree violation/);
    expect((await checkServerChain([leaf.certificate, ca.certificate], 'www.example.com', [cast.root.certificate])).trusted).toBe(false);
  });
});
