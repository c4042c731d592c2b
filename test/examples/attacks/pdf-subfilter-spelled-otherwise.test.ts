// Attack suite: the /SubFilter that decides whether a PDF signature must carry
// signing-certificate-v2. verifyPdfSignatures reads it with a regular expression,
// /\/SubFilter\s*\/name/, over the signed bytes of the signature dictionary, and
// requires the attribute only for ETSI.CAdES.detached (PAdES). A PDF reader
// reads the dictionary as PDF: a name may spell any character as #xx (ISO
// 32000-1 7.3.5), so /Sub#46ilter IS /SubFilter, and a comment counts as white
// space (7.2.3), so "/SubFilter %c<LF>/ETSI.CAdES.detached" names PAdES too. The
// expression sees neither, but does see "/SubFilter /adbe.pkcs7.detached" inside
// a literal string such as /Reason, which a reader shows as text. Nor does it
// need a spelling trick: the dictionary is taken to start at the last "N G obj"
// before /Contents, which a /Reason string after the plain key can also hold.
// So a signature the reader presents as PAdES is verified without the attribute
// PAdES requires, and with it the binding to one certificate (RFC 5035) that the
// page promises.
// No PDF tool is installed to judge the dictionary; OpenSSL judges the CMS: it
// verifies, so the SubFilter reading is the only thing at stake.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { verifyPdfSignatures } from '../../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import { signingCertificateV2 } from '../../../content/docs/examples/other/signing-a-PDF-file.ts';
import { signWithExternalKey, softToken } from '../../../content/docs/examples/signing-and-encryption-with-CMS/signing-with-an-external-key.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { castWithAlice, type Cast } from './fixture.ts';
import { covered, pdfTemplate, wholeFileRange, withByteRange, withContents, type PdfParts } from './pdf-fixture.ts';

const openssl = useOpensslFolder();
const PADES = '/SubFilter /ETSI.CAdES.detached';
/** Text for /Reason that a reader shows as is, and the verifier's expression reads as a SubFilter. */
const DECOY = '/Reason (Approved /SubFilter /adbe.pkcs7.detached)';
let cast: Cast;
let alice: KeyAndCertificate;

beforeAll(async () => {
  ({ cast, alice } = await castWithAlice(openssl, 'root'));
});

/** The fixture's PDF with its `/SubFilter /ETSI.CAdES.detached` written as `spelling`, and `decoy` after it. */
function templateSpelling(spelling: string, decoy = DECOY): PdfParts {
  const text = pdfTemplate('Transfer the house to Mallory.', 'ETSI.CAdES.detached').pdf.toString('latin1')
    .replace(PADES, `${spelling} ${decoy}`);
  const pdf = Buffer.from(text, 'latin1');
  const contentsStart = pdf.indexOf('/Contents <') + '/Contents '.length;
  return { pdf, contentsStart, contentsEnd: pdf.indexOf('>', contentsStart) + 1 };
}

/** Alice's signature over the PDF, with content-type and message-digest only (no signing-certificate-v2), unless `withAttribute`. */
async function signedWithoutAttribute(parts: PdfParts, withAttribute = false): Promise<Uint8Array> {
  const range = wholeFileRange(parts);
  const pdf = withByteRange(parts, range);
  const digest = createHash('sha256').update(covered(pdf, range)).digest();
  const attributes = withAttribute ? [await signingCertificateV2(alice.certificate)] : [];
  const cms = await signWithExternalKey(Uint8Array.from(digest).buffer, softToken(alice), attributes);
  openssl.write('signature.der', cms);
  openssl.write('content.bin', covered(pdf, range));
  return new Uint8Array(withContents(pdf, parts, cms));
}

async function opensslVerifiesSignature(): Promise<boolean> {
  const result = await openssl.run('cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der',
    '-content', 'content.bin', '-CAfile', 'root.pem', '-out', 'out.bin');
  return /Verification successful/.test(result.output);
}

async function verdict(pdf: Uint8Array) {
  const checks = await verifyPdfSignatures(pdf, [cast.root.certificate]);
  expect(checks).toHaveLength(1);
  return checks[0]!;
}

describe('attack: a PAdES /SubFilter spelled so that verifyPdfSignatures reads a decoy adbe.pkcs7.detached instead', () => {
  it('refuses the decoy next to a plainly spelled PAdES SubFilter (the control: two SubFilters)', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling(PADES));
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false });
  });

  it('refuses a PAdES signature without signing-certificate-v2 whose key is spelled /Sub#46ilter', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling('/Sub#46ilter /ETSI.CAdES.detached'));
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false });
  });

  it('refuses a PAdES signature without signing-certificate-v2 whose key and value a comment separates', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling('/SubFilter %PAdES baseline B\n/ETSI.CAdES.detached'));
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false });
  });

  it('refuses one spelled plainly, when a /Reason string saying "9 0 obj" makes the verifier start the object after it', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling(PADES, '/Reason (Approved, see 9 0 obj /SubFilter /adbe.pkcs7.detached)'));
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false });
  });

  it('refuses a decoy object that a comment closes: "9 0 obj << … %)" in /Reason parses as a second dictionary holding /Contents', async () => {
    // From "9 0 obj" the comment swallows the ")" that ends /Reason, so both objects read as a whole dictionary.
    const pdf = await signedWithoutAttribute(templateSpelling(PADES, '/Reason (9 0 obj << /SubFilter /adbe.pkcs7.detached %)\n'));
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/2 objects hold this \/Contents/) });
  });

  it('refuses a dictionary it cannot read to the end, and says where', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling(PADES, '/Reason (never closed'));
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/cannot be read safely.*byte \d+: a string that never ends/) });
  });
  it('refuses, without reading for minutes, a /Reason that nests 20 000 strings each starting an object', async () => {
    // Every "1 0 obj" is an object start to try, and each try reads the strings after it: 200 kB took ~18 s unbounded.
    const pdf = await signedWithoutAttribute(templateSpelling(PADES, `/Reason ${'(1 0 obj '.repeat(20_000)}${')'.repeat(20_000)}`));
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/overlap so much that reading them would take too long/) });
  });
});

describe('a SubFilter spelled otherwise but read as a PDF reader reads it (the controls)', () => {
  it('accepts a PAdES signature with signing-certificate-v2 whose key is spelled /Sub#46ilter and value /ETSI.CAdES#2Edetached', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling('/Sub#46ilter %PAdES\n/ETSI.CAdES#2Edetached', '/Reason (Approved (twice\\)))'), true);
    expect(await opensslVerifiesSignature()).toBe(true);
    expect(await verdict(pdf)).toMatchObject({ valid: true, coversWholeFile: true });
  });

  it('refuses the same spelling without the attribute: the escapes name PAdES', async () => {
    const pdf = await signedWithoutAttribute(templateSpelling('/Sub#46ilter /ETSI.CAdES#2Edetached', ''));
    expect(await verdict(pdf)).toMatchObject({ valid: false, reason: expect.stringMatching(/must carry the signing-certificate-v2/) });
  });
});
