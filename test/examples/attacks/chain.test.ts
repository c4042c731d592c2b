// Attack suite, path validation: every function of the examples and guides that
// decides whether to trust a chain (validateChain and checkServerChain of the
// certificate example, validateLeaf of the security guide) against the chains an
// attacker can send. `openssl verify` judges the same chain; each test asserts
// that OpenSSL and the example agree.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PURPOSES, checkServerChain, pathProblems, unprocessedCriticalExtensionProblem, validateChain,
} from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { commonNameOf, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { tamper, useOpensslFolder } from '../support/openssl.ts';
import { HOST, SERVER_PROFILE, createCast, issuedByEndEntity, opensslTrusts, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let otherCaLeaf: KeyAndCertificate;

beforeAll(async () => {
  cast = await createCast();
  otherCaLeaf = await issueCertificate(cast.attackerRoot, SERVER_PROFILE);
});

/** A copy of `certificate` whose signature is broken: the same to-be-signed bytes, another signature value. */
const withBrokenSignature = (certificate: pkijs.Certificate): pkijs.Certificate =>
  pkijs.Certificate.fromBER(tamper(certificate.toSchema().toBER(false), certificate.signatureValue.valueBlock.valueHexView));

type Decide = (received: pkijs.Certificate[], checkDate?: Date) => Promise<boolean>;
const anchors = () => [cast.root.certificate];
/** The three trust-deciding functions, each reduced to "trusted or not"; checkServerChain always validates now. */
const deciders: Array<[string, Decide]> = [
  ['validateChain', async (received, checkDate) => (await validateChain({ received, trustAnchors: anchors(), checkDate })).result],
  ['validateLeaf (security guide)', async (received, checkDate) => (await validateLeaf(received, anchors(), PURPOSES.tlsServer, checkDate)).result],
  ['checkServerChain', async (received) => (await checkServerChain(received, HOST, anchors())).trusted],
];

describe.each(deciders)('attack: chains sent to %s', (name, decide) => {
  /** OpenSSL refuses the chain (so the attack is real), and so must the example. */
  async function bothRefuse(received: pkijs.Certificate[], checkDate?: Date, opensslArgs: string[] = []): Promise<void> {
    expect(await opensslTrusts(openssl, anchors(), received, opensslArgs)).toBe(false);
    expect(await decide(received, checkDate)).toBe(false);
  }

  it('accepts the genuine chain, as OpenSSL does (the control)', async () => {
    const received = [cast.server.certificate, cast.intermediate.certificate];
    expect(await decide(received)).toBe(true);
    expect(await opensslTrusts(openssl, anchors(), received)).toBe(true);
  });

  it('refuses a forged leaf sent twice before the genuine intermediate (bypass 1)', async () => {
    const received = [cast.forged.certificate, cast.forged.certificate, cast.intermediate.certificate];
    await bothRefuse(received);
  });

  it('refuses a forged leaf sent three times, and after the intermediate too', async () => {
    for (const received of [
      [cast.forged.certificate, cast.intermediate.certificate, cast.forged.certificate],
      [cast.forged.certificate, cast.forged.certificate, cast.forged.certificate, cast.intermediate.certificate],
    ]) {
      await bothRefuse(received);
    }
  });

  it('refuses a forged leaf from another CA sent once', async () => {
    for (const forged of [cast.forged.certificate, otherCaLeaf.certificate]) {
      const received = [forged, cast.intermediate.certificate];
      await bothRefuse(received);
    }
  });

  it('judges the first certificate of a reordered chain, never the last', async () => {
    // The intermediate first: the certificate judged is the intermediate, a valid CA certificate but no server.
    const received = [cast.intermediate.certificate, cast.server.certificate];
    const opensslVerdict = await opensslTrusts(openssl, anchors(), received);
    expect(opensslVerdict).toBe(true);
    const path = (await validateChain({ received, trustAnchors: anchors() })).certificatePath ?? [];
    expect(path.map((c) => commonNameOf(c))).toEqual(['Example Issuing CA', 'Example Root CA']);
    // validateChain judges the path only, as `openssl verify` without -purpose; the other two judge it for a TLS
    // server too, and the intermediate's key (keyCertSign, cRLSign) may not sign handshakes.
    expect(await decide(received)).toBe(name === 'validateChain' ? opensslVerdict : false);
  });

  it('keeps accepting a genuine chain with repeated certificates, the leaf too', async () => {
    for (const received of [
      [cast.server.certificate, cast.server.certificate, cast.intermediate.certificate],
      [cast.server.certificate, cast.intermediate.certificate, cast.server.certificate, cast.intermediate.certificate],
    ]) {
      expect(await opensslTrusts(openssl, anchors(), received)).toBe(true);
      expect(await decide(received)).toBe(true);
    }
  });

  it('refuses as leaf a copy of the intermediate with a broken signature (same to-be-signed bytes)', async () => {
    // pkijs drops repeated certificates by their to-be-signed bytes, so it would validate the genuine copy instead.
    const received = [withBrokenSignature(cast.intermediate.certificate), cast.intermediate.certificate];
    await bothRefuse(received);
  });

  it('refuses an expired certificate', async () => {
    const expired = await issueCertificate(cast.intermediate, { ...SERVER_PROFILE, validDays: -1 }); // notAfter a day ago
    const received = [expired.certificate, cast.intermediate.certificate];
    await bothRefuse(received);
  });

  // checkServerChain always checks at the present time, so this one is for the two that take a date.
  if (name !== 'checkServerChain') it('refuses a certificate that is not yet valid at the check date', async () => {
    const received = [cast.server.certificate, cast.intermediate.certificate];
    const earlier = new Date(Date.now() - 86_400_000);
    await bothRefuse(received, earlier, ['-attime', String(Math.floor(earlier.getTime() / 1000))]);
  });

  it('refuses a certificate issued by a CA:false certificate', async () => {
    const { endEntity, leaf } = await issuedByEndEntity(cast);
    const received = [leaf.certificate, endEntity.certificate, cast.intermediate.certificate];
    await bothRefuse(received);
  });

  it('refuses a leaf whose signature is over other bytes', async () => {
    const received = [withBrokenSignature(cast.server.certificate), cast.intermediate.certificate];
    await bothRefuse(received);
  });
});

describe('attack: an unknown critical extension', () => {
  /** pkijs's own verdict: the engine given the intermediates, then the leaf last. */
  const pkijsTrusts = async ([leaf, ...rest]: pkijs.Certificate[]) =>
    (await new pkijs.CertificateChainValidationEngine({ certs: [...rest, leaf!], trustedCerts: anchors() }).verify()).result;

  it('on the leaf, validates in pkijs and is refused by OpenSSL and by the guide\'s validateLeaf (pathProblems)', async () => {
    const odd = '1.3.6.1.4.1.55555.1';
    const leaf = await issueCertificate(cast.intermediate, {
      subject: { commonName: HOST }, keyUsage: ['digitalSignature'], dnsNames: [HOST],
      extensions: [makeExtension(odd, true, new asn1js.Utf8String({ value: 'must be understood' }))],
    });
    const received = [leaf.certificate, cast.intermediate.certificate];
    expect(await pkijsTrusts(received)).toBe(true); // pkijs 3.3.2 does not refuse it: the reader must
    expect(await opensslTrusts(openssl, anchors(), received)).toBe(false);
    expect(await validateLeaf(received, anchors(), PURPOSES.tlsServer)).toMatchObject({ result: false, resultMessage: expect.stringContaining(odd) });
    expect(unprocessedCriticalExtensionProblem(leaf.certificate)).toContain(odd);
    const genuine = await validateLeaf([cast.server.certificate, cast.intermediate.certificate], anchors(), PURPOSES.tlsServer);
    expect(pathProblems(genuine.certificatePath ?? [], PURPOSES.tlsServer)).toEqual([]);
  });

  it('on an intermediate, validates in pkijs and is refused by OpenSSL and by validateLeaf (pathProblems)', async () => {
    const odd = '1.3.6.1.4.1.55555.2';
    const issuing = await issueCertificate(cast.root, {
      subject: { commonName: 'Odd Issuing CA' }, keyUsage: ['keyCertSign', 'cRLSign'],
      extensions: [makeExtension(odd, true, new asn1js.Utf8String({ value: 'must be understood' }))],
    });
    const leaf = await issueCertificate(issuing, SERVER_PROFILE);
    const received = [leaf.certificate, issuing.certificate];
    expect(await pkijsTrusts(received)).toBe(true);
    expect(await opensslTrusts(openssl, anchors(), received)).toBe(false);
    expect(await validateLeaf(received, anchors(), PURPOSES.tlsServer)).toMatchObject({ result: false, resultMessage: expect.stringContaining(odd) });
  });
});

describe('attack: a CA:false issuer on a path pathProblems is handed', () => {
  // pkijs's engine refuses a CA:false issuer itself (code 14), so the verifiers
  // above never reach basicConstraintsProblem with one. pathProblems is exported
  // for paths a reader builds or gets elsewhere: it must refuse it on its own.
  it('is refused by pathProblems, as by OpenSSL', async () => {
    const { endEntity, leaf } = await issuedByEndEntity(cast);
    const path = [leaf.certificate, endEntity.certificate, cast.intermediate.certificate, cast.root.certificate];
    expect(await opensslTrusts(openssl, anchors(), path.slice(0, 3))).toBe(false);
    expect(pathProblems(path, PURPOSES.tlsServer)).toEqual([expect.stringContaining('CN=Not a CA is not a CA certificate')]);
  });
});
