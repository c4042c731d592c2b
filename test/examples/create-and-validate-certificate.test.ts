// Runs the certificate example and checks what it produces independently:
// DER re-parsed with pkijs/asn1js, signatures checked with WebCrypto directly,
// literal OIDs from RFC 5280.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cert from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import * as helpers from '../../content/docs/examples/example-helpers.ts';
import { ecdsaVerifies, extensionOids, findExtension, pemToDer } from './support/pki.ts';

const names = (path: pkijs.Certificate[] | undefined) => path?.map((c) => helpers.formatName(c.subject));

let root: helpers.KeyAndCertificate;
let intermediate: helpers.KeyAndCertificate;
let server: helpers.KeyAndCertificate;
let otherRoot: helpers.KeyAndCertificate;

beforeAll(async () => {
  helpers.useWebCrypto();
  root = await helpers.createCertificateAuthority({ commonName: 'Test Root CA', organization: 'Example Ltd', country: 'GB' });
  intermediate = await cert.createIntermediateCa(root, 'Test Issuing CA');
  server = await cert.createServerCertificate(intermediate, 'www.example.com');
  otherRoot = await helpers.createCertificateAuthority({ commonName: 'Unrelated CA' });
});

describe('create-and-validate-certificate', () => {
  it('signs the server certificate with the intermediate key (checked with WebCrypto)', async () => {
    const [parsed] = cert.certificatesFromPem(cert.certificateToPem(server.certificate)) as [pkijs.Certificate];
    const signature = parsed.signatureValue.valueBlock.valueHexView;
    expect(parsed.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(await ecdsaVerifies(parsed.tbsView, signature, intermediate.certificate.subjectPublicKeyInfo)).toBe(true);
    expect(await ecdsaVerifies(parsed.tbsView, signature, root.certificate.subjectPublicKeyInfo)).toBe(false);
  });

  it('gives the server certificate the TLS server profile of RFC 5280', () => {
    // basicConstraints!, keyUsage!, extKeyUsage, subjectAltName, subjectKeyIdentifier, authorityKeyIdentifier
    expect(extensionOids(server.certificate)).toEqual(['2.5.29.19!', '2.5.29.15!', '2.5.29.37', '2.5.29.17', '2.5.29.14', '2.5.29.35']);
    expect(pkijs.ExtKeyUsage.fromBER(findExtension(server.certificate, '2.5.29.37')!.extnValue.getValue()).keyPurposes)
      .toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(cert.dnsNamesOf(server.certificate)).toEqual(['www.example.com']);
    expect(pkijs.BasicConstraints.fromBER(findExtension(intermediate.certificate, '2.5.29.19')!.extnValue.getValue()).cA).toBe(true);
    const { notBefore, notAfter } = cert.describeCertificate(server.certificate);
    expect(Math.round((notAfter.getTime() - notBefore.getTime()) / 86_400_000)).toBe(90);
  });

  it('describes the certificates it made', () => {
    expect(cert.describeCertificate(server.certificate)).toMatchObject({
      subject: 'CN=www.example.com', issuer: 'O=Example Ltd, CN=Test Issuing CA', isCa: false,
    });
    expect(cert.describeCertificate(intermediate.certificate).isCa).toBe(true);
    expect(cert.describeCertificate(server.certificate).serialNumber).toMatch(/^[4-7][0-9a-f]{31}$/);
  });

  it('reads a PEM bundle in order, ignoring text around the blocks', () => {
    const bundle = `server\n${cert.certificateToPem(server.certificate)}issuer\n${cert.certificateToPem(intermediate.certificate)}`;
    expect(cert.certificatesFromPem(bundle).map((c) => helpers.commonNameOf(c))).toEqual(['www.example.com', 'Test Issuing CA']);
    expect(new Uint8Array(pemToDer(cert.certificateToPem(server.certificate)))).toEqual(new Uint8Array(server.certificate.toSchema().toBER(false)));
  });

  it('validates the server chain in the order a server sends it, and the leaf is on the path', async () => {
    const result = await cert.validateChain({ received: [server.certificate, intermediate.certificate], trustAnchors: [root.certificate] });
    expect(result.result).toBe(true);
    expect(names(result.certificatePath)).toEqual(['CN=www.example.com', 'O=Example Ltd, CN=Test Issuing CA', 'C=GB, O=Example Ltd, CN=Test Root CA']);
  });

  it('shows the pitfall: pkijs validates the LAST entry of certs, not the server certificate', async () => {
    const engine = new pkijs.CertificateChainValidationEngine({
      trustedCerts: [root.certificate], certs: [server.certificate, intermediate.certificate],
    });
    const result = await engine.verify();
    expect(result.result).toBe(true);
    expect(names(result.certificatePath)).not.toContain('CN=www.example.com');
    const foreign = await cert.createIntermediateCa(otherRoot, 'Foreign CA');
    const unrelated = new pkijs.CertificateChainValidationEngine({
      trustedCerts: [root.certificate], certs: [server.certificate, intermediate.certificate, foreign.certificate],
    });
    expect(await unrelated.verify()).toMatchObject({ result: false, resultMessage: 'No valid certificate paths found' });
  });

  it('fails the path for another root, a missing intermediate and an expired certificate', async () => {
    expect((await cert.validateChain({ received: [server.certificate, intermediate.certificate], trustAnchors: [otherRoot.certificate] })).result).toBe(false);
    expect((await cert.validateChain({ received: [server.certificate], trustAnchors: [root.certificate] })).result).toBe(false);
    const later = new Date(server.certificate.notAfter.value.getTime() + 86_400_000);
    expect(await cert.validateChain({ received: [server.certificate, intermediate.certificate], trustAnchors: [root.certificate], checkDate: later }))
      .toMatchObject({ result: false, resultCode: 8 });
  });

  it('matches host names as RFC 6125 says', () => {
    expect(cert.hostMatches('www.example.com', 'WWW.Example.COM')).toBe(true);
    expect(cert.hostMatches('www.example.com', 'www.example.com.')).toBe(true);
    expect(cert.hostMatches('*.example.com', 'api.example.com')).toBe(true);
    expect(cert.hostMatches('*.example.com', 'example.com')).toBe(false);
    expect(cert.hostMatches('*.example.com', 'a.b.example.com')).toBe(false);
    expect(cert.hostMatches('*.com', 'example.com')).toBe(false);
    expect(cert.hostMatches('w*.example.com', 'www.example.com')).toBe(false);
    expect(cert.hostMatches('www.example.com', 'www.example.com.evil.org')).toBe(false);
  });

  it('trusts the server only for its own host, purpose and key usage', async () => {
    const chain = [server.certificate, intermediate.certificate];
    expect(await cert.checkServerChain(chain, 'www.example.com', [root.certificate])).toEqual({ trusted: true, problems: [] });
    expect(await cert.checkServerChain(chain, 'evil.example.com', [root.certificate]))
      .toEqual({ trusted: false, problems: ['not valid for the host evil.example.com'] });

    const mail = await helpers.issueCertificate(intermediate, {
      subject: { commonName: 'www.example.com' }, keyUsage: ['keyEncipherment'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.4'], dnsNames: ['www.example.com'],
    });
    expect((await cert.checkServerChain([mail.certificate, intermediate.certificate], 'www.example.com', [root.certificate])).problems).toEqual([
      'not issued for TLS server authentication (extended key usage)',
      'its key may not sign for TLS server authentication (key usage)',
    ]);
    const noSan = await helpers.issueCertificate(intermediate, { subject: { commonName: 'www.example.com' }, keyUsage: ['digitalSignature'] });
    expect((await cert.checkServerChain([noSan.certificate, intermediate.certificate], 'www.example.com', [root.certificate])).trusted).toBe(false);
    const caAsServer = await helpers.issueCertificate(intermediate, {
      subject: { commonName: 'www.example.com' }, keyUsage: ['digitalSignature', 'keyCertSign'], dnsNames: ['www.example.com'],
    });
    expect((await cert.checkServerChain([caAsServer.certificate, intermediate.certificate], 'www.example.com', [root.certificate])).problems)
      .toEqual(['it is a CA certificate, not an end-entity certificate']);
    expect((await cert.checkServerChain(chain, 'www.example.com', [otherRoot.certificate])).problems)
      .toEqual(['No valid certificate paths found']);
  });

  it('runs the whole example', async () => {
    const { pem, verified, check } = await cert.runExample();
    expect(pem).toMatch(/^(-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE-----\n){2}$/);
    expect({ verified, check }).toEqual({ verified: true, check: { trusted: true, problems: [] } });
  });
});
