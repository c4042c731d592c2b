// Attack suite, CRL scope: checkCertificateAgainstCrl of the CRL example asked
// about an end-entity certificate with a CRL that does not cover it. The CA
// publishes a full CRL, which revokes the leaf, and an authority revocation
// list (issuingDistributionPoint onlyContainsCACerts), which by definition
// does not; the attacker serves the latter, genuinely signed, to hide the
// revocation. `openssl verify -crl_check` judges.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { checkCertificateAgainstCrl, createCrl, crlToPem } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { OID, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { SERVER_PROFILE, createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let leaf: KeyAndCertificate; // issued by the root, so one CRL covers the whole path for openssl

beforeAll(async () => {
  cast = await createCast();
  leaf = await issueCertificate(cast.root, SERVER_PROFILE);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('leaf.pem', certificateToPem(leaf.certificate));
});

/** A CRL of the root's, signed by the root, with `extensions` added to the example's own. */
async function rootCrl(extensions: pkijs.Extension[], revokeLeaf: boolean): Promise<pkijs.CertificateRevocationList> {
  const revocations = revokeLeaf ? [{ serialNumber: leaf.certificate.serialNumber, revokedAt: new Date(Date.now() - 60_000), reason: 'keyCompromise' as const }] : [];
  const crl = await createCrl(cast.root, { crlNumber: 9, validHours: 24, revocations });
  crl.crlExtensions!.extensions.push(...extensions);
  await crl.sign(cast.root.privateKey, 'SHA-256');
  return pkijs.CertificateRevocationList.fromBER(crl.toSchema().toBER(false));
}

const authorityListScope = () => makeExtension(pkijs.id_IssuingDistributionPoint, true, new pkijs.IssuingDistributionPoint({ onlyContainsCACerts: true }).toSchema());

async function opensslCrlCheck(crl: pkijs.CertificateRevocationList): Promise<string> {
  openssl.write('crl.pem', crlToPem(crl));
  return (await openssl.run('verify', '-crl_check', '-CRLfile', 'crl.pem', '-CAfile', 'root.pem', 'leaf.pem')).output;
}

describe('attack: a CRL that does not cover the certificate, given to checkCertificateAgainstCrl', () => {
  it('answers from the root\'s full CRL, which revokes the leaf, as OpenSSL does (the control)', async () => {
    const full = await rootCrl([], true);
    expect(await opensslCrlCheck(full)).toMatch(/certificate revoked/);
    expect(await checkCertificateAgainstCrl(full, cast.root.certificate, leaf.certificate)).toEqual({ signatureValid: true, current: true, revoked: true });
  });

  it('refuses to answer from an authority revocation list (onlyContainsCACerts) for an end-entity certificate, as OpenSSL does', async () => {
    const authorityList = await rootCrl([authorityListScope()], false);
    const verdict = await opensslCrlCheck(authorityList);
    expect(verdict).not.toContain('leaf.pem: OK');
    expect(verdict).toMatch(/error 44 at 0 depth lookup: different CRL scope/);
    await expect(checkCertificateAgainstCrl(authorityList, cast.root.certificate, leaf.certificate))
      .rejects.toThrow(/carries extension 2\.5\.29\.28: it is not a complete CRL that this code can use, so it cannot say whether this certificate is revoked/);
  });

  it('refuses to answer from a delta CRL, which lists only the changes since a base CRL', async () => {
    const delta = await rootCrl([makeExtension(OID.deltaCRLIndicator, true, new asn1js.Integer({ value: 8 }))], false);
    await expect(checkCertificateAgainstCrl(delta, cast.root.certificate, leaf.certificate)).rejects.toThrow(/2\.5\.29\.27/);
  });
});
