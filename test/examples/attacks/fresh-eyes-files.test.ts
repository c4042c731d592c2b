// Attack suite, second look at files an application reads and trusts: a CRL
// whose scope does not cover the certificate (validateWithCrl), and a PKCS#12
// file protected by a signature instead of the password MAC (readPkcs12).
// `openssl verify -crl_check` and `openssl pkcs12` judge.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCrl, crlToPem, validateWithCrl } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { createPkcs12, readPkcs12 } from '../../../content/docs/examples/other/working-with-PKCS-12-files.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { SERVER_PROFILE, createCast, type Cast } from './fixture.ts';
import { plantedContents } from './pkcs12-fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let leaf: KeyAndCertificate; // issued by the root itself: validateWithCrl takes one issuer

beforeAll(async () => {
  cast = await createCast();
  leaf = await issueCertificate(cast.root, SERVER_PROFILE);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('leaf.pem', certificateToPem(leaf.certificate));
});

describe('fresh eyes: CRLs given to validateWithCrl', () => {
  /** The root's genuine CRL with `extension` added, signed again by the root. */
  async function rootCrlWith(extension: pkijs.Extension, revokeLeaf = false): Promise<pkijs.CertificateRevocationList> {
    const revocations = revokeLeaf ? [{ serialNumber: leaf.certificate.serialNumber, revokedAt: new Date(Date.now() - 60_000) }] : [];
    const crl = await createCrl(cast.root, { crlNumber: 7, validHours: 24, revocations });
    crl.crlExtensions!.extensions.push(extension);
    await crl.sign(cast.root.privateKey, 'SHA-256');
    return pkijs.CertificateRevocationList.fromBER(crl.toSchema().toBER(false));
  }
  const opensslCrlCheck = async (crl: pkijs.CertificateRevocationList) => {
    openssl.write('crl.pem', crlToPem(crl));
    return (await openssl.run('verify', '-crl_check', '-CRLfile', 'crl.pem', '-CAfile', 'root.pem', 'leaf.pem')).output;
  };

  it('accepts the root\'s complete CRL that does not list the leaf, as OpenSSL does (the control)', async () => {
    const crl = await createCrl(cast.root, { crlNumber: 7, validHours: 24, revocations: [] });
    expect(await opensslCrlCheck(crl)).toContain('leaf.pem: OK');
    expect((await validateWithCrl(leaf.certificate, cast.root.certificate, crl)).result).toBe(true);
  });

  it('refuses, as proof the leaf is not revoked, a CRL that covers CA certificates only', async () => {
    // The root publishes a full CRL (which revokes the leaf) and an authority revocation list; the attacker serves the latter.
    const scope = new pkijs.IssuingDistributionPoint({ onlyContainsCACerts: true });
    const authorityList = await rootCrlWith(makeExtension(pkijs.id_IssuingDistributionPoint, true, scope.toSchema()));
    expect(await opensslCrlCheck(authorityList)).not.toContain('leaf.pem: OK');
    expect((await validateWithCrl(leaf.certificate, cast.root.certificate, authorityList)).result).toBe(false);
  });
});

describe('fresh eyes: PKCS#12 files given to readPkcs12', () => {
  const PASSWORD = 'correct horse battery staple';

  it('reads the example\'s own file, as OpenSSL does (the control)', async () => {
    const der = await createPkcs12({ ...(await issueCertificate(cast.root, { ...SERVER_PROFILE, extractable: true })) }, { password: PASSWORD, friendlyName: 'server', iterations: 1000 });
    openssl.write('genuine.p12', der);
    expect((await openssl.run('pkcs12', '-in', 'genuine.p12', '-passin', `pass:${PASSWORD}`, '-noout')).code).toBe(0);
    expect((await readPkcs12(der, PASSWORD)).privateKeys).toHaveLength(1);
  });

  it('refuses a file that never knew the password: signed by a stranger instead of MACed', async () => {
    // The attacker swaps in their own key and certificate, unencrypted, and "protects" them with a signature of their own.
    const { attacker, authenticatedSafe } = await plantedContents();
    // Public-key integrity mode: authSafe is a SignedData over the AuthenticatedSafe, here signed by the attacker.
    const content = new Uint8Array(authenticatedSafe.toSchema().toBER(false));
    const encapContentInfo = new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.id_ContentType_Data });
    encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content }); // primitive, as pkijs reads it
    const signedData = new pkijs.SignedData({
      version: 1, encapContentInfo, certificates: [attacker.certificate],
      signerInfos: [new pkijs.SignerInfo({ version: 1, sid: new pkijs.IssuerAndSerialNumber({ issuer: attacker.certificate.issuer, serialNumber: attacker.certificate.serialNumber }) })],
    });
    await signedData.sign(attacker.privateKey, 0, 'SHA-256', content);
    const authSafe = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_SignedData, content: signedData.toSchema(true) });
    const der = new pkijs.PFX({ version: 3, authSafe }).toSchema().toBER(false);
    openssl.write('planted.p12', der);
    expect((await openssl.run('pkcs12', '-in', 'planted.p12', '-passin', `pass:${PASSWORD}`, '-noout')).code).not.toBe(0);
    // pkijs 3.3.2 throws "Absent mandatory parameter 'eContent'" on any public-key-integrity file, so it never gets as far as the bags.
    await expect(readPkcs12(der, PASSWORD)).rejects.toThrow();
  });
});
