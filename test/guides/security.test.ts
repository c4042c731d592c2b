// The security guide's claims, shown on pkijs 3.3.2: SHA-1 unless a hash is
// named, the last entry of certs is the one validated, SignedData.verify
// trusts the message's own certificate unless checkChain is set, and
// OCSPResponse.sign changes nothing. OIDs are literal values from RFC 5758.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { signCertificate, validateLeaf, verifyTrustedSignature } from '../../content/docs/guides/security.ts';
import { PURPOSES } from '../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCertificateAuthority, issueCertificate, useWebCrypto, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import { signData, parseSignedData } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { createOcspRequest } from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import { createOcspResponse, createResponderCertificate } from '../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';

let root: KeyAndCertificate;
let intermediate: KeyAndCertificate;
let leaf: KeyAndCertificate;
const cn = (c: pkijs.Certificate) => c.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value as string;

beforeAll(async () => {
  useWebCrypto();
  root = await createCertificateAuthority({ commonName: 'Root' });
  intermediate = await issueCertificate(root, { subject: { commonName: 'Intermediate' }, keyUsage: ['keyCertSign', 'cRLSign'] });
  leaf = await issueCertificate(intermediate, { subject: { commonName: 'Leaf' }, keyUsage: ['digitalSignature'], validDays: 1 });
});

describe('the security guide', () => {
  it('signs with SHA-1 when no hash is named, with SHA-256 through the guide', async () => {
    const unnamed = pkijs.Certificate.fromBER(leaf.certificate.toSchema().toBER());
    await unnamed.sign(intermediate.privateKey);
    expect(unnamed.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.1'); // ecdsa-with-SHA1
    const named = pkijs.Certificate.fromBER(leaf.certificate.toSchema().toBER());
    await signCertificate(named, intermediate.privateKey);
    expect(named.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
  });

  it('signs with an RSA key\'s own hash whatever is named; the guide refuses such a key', async () => {
    const sha1Key = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-1' }, false, ['sign', 'verify']);
    const named = pkijs.Certificate.fromBER(leaf.certificate.toSchema().toBER());
    await named.sign(sha1Key.privateKey, 'SHA-256');
    expect(named.signatureAlgorithm.algorithmId).toBe('1.2.840.113549.1.1.5'); // sha1WithRSAEncryption, not SHA-256
    const guided = pkijs.Certificate.fromBER(leaf.certificate.toSchema().toBER());
    await expect(signCertificate(guided, sha1Key.privateKey)).rejects.toThrow(/generated for SHA-1/);
  });

  it('validates the last entry of certs: leaf first means the leaf is never checked', async () => {
    const wrong = await new pkijs.CertificateChainValidationEngine({ certs: [leaf.certificate, intermediate.certificate], trustedCerts: [root.certificate] }).verify();
    expect(wrong.result).toBe(true);
    expect(wrong.certificatePath!.map(cn)).toEqual(['Intermediate', 'Root']);
    const right = await validateLeaf([leaf.certificate, intermediate.certificate], [root.certificate], PURPOSES.tlsServer);
    expect(right.certificatePath!.map(cn)).toEqual(['Leaf', 'Intermediate', 'Root']);
    // And the leaf is really checked: past its validity the path fails.
    const later = await validateLeaf([leaf.certificate, intermediate.certificate], [root.certificate], PURPOSES.tlsServer, new Date(Date.now() + 3 * 86_400_000));
    expect(later.result).toBe(false);
  });

  it('checks nothing about host names, EKU or key usage in path validation', async () => {
    // A CA-style certificate with no EKU, no SAN and keyCertSign only still validates as a leaf.
    const odd = await issueCertificate(intermediate, { subject: { commonName: 'not-a-server' }, keyUsage: ['cRLSign'] });
    const engine = new pkijs.CertificateChainValidationEngine({ certs: [intermediate.certificate, odd.certificate], trustedCerts: [root.certificate] });
    const result = await engine.verify();
    expect(result.result).toBe(true);
    expect(result.certificatePath?.map(cn)).toEqual(['not-a-server', 'Intermediate', 'Root']);
    // validateLeaf adds pathProblems for the purpose, which refuses it.
    expect(await validateLeaf([odd.certificate, intermediate.certificate], [root.certificate], PURPOSES.tlsServer))
      .toMatchObject({ result: false, resultMessage: 'its key may not sign for TLS server authentication (key usage)' });
  });

  it('trusts the signed message’s own certificate unless checkChain is set', async () => {
    const stranger = await createCertificateAuthority({ commonName: 'Stranger' });
    const signer = await issueCertificate(stranger, { subject: { commonName: 'Signer' }, keyUsage: ['digitalSignature'] });
    const signedData = parseSignedData(await signData(new TextEncoder().encode('hello'), signer));
    expect(await signedData.verify({ signer: 0 })).toBe(true);
    expect(await verifyTrustedSignature(signedData, [root.certificate])).toBe(false);
    const error = await signedData.verify({ signer: 0, checkChain: true, trustedCerts: [root.certificate] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(pkijs.SignedDataVerifyError);
    expect((error as pkijs.SignedDataVerifyError).code).toBe(5);
    expect(await verifyTrustedSignature(signedData, [stranger.certificate])).toBe(true);
  });

  it('OCSPResponse.sign leaves the response as it was', async () => {
    const responder = await createResponderCertificate(root);
    const request = await createOcspRequest(leaf.certificate, intermediate.certificate);
    const response = await createOcspResponse(request, intermediate.certificate, responder, () => ({ status: 'good' }));
    const before = new Uint8Array(response.toSchema().toBER());
    const other = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    await response.sign(other.privateKey, 'SHA-256');
    expect(new Uint8Array(response.toSchema().toBER())).toEqual(before);
  });
});
