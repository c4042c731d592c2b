// Interop: certificates, CRLs and certification requests made by the example
// code, parsed and verified by the OpenSSL command-line tool; OpenSSL-made ones
// read by the example code. Expected values are literals from RFC 5280 and
// RFC 2986 and OpenSSL's names for them, never the examples' own constants.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  certificateToPem, checkServerChain, createIntermediateCa, createServerCertificate,
} from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import {
  checkCertificateAgainstCrl, createCrl, crlToDer, crlToPem,
} from '../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import {
  createCertificationRequest, issueFromRequest, readCertificationRequest, requestFromPem, requestToPem,
} from '../../content/docs/examples/certificates-and-revocation/working-with-certificate-requests.ts';
import {
  createCertificateAuthority, generateKeyPair, issueCertificate, useWebCrypto, type KeyAndCertificate,
} from '../../content/docs/examples/example-helpers.ts';
import { opensslVersion, pem, tamper, useOpensslFolder } from './support/openssl.ts';

const openssl = useOpensslFolder();
const DAY = 86_400_000;
const hexSerial = (certificate: pkijs.Certificate) =>
  Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase();
const certificateDer = (certificate: pkijs.Certificate) => certificate.toSchema().toBER(false);
const tamperedCertificate = (certificate: pkijs.Certificate) =>
  tamper(certificateDer(certificate), certificate.signatureValue.valueBlock.valueHexView);

let root: KeyAndCertificate;
let intermediate: KeyAndCertificate;
let server: KeyAndCertificate;

beforeAll(async () => {
  expect(await opensslVersion()).toMatch(/^OpenSSL 3\./);
  useWebCrypto();
  root = await createCertificateAuthority({ commonName: 'Example Root CA', organization: 'Example Ltd', country: 'GB' });
  intermediate = await createIntermediateCa(root, 'Example Issuing CA');
  server = await createServerCertificate(intermediate, 'www.example.com');
  openssl.write('root.pem', certificateToPem(root.certificate));
  openssl.write('intermediate.pem', certificateToPem(intermediate.certificate));
  openssl.write('server.pem', certificateToPem(server.certificate));
});

describe('x509: the example PKI, read by openssl', () => {
  const verifyServer = (file: string, host: string) => openssl.run('verify', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem',
    '-purpose', 'sslserver', '-verify_hostname', host, file);

  it('openssl verifies the chain for TLS server use and the host name', async () => {
    const result = await verifyServer('server.pem', 'www.example.com');
    expect(result.stdout.trim()).toBe('server.pem: OK');
    expect(result.code).toBe(0);
  });

  it('openssl and checkServerChain both refuse another host name', async () => {
    const result = await verifyServer('server.pem', 'mail.example.org');
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('hostname mismatch');
    const check = await checkServerChain([server.certificate, intermediate.certificate], 'mail.example.org', [root.certificate]);
    expect(check.trusted).toBe(false);
    expect((await checkServerChain([server.certificate, intermediate.certificate], 'www.example.com', [root.certificate])).trusted).toBe(true);
  });

  it('a flipped signature byte: openssl and checkServerChain both refuse the leaf', async () => {
    const tampered = tamperedCertificate(server.certificate);
    openssl.write('server-tampered.pem', pem(tampered, 'CERTIFICATE'));
    const result = await verifyServer('server-tampered.pem', 'www.example.com');
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('certificate signature failure');
    // The leaf comes first, as a server sends it: its signature must be checked, not only the intermediate's.
    const check = await checkServerChain([pkijs.Certificate.fromBER(tampered), intermediate.certificate], 'www.example.com', [root.certificate]);
    expect(check.trusted).toBe(false);
  });

  it('openssl reads the server certificate fields', async () => {
    const { stdout } = await openssl.ok('x509', '-in', 'server.pem', '-noout', '-text');
    expect(stdout).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    expect(stdout).not.toMatch(/sha1/i);
    expect(stdout).toMatch(/Version: 3 \(0x2\)/);
    expect(stdout).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(stdout).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(stdout).toMatch(/X509v3 Extended Key Usage: ?\s+TLS Web Server Authentication\n/);
    expect(stdout).toMatch(/X509v3 Subject Alternative Name: ?\s+DNS:www\.example\.com\n/);
    expect(stdout).toContain('Issuer: O = Example Ltd, CN = Example Issuing CA');
    expect(stdout).toContain('Subject: CN = www.example.com');
    expect(stdout).toContain('X509v3 Authority Key Identifier');
  });

  it('openssl reads the CA certificates as CAs', async () => {
    for (const file of ['root.pem', 'intermediate.pem']) {
      const { stdout } = await openssl.ok('x509', '-in', file, '-noout', '-text');
      expect(stdout).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE/);
      expect(stdout).toMatch(/X509v3 Key Usage: critical\s+Certificate Sign, CRL Sign\n/);
      expect(stdout).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    }
    const { stdout } = await openssl.ok('x509', '-in', 'root.pem', '-noout', '-subject', '-issuer');
    expect(stdout).toBe('subject=C = GB, O = Example Ltd, CN = Example Root CA\nissuer=C = GB, O = Example Ltd, CN = Example Root CA\n');
  });

  it('RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050', async () => {
    for (const [year, type] of [[2049, 'UTCTIME'], [2050, 'GENERALIZEDTIME']] as const) {
      const validDays = Math.ceil((Date.UTC(year, 6, 1) - Date.now()) / DAY);
      const ca = await createCertificateAuthority({ commonName: `Until ${year}` }, validDays);
      const file = openssl.write(`until-${year}.pem`, certificateToPem(ca.certificate));
      const { stdout: dates } = await openssl.ok('x509', '-in', file, '-noout', '-enddate');
      expect(dates).toMatch(new RegExp(`^notAfter=Jul +[12] \\d\\d:\\d\\d:\\d\\d ${year} GMT`));
      const { stdout: asn1 } = await openssl.ok('asn1parse', '-in', file);
      const times = [...asn1.matchAll(/prim: (UTCTIME|GENERALIZEDTIME)\s+:(\S+)/g)].map((m) => `${m[1]}:${m[2]}`);
      expect(times).toHaveLength(2);
      expect(times[0]).toMatch(/^UTCTIME:\d{12}Z$/);
      expect(times[1]).toMatch(type === 'UTCTIME' ? /^UTCTIME:49\d{10}Z$/ : /^GENERALIZEDTIME:2050\d{10}Z$/);
    }
  });
});

