// Attack suite: a rogue sub-CA below a capped CA (pathLenConstraint 0), named
// like the capped CA plus one invisible character (U+200B, zero width space).
// RFC 5280 6.1.4 (l) exempts only self-issued certificates (subject = issuer)
// from the cap. basicConstraintsProblem asks pkijs's Name.isEqual, which
// compares attribute values with String.prototype.localeCompare: collation
// ignores U+200B, so "Capped Issuing CA\u200B" equals "Capped Issuing CA" and
// the rogue CA passes as self-issued, below the cap. OpenSSL compares the
// canonical bytes, sees two names, counts the CA and refuses the path.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  issueCertificate, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { PURPOSES, certificateToPem, checkServerChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { parseSignedData, signData, verifySignedData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, HOST, SERVER_PROFILE, createCast, opensslVerify, subCa, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const CAPPED = 'Capped Issuing CA';
const INVISIBLE = '\u200B';
let cast: Cast;
let capped: KeyAndCertificate;
/** The capped CA's sub-CA named CAPPED + U+200B: not self-issued, though pkijs says so. */
let lookAlike: KeyAndCertificate;
/** The same sub-CA under a plainly different name (the control). */
let plainRogue: KeyAndCertificate;


beforeAll(async () => {
  cast = await createCast();
  capped = await subCa(cast.root, CAPPED, 0);
  lookAlike = await subCa(capped, `${CAPPED}${INVISIBLE}`);
  plainRogue = await subCa(capped, 'Rogue Sub CA');
});

describe('attack: a sub-CA named like its capped issuer plus U+200B, passing as self-issued', () => {
  it('the names differ: pkijs\'s isEqual still calls the sub-CA self-issued', () => {
    const { subject, issuer } = lookAlike.certificate;
    expect(subject.typesAndValues[0]!.value.getValue()).not.toBe(issuer.typesAndValues[0]!.value.getValue());
    expect(subject.isEqual(issuer)).toBe(true);
  });

  it('checkServerChain refuses a server below the plainly named rogue sub-CA, as OpenSSL does (the control)', async () => {
    const server = await issueCertificate(plainRogue, SERVER_PROFILE);
    const received = [server.certificate, plainRogue.certificate, capped.certificate];
    expect((await opensslVerify(openssl, [cast.root.certificate], received)).output).toMatch(/path length constraint exceeded/);
    expect((await checkServerChain(received, HOST, [cast.root.certificate])).trusted).toBe(false);
  });

  it('checkServerChain refuses a server below the look-alike sub-CA, as OpenSSL does', async () => {
    const server = await issueCertificate(lookAlike, SERVER_PROFILE);
    const received = [server.certificate, lookAlike.certificate, capped.certificate];
    expect((await opensslVerify(openssl, [cast.root.certificate], received)).output).toMatch(/path length constraint exceeded/);
    expect((await checkServerChain(received, HOST, [cast.root.certificate])).trusted).toBe(false);
  });

  it('the security guide\'s validateLeaf refuses that server too', async () => {
    const server = await issueCertificate(lookAlike, SERVER_PROFILE);
    const received = [server.certificate, lookAlike.certificate, capped.certificate];
    expect((await validateLeaf(received, [cast.root.certificate], PURPOSES.tlsServer)).result).toBe(false);
  });

  it('verifySignedData refuses Alice\'s signature certified by the look-alike sub-CA, as openssl cms -verify does', async () => {
    const alice = await issueCertificate(lookAlike, ALICE);
    const document = new TextEncoder().encode('Transfer the domain example.com to Mallory.');
    const signature = await signData(document.slice(), alice, { detached: true, chain: [lookAlike.certificate, capped.certificate] });
    openssl.write('root.pem', certificateToPem(cast.root.certificate));
    openssl.write('signature.der', signature);
    openssl.write('content.bin', document);
    const verdict = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.bin', '-CAfile', 'root.pem', '-out', 'out.bin');
    expect(verdict.output).toMatch(/path length constraint exceeded/);
    expect((await verifySignedData(parseSignedData(signature), [cast.root.certificate], document.slice())).valid).toBe(false);
  });
});
