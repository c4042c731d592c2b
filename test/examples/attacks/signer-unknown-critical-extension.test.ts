// Attack suite: a document signer or TSA certificate with a critical extension
// that no one here processes. RFC 5280 4.2 and 6.1.3: such a certificate must
// be refused (the extension may restrict what its key may sign). pkijs checks
// critical extensions on issuers only; checkServerChain and verifySignedMessage
// add the leaf's check, verifyPdfSignatures and verifyTimeStampResponse do not.
// `openssl cms -verify` and `openssl ts -verify` judge.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { OID, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { signData } from '../../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { createTimeStampRequest } from '../../../content/docs/examples/timestamping/creating-a-timestamp-request.ts';
import { createTimeStampResponse, verifyTimeStampResponse } from '../../../content/docs/examples/timestamping/creating-a-timestamp-response.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { ALICE, castWithAlice, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
/** A private extension that, say, limits the key to one application: nobody here knows it. */
const RESTRICTION = () => makeExtension('1.3.6.1.4.1.55555.2.1', true, new asn1js.Null());
const DOCUMENT = new TextEncoder().encode('Contract v3, signed and stamped.');
let cast: Cast;
let alice: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'root'));
  openssl.write('document.bin', DOCUMENT);
});

describe('attack: a PDF signer certificate with an unknown critical extension, given to verifyPdfSignatures', () => {
  /** A PDF signed by `signer` over what its ByteRange covers; also writes the CMS and those bytes for OpenSSL. */
  async function signedPdf(signer: KeyAndCertificate): Promise<Uint8Array> {
    const parts = pdfTemplate('Sell the shares at 1 EUR.');
    const range = wholeFileRange(parts);
    const pdf = withByteRange(parts, range);
    const cms = await signData(new Uint8Array(covered(pdf, range)), signer, { detached: true });
    openssl.write('signature.der', cms);
    openssl.write('content.bin', covered(pdf, range));
    return new Uint8Array(withContents(pdf, parts, cms));
  }
  const opensslCmsVerify = async () => (await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der',
    '-content', 'content.bin', '-CAfile', 'root.pem', '-out', 'out.bin')).output;

  it('accepts Alice\'s ordinary certificate, as OpenSSL does (the control)', async () => {
    const pdf = await signedPdf(alice);
    expect(await opensslCmsVerify()).toMatch(/Verification successful/);
    expect(await verifyPdfSignatures(pdf, [cast.root.certificate])).toMatchObject([{ valid: true }]);
  });

  it('refuses Alice\'s certificate carrying a critical extension nobody processes, as OpenSSL does', async () => {
    const restricted = await issueCertificate(cast.root, { ...ALICE, extensions: [RESTRICTION()] });
    const pdf = await signedPdf(restricted);
    expect(await opensslCmsVerify()).toMatch(/unhandled critical extension/);
    const [check] = await verifyPdfSignatures(pdf, [cast.root.certificate]);
    expect(check?.valid).toBe(false);
  });
});

describe('attack: a TSA certificate with an unknown critical extension, given to verifyTimeStampResponse', () => {
  /** A TSA as createTsaCertificate makes it, with `extra` extensions. */
  async function tsaWith(extra: pkijs.Extension[]): Promise<KeyAndCertificate> {
    const eku = makeExtension(pkijs.id_ExtKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema());
    return issueCertificate(cast.root, {
      subject: { commonName: 'Example Time-Stamping Authority', organization: 'Example Ltd' },
      keyUsage: ['digitalSignature'], extensions: [eku, ...extra], validDays: 365,
    });
  }
  /** Both verdicts on a stamp of DOCUMENT by `tsa`: the example's (the TSA it names, or "refused") and `openssl ts -verify`'s. */
  async function verdicts(tsa: KeyAndCertificate): Promise<{ example: string; openssl: string }> {
    const request = await createTimeStampRequest(DOCUMENT);
    request.certReq = true;
    const response = (await createTimeStampResponse(request, tsa)).toSchema().toBER(false);
    openssl.write('response.tsr', response);
    const result = await openssl.run('ts', '-verify', '-in', 'response.tsr', '-data', 'document.bin', '-CAfile', 'root.pem');
    const example = await verifyTimeStampResponse(response, request, DOCUMENT, [cast.root.certificate]).then((stamp) => stamp.tsa, () => 'refused');
    return { example, openssl: result.output };
  }

  it('accepts the ordinary TSA\'s stamp, as OpenSSL does (the control)', async () => {
    const { example, openssl: verdict } = await verdicts(await tsaWith([]));
    expect(verdict).toContain('Verification: OK');
    expect(example).toContain('Example Time-Stamping Authority');
  });

  it('refuses a stamp whose TSA certificate carries a critical extension nobody processes, as OpenSSL does', async () => {
    const { example, openssl: verdict } = await verdicts(await tsaWith([RESTRICTION()]));
    expect(verdict).toMatch(/Verification: FAILED[\s\S]*unhandled critical extension/);
    expect(example).toBe('refused');
  });
});