describe('crl: the example CRL, read and used by openssl', () => {
  let keyCompromised: KeyAndCertificate;
  let caCompromised: KeyAndCertificate;
  let good: KeyAndCertificate;
  let crl: pkijs.CertificateRevocationList;

  beforeAll(async () => {
    const leaf = (commonName: string) => issueCertificate(root, { subject: { commonName }, keyUsage: ['digitalSignature'] });
    [keyCompromised, caCompromised, good] = await Promise.all([leaf('Key Compromised'), leaf('CA Compromised'), leaf('Good')]);
    const revokedAt = new Date(Date.now() - 3_600_000);
    crl = await createCrl(root, {
      crlNumber: 42,
      validHours: 24,
      revocations: [
        { serialNumber: keyCompromised.certificate.serialNumber, revokedAt, reason: 'keyCompromise' },
        { serialNumber: caCompromised.certificate.serialNumber, revokedAt, reason: 'cACompromise' },
      ],
    });
    openssl.write('root.crl', crlToPem(crl));
    openssl.write('key-compromised.pem', certificateToPem(keyCompromised.certificate));
    openssl.write('good.pem', certificateToPem(good.certificate));
  });

  it('openssl verifies the CRL signature and reads the number and reason codes (RFC 5280 5.3.1: 1 and 2)', async () => {
    const result = await openssl.ok('crl', '-in', 'root.crl', '-noout', '-text', '-CAfile', 'root.pem');
    expect(result.stderr).toContain('verify OK');
    expect(result.stdout).toMatch(/Version 2 \(0x1\)/);
    expect(result.stdout).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    expect(result.stdout).toMatch(/X509v3 CRL Number: ?\s+42\n/);
    expect(result.stdout).toContain('Issuer: C = GB, O = Example Ltd, CN = Example Root CA');
    const reasonOf = (certificate: pkijs.Certificate) => new RegExp(
      `Serial Number: ${hexSerial(certificate)}\\s+Revocation Date: [^\\n]+\\s+CRL entry extensions:\\s+X509v3 CRL Reason Code: ?\\s+([^\\n]+)`,
    ).exec(result.stdout)?.[1];
    expect(reasonOf(keyCompromised.certificate)).toBe('Key Compromise');
    expect(reasonOf(caCompromised.certificate)).toBe('CA Compromise');
    expect(result.stdout).not.toContain(`Serial Number: ${hexSerial(good.certificate)}`);
  });

  it('openssl verify -crl_check: the revoked certificate is refused, the good one accepted', async () => {
    const revoked = await openssl.run('verify', '-crl_check', '-CAfile', 'root.pem', '-CRLfile', 'root.crl', 'key-compromised.pem');
    expect(revoked.code).not.toBe(0);
    expect(revoked.output).toContain('certificate revoked');
    const accepted = await openssl.run('verify', '-crl_check', '-CAfile', 'root.pem', '-CRLfile', 'root.crl', 'good.pem');
    expect(accepted.stdout.trim()).toBe('good.pem: OK');
  });

  it('a flipped signature byte: openssl and checkCertificateAgainstCrl both reject the CRL', async () => {
    const tampered = tamper(crlToDer(crl), crl.signatureValue.valueBlock.valueHexView);
    openssl.write('tampered.crl', pem(tampered, 'X509 CRL'));
    const result = await openssl.run('crl', '-in', 'tampered.crl', '-noout', '-CAfile', 'root.pem');
    // OpenSSL 3 says "verify failure" when the ECDSA check fails, and prints its error stack (ASN1_item_verify)
    // when the flipped byte leaves a signature it cannot use at all: which one depends on the random key.
    expect(result.output).toMatch(/verify failure|ASN1_item_verify/);
    expect(result.output).not.toContain('verify OK');
    const checkRevoked = await openssl.run('verify', '-crl_check', '-CAfile', 'root.pem', '-CRLfile', 'tampered.crl', 'good.pem');
    expect(checkRevoked.output).toContain('CRL signature failure');

    const intact = await checkCertificateAgainstCrl(crl, root.certificate, keyCompromised.certificate);
    expect(intact).toEqual({ signatureValid: true, current: true, revoked: true });
    const forged = pkijs.CertificateRevocationList.fromBER(tampered);
    expect((await checkCertificateAgainstCrl(forged, root.certificate, keyCompromised.certificate)).signatureValid).toBe(false);
  });
});

