// The troubleshooting guide's code, run against real failures: a public key
// used to sign, an unknown hash, a missing intermediate, an untrusted root and
// a signed message without its signer's certificate.
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainChainResult, explainCryptoError, requireWebCrypto } from '../../content/docs/guides/troubleshooting.ts';
import { createCertificateAuthority, issueCertificate, type KeyAndCertificate } from '../../content/docs/examples/example-helpers.ts';
import { parseSignedData, signData } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';

let root: KeyAndCertificate;
let intermediate: KeyAndCertificate;
let leaf: KeyAndCertificate;

beforeAll(async () => {
  requireWebCrypto();
  root = await createCertificateAuthority({ commonName: 'Root' });
  intermediate = await issueCertificate(root, { subject: { commonName: 'Intermediate' }, keyUsage: ['keyCertSign', 'cRLSign'] });
  leaf = await issueCertificate(intermediate, { subject: { commonName: 'Leaf' }, keyUsage: ['digitalSignature'] });
});

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('did not fail'); }, (e: unknown) => e);

describe('the troubleshooting guide', () => {
  it('installs the WebCrypto engine, and says what to do without one', () => {
    expect(pkijs.getEngine().name).toBe('webcrypto');
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      expect(() => requireWebCrypto()).toThrow(/https: \(or localhost\).*Node\.js 20/);
    } finally {
      Object.defineProperty(globalThis, 'crypto', saved);
    }
  });

  it('explains a key that cannot sign and a hash pkijs does not know', async () => {
    const copy = pkijs.Certificate.fromBER(leaf.certificate.toSchema().toBER());
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    expect(explainCryptoError(await failure(copy.sign(keys.publicKey, 'SHA-256')))).toMatch(/^The key cannot do this .*usages/);
    expect(explainCryptoError(await failure(copy.sign(intermediate.privateKey, 'SHA3-256')))).toMatch(/^pkijs does not know this algorithm or hash \(Unsupported algorithm for hashAlgorithm : SHA3-256\)/);
  });

  it('reports chain failures as resultCode -1 when an issuer is missing', async () => {
    const missing = await new pkijs.CertificateChainValidationEngine({ certs: [leaf.certificate], trustedCerts: [root.certificate] }).verify();
    expect(explainChainResult(missing)).toBe('not trusted (resultCode -1): No valid certificate paths found');
    const untrusted = await new pkijs.CertificateChainValidationEngine({ certs: [root.certificate], trustedCerts: [] }).verify();
    expect(untrusted.resultCode).toBe(pkijs.ChainValidationCode.noValidPath);
    const ok = await new pkijs.CertificateChainValidationEngine({ certs: [intermediate.certificate, leaf.certificate], trustedCerts: [root.certificate] }).verify();
    expect(explainChainResult(ok)).toBe('trusted');
    expect(ok.resultCode).toBe(pkijs.ChainValidationCode.success);
  });

  it('reports SignedData.verify failures with their code', async () => {
    const signedData = parseSignedData(await signData(new TextEncoder().encode('x'), leaf));
    signedData.certificates = [];
    expect(explainCryptoError(await failure(signedData.verify({ signer: 0 })))).toBe('SignedData.verify failed with code 3: Unable to find signer certificate');
    expect(explainCryptoError(await failure(signedData.verify({ signer: 2 })))).toMatch(/^SignedData.verify failed with code 1:/);
  });
});
