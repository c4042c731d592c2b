// Attack suite: CRLs that do not cover the certificate, given to validateChain.
// The CRL example refuses them in validateWithCrl and checkCertificateAgainstCrl
// (crlScopeProblem), but validateChain takes `crls` too and hands them to
// pkijs 3.3.2, which reads no CRL extension. The issuing CA publishes an
// authority revocation list (onlyContainsCACerts) beside its full CRL; whoever
// sits on the plain-HTTP CRL fetch serves it instead, and the revoked server
// passes. So does a CRL whose entry carries a critical extension (RFC 5280
// 5.3: then the CRL must not be used at all). `openssl verify -crl_check_all` judges. (A delta CRL alone passes
// too, but OpenSSL 3.0 accepts that one as well, so it is not asserted here.)
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCrl, crlToPem } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { makeExtension } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { createCast, opensslVerify, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let rootCrl: pkijs.CertificateRevocationList;

beforeAll(async () => {
  cast = await createCast();
  rootCrl = await createCrl(cast.root, { crlNumber: 3, validHours: 24, revocations: [] });
});

/** A CRL of the issuing CA, with `extensions` added; it revokes the server when asked. */
async function issuingCaCrl(
  extensions: pkijs.Extension[], revokeServer: boolean, entryExtensions: pkijs.Extension[] = [],
): Promise<pkijs.CertificateRevocationList> {
  // Without the server, the list names another certificate (the forged one's serial), so that there is an entry.
  const serialNumber = (revokeServer ? cast.server : cast.forged).certificate.serialNumber;
  const revocations = revokeServer || entryExtensions.length > 0
    ? [{ serialNumber, revokedAt: new Date(Date.now() - 60_000), reason: 'keyCompromise' as const }]
    : [];
  const crl = await createCrl(cast.intermediate, { crlNumber: 9, validHours: 24, revocations });
  crl.crlExtensions!.extensions.push(...extensions);
  if (entryExtensions.length > 0) crl.revokedCertificates![0]!.crlEntryExtensions = new pkijs.Extensions({ extensions: entryExtensions });
  await crl.sign(cast.intermediate.privateKey, 'SHA-256');
  return pkijs.CertificateRevocationList.fromBER(crl.toSchema().toBER(false));
}

/** The example's verdict and `openssl verify -crl_check_all`'s on the genuine server chain with `crl` and the root's CRL. */
async function verdicts(crl: pkijs.CertificateRevocationList): Promise<{ example: boolean; openssl: string }> {
  const received = [cast.server.certificate, cast.intermediate.certificate];
  const crls = [crl, rootCrl];
  openssl.write('crls.pem', crls.map(crlToPem).join(''));
  const result = await opensslVerify(openssl, [cast.root.certificate], received, ['-crl_check_all', '-CRLfile', 'crls.pem']);
  return { example: (await validateChain({ received, trustAnchors: [cast.root.certificate], crls })).result, openssl: result.output };
}

describe('attack: a CRL whose scope does not cover the server, given to validateChain', () => {
  it('refuses the server that the issuing CA\'s full CRL revokes, as OpenSSL does (the control)', async () => {
    const { example, openssl: output } = await verdicts(await issuingCaCrl([], true));
    expect(output).toMatch(/certificate revoked/);
    expect(example).toBe(false);
  });

  it('refuses to clear the server with the issuing CA\'s authority revocation list (onlyContainsCACerts), as OpenSSL does', async () => {
    const onlyCas = makeExtension(pkijs.id_IssuingDistributionPoint, true, new pkijs.IssuingDistributionPoint({ onlyContainsCACerts: true }).toSchema());
    const { example, openssl: output } = await verdicts(await issuingCaCrl([onlyCas], false));
    expect(output).toMatch(/different CRL scope/);
    expect(example).toBe(false);
  });

  it('refuses to clear the server with a CRL whose entry carries a critical extension nobody processes, as OpenSSL does', async () => {
    const unknown = makeExtension('1.3.6.1.4.1.55555.3.1', true, new asn1js.Null());
    const { example, openssl: output } = await verdicts(await issuingCaCrl([], false, [unknown]));
    expect(output).toMatch(/unhandled critical CRL extension/);
    expect(example).toBe(false);
  });
});