describe('req: PKCS#10 requests both ways', () => {
  it('openssl verifies the example request and reads its extensionRequest (PKCS #9 1.2.840.113549.1.9.14)', async () => {
    const keys = await generateKeyPair();
    const request = await createCertificationRequest(keys, {
      subject: { commonName: 'www.example.com', organization: 'Example Ltd' },
      dnsNames: ['www.example.com', 'example.com'],
    });
    openssl.write('request.csr', requestToPem(request));
    const result = await openssl.ok('req', '-in', 'request.csr', '-verify', '-noout', '-text');
    expect(result.output).toMatch(/verify OK/);
    expect(result.stdout).toMatch(/Requested Extensions:\s+X509v3 Subject Alternative Name: ?\s+DNS:www\.example\.com, DNS:example\.com\n/);
    expect(result.stdout).toContain('Subject: O = Example Ltd, CN = www.example.com');
    expect(result.stdout).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    const { stdout: asn1 } = await openssl.ok('asn1parse', '-in', 'request.csr');
    expect(asn1).toMatch(/OBJECT\s+:Extension Request\n/);

    openssl.write('tampered.csr', pem(tamper(request.toSchema().toBER(false), request.signatureValue.valueBlock.valueHexView), 'CERTIFICATE REQUEST'));
    const tampered = await openssl.run('req', '-in', 'tampered.csr', '-verify', '-noout');
    // OpenSSL 3.0 exits with 0 here; later versions with 1. The message is the verdict.
    expect(tampered.output).toMatch(/self-signature verify failure|Certificate request self-signature did not match/);
    expect(tampered.output).not.toMatch(/verify OK/);
  });

  it('an OpenSSL-made request is read by readCertificationRequest and issued by issueFromRequest', async () => {
    await openssl.ok('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'api.key');
    await openssl.ok('req', '-new', '-key', 'api.key', '-subj', '/O=Example Ltd/CN=api.example.com',
      '-addext', 'subjectAltName=DNS:api.example.com,DNS:api2.example.com', '-out', 'api.csr');
    const request = requestFromPem(openssl.readText('api.csr'));
    const summary = await readCertificationRequest(request);
    expect(summary).toEqual({ subject: 'O=Example Ltd, CN=api.example.com', dnsNames: ['api.example.com', 'api2.example.com'], signatureValid: true });

    const certificate = await issueFromRequest(intermediate, request, ['api.example.com', 'api2.example.com']);
    openssl.write('api.pem', certificateToPem(certificate));
    const verify = (host: string) => openssl.run('verify', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem',
      '-purpose', 'sslserver', '-verify_hostname', host, 'api.pem');
    expect((await verify('api2.example.com')).stdout.trim()).toBe('api.pem: OK');
    const { stdout } = await openssl.ok('x509', '-in', 'api.pem', '-noout', '-text');
    expect(stdout).toMatch(/X509v3 Subject Alternative Name: ?\s+DNS:api\.example\.com, DNS:api2\.example\.com\n/);
    expect(stdout).toMatch(/TLS Web Server Authentication/);
    // The certified key is the one OpenSSL generated.
    const { stdout: keyFromCsr } = await openssl.ok('pkey', '-in', 'api.key', '-pubout');
    const { stdout: keyFromCertificate } = await openssl.ok('x509', '-in', 'api.pem', '-noout', '-pubkey');
    expect(keyFromCertificate).toBe(keyFromCsr);

    // The example's TLS client decision agrees with openssl's on the host name.
    const other = await verify('www.example.com');
    expect(other.output).toContain('hostname mismatch');
    const chain = [certificate, intermediate.certificate];
    expect((await checkServerChain(chain, 'api.example.com', [root.certificate])).trusted).toBe(true);
    const check = await checkServerChain(chain, 'www.example.com', [root.certificate]);
    expect(check.trusted).toBe(false);
    expect(check.problems.join('\n')).toMatch(/www\.example\.com/);
  });

  it('a request with a broken signature is refused by readCertificationRequest and issueFromRequest', async () => {
    const request = requestFromPem(openssl.readText('api.csr'));
    const forged = pkijs.CertificationRequest.fromBER(tamper(request.toSchema().toBER(false), request.signatureValue.valueBlock.valueHexView));
    expect((await readCertificationRequest(forged)).signatureValid).toBe(false);
    await expect(issueFromRequest(intermediate, forged, ['api.example.com', 'api2.example.com'])).rejects.toThrow(/signature/);
  });
});
