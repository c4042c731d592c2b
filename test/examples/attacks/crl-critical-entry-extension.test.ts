// Attack suite: a CRL with a critical extension on one of its entries.
// RFC 5280 5.3: "If a CRL contains a critical CRL entry extension that the
// application cannot process, then the application MUST NOT use that CRL to
// determine the status of any certificates." crlScopeProblem says a CRL with
// any critical extension cannot clear a certificate, but reads only the
// extensions of the CRL itself, never those of its entries. `openssl verify -crl_check` judges.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { checkCertificateAgainstCrl, createCrl, crlToPem, validateWithCrl } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { SERVER_PROFILE, createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
/** A private-arc OID that no one here processes. */
const UNKNOWN_ENTRY_EXTENSION = '1.3.6.1.4.1.55555.1.1';
let cast: Cast;
let leaf: KeyAndCertificate; // issued by the root, so one CRL covers the whole path for openssl
let other: KeyAndCertificate; // the certificate the CRL lists

beforeAll(async () => {
  cast = await createCast();
  leaf = await issueCertificate(cast.root, SERVER_PROFILE);
  other = await issueCertificate(cast.root, { ...SERVER_PROFILE, dnsNames: ['mail.example.com'] });
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('leaf.pem', certificateToPem(leaf.certificate));
});

/** The root's CRL listing `other`, its entry carrying `entryExtensions`, signed again by the root. */
async function crlListingOther(entryExtensions: pkijs.Extension[]): Promise<pkijs.CertificateRevocationList> {
  const crl = await createCrl(cast.root, {
    crlNumber: 7, validHours: 24, revocations: [{ serialNumber: other.certificate.serialNumber, revokedAt: new Date(Date.now() - 60_000) }],
  });
  if (entryExtensions.length > 0) crl.revokedCertificates![0]!.crlEntryExtensions = new pkijs.Extensions({ extensions: entryExtensions });
  await crl.sign(cast.root.privateKey, 'SHA-256');
  return pkijs.CertificateRevocationList.fromBER(crl.toSchema().toBER(false));
}

async function opensslCrlCheck(crl: pkijs.CertificateRevocationList): Promise<string> {
  openssl.write('crl.pem', crlToPem(crl));
  return (await openssl.run('verify', '-crl_check', '-CRLfile', 'crl.pem', '-CAfile', 'root.pem', 'leaf.pem')).output;
}

describe('attack: a CRL entry with an unknown critical extension, given to checkCertificateAgainstCrl', () => {
  it('clears the leaf with the root\'s CRL listing another certificate, as OpenSSL does (the control)', async () => {
    const crl = await crlListingOther([]);
    expect(await opensslCrlCheck(crl)).toMatch(/leaf\.pem: OK/);
    expect(await checkCertificateAgainstCrl(crl, cast.root.certificate, leaf.certificate)).toEqual({ signatureValid: true, current: true, revoked: false });
  });

  it('refuses to clear the leaf with a CRL whose entry carries a critical extension nobody here processes, as OpenSSL does', async () => {
    const crl = await crlListingOther([makeExtension(UNKNOWN_ENTRY_EXTENSION, true, new asn1js.Null())]);
    expect(await opensslCrlCheck(crl)).toMatch(/unhandled critical CRL extension/);
    const verdict = await checkCertificateAgainstCrl(crl, cast.root.certificate, leaf.certificate).then((check) => JSON.stringify(check), () => 'refused');
    expect(verdict).toBe('refused');
  });

  it('validateWithCrl does not validate the leaf with that CRL either', async () => {
    const crl = await crlListingOther([makeExtension(UNKNOWN_ENTRY_EXTENSION, true, new asn1js.Null())]);
    expect((await validateWithCrl(leaf.certificate, cast.root.certificate, crl)).result).toBe(false);
  });
});
