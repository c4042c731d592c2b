// Attack suite: a genuine CMS signature whose eContentType was changed. RFC 5652
// 11.1: the eContentType is not signed, the content-type signed attribute is,
// and a verifier must check the two agree. pkijs checks only that the attribute
// is there, so Alice's signed "data" relabelled as another content type (here
// id-digestedData, one byte away) still verified: a reader acting on the type
// would treat her bytes as something she never signed. OpenSSL does not judge
// this: `openssl cms -verify` (3.0) does not compare the two either and prints
// "Verification successful" for both signatures below, so only the control
// asserts its verdict.
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { parseSignedData, signData, verifySignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const DOCUMENT = new TextEncoder().encode('Alice owes Bob 10 EUR.');
/** The DER of id-data (1.2.840.113549.1.7.1); its last byte 0x05 gives id-digestedData. */
const ID_DATA = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01];
let cast: Cast;
let alice: KeyAndCertificate;

/** The signature with its first id-data OID, the eContentType (the signed attribute comes later), made id-digestedData. */
function relabelled(signature: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = signature.slice();
  const at = bytes.findIndex((_, i) => ID_DATA.every((byte, j) => bytes[i + j] === byte));
  if (at < 0) throw new Error('No id-data in the signature');
  bytes[at + ID_DATA.length - 1] = 0x05;
  return bytes;
}

beforeAll(async () => {
  cast = await createCast();
  alice = await issueCertificate(cast.root, ALICE);
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('content.bin', DOCUMENT);
});

describe.each([['an attached', false], ['a detached', true]] as const)('attack: %s CMS signature whose unsigned eContentType was changed, given to verifySignedData', (_mode, detached) => {
  const verify = (signature: Uint8Array<ArrayBuffer>) =>
    verifySignedData(parseSignedData(signature), [cast.root.certificate], detached ? DOCUMENT.slice() : undefined);
  const opensslVerify = (signature: Uint8Array<ArrayBuffer>) => {
    openssl.write('signature.der', signature);
    return openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', ...(detached ? ['-content', 'content.bin'] : []),
      '-CAfile', 'root.pem', '-purpose', 'any', '-out', 'out.bin');
  };

  it('accepts the untouched signature, as openssl cms -verify does (the control)', async () => {
    const signature = new Uint8Array(await signData(DOCUMENT.slice(), alice, { detached }));
    expect((await opensslVerify(signature)).output).toMatch(/Verification successful/);
    expect((await verify(signature)).valid).toBe(true);
  });

  it('refuses it once its eContentType says id-digestedData, not what the signed content-type attribute says', async () => {
    const signature = relabelled(new Uint8Array(await signData(DOCUMENT.slice(), alice, { detached })));
    const check = await verify(signature);
    expect(check.valid).toBe(false);
    expect(check.reason).toMatch(/content-type attribute .*1\.2\.840\.113549\.1\.7\.1.* does not match the eContentType 1\.2\.840\.113549\.1\.7\.5/);
  });
});
