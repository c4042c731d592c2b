// Attack suite: an S/MIME signer certificate with a critical extension that no
// one here processes. RFC 5280 4.2 and 6.1.3: such a certificate must be
// refused. checkServerChain refuses one for TLS; verifySignedMessage (through
// verifySignedData and pkijs's SignedData.verify) never looks, and trusts the
// mail. The extension may restrict what the key may sign: here a private OID.
// `openssl cms -verify` judges.
import * as asn1js from 'asn1js';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { createSignedMessage, splitSignedMessage, verifySignedMessage } from '../../../content/docs/examples/other/S-MIME-signature-verification.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
const ENTITY = 'Content-Type: text/plain\r\n\r\nApproved: wire 50 000 EUR today.\r\n';
let cast: Cast;
let alice: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'root'));
});

/** Alice's signed message, and `openssl cms -verify` of its detached signature over the first part. */
async function signAndJudge(signer: KeyAndCertificate): Promise<{ message: string; openssl: string }> {
  const message = await createSignedMessage(ENTITY, signer, { from: 'alice@example.com', to: 'bob@example.com', subject: 'Approval' });
  const { signedText, signature } = splitSignedMessage(message);
  openssl.write('signature.der', signature);
  openssl.write('content.txt', signedText);
  const result = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der', '-content', 'content.txt',
    '-CAfile', 'root.pem', '-out', 'out.txt');
  return { message, openssl: result.output };
}

describe('attack: an S/MIME signer certificate with an unknown critical extension, given to verifySignedMessage', () => {
  it('trusts Alice\'s ordinary certificate, as OpenSSL does (the control)', async () => {
    const { message, openssl: verdict } = await signAndJudge(alice);
    expect(verdict).toMatch(/Verification successful/);
    expect((await verifySignedMessage(message, [cast.root.certificate])).trusted).toBe(true);
  });

  it('refuses Alice\'s certificate carrying a critical extension nobody processes, as OpenSSL does', async () => {
    const restricted = await issueCertificate(cast.root, { ...ALICE, extensions: [makeExtension('1.3.6.1.4.1.55555.2.1', true, new asn1js.Null())] });
    const { message, openssl: verdict } = await signAndJudge(restricted);
    expect(verdict).toMatch(/Verify error: unhandled critical extension/);
    expect((await verifySignedMessage(message, [cast.root.certificate])).trusted).toBe(false);
  });
});
