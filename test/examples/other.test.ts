// Runs the code of the "Other" example pages (PDF signatures, S/MIME, PKCS#12)
// and checks what it produces, parsing the output again with pkijs directly.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findSignatures,
  verifyPdfSignatures,
} from '../../content/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file.ts';
import {
  base64Body,
  decodeBase64Body,
  decryptAndVerify,
  entityText,
  parseMime,
  signAndEncrypt,
  textEntity,
} from '../../content/docs/examples/other/S-MIME-signature-encryption.ts';
import {
  certificateEmails,
  createSignedMessage,
  fromAddress,
  senderMatches,
  splitSignedMessage,
  verifySignedMessage,
} from '../../content/docs/examples/other/S-MIME-signature-verification.ts';
import {
  createPkcs12,
  importSigningKey,
  readPkcs12,
} from '../../content/docs/examples/other/working-with-PKCS-12-files.ts';
import { signData } from '../../content/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import {
  buildName,
  commonNameOf,
  createCertificateAuthority,
  issueCertificate,
  type KeyAndCertificate,
  useWebCrypto,
} from '../../content/docs/examples/example-helpers.ts';

const der = (certificate: pkijs.Certificate) => Buffer.from(certificate.toSchema().toBER(false));
const pkcs8 = (key: CryptoKey) => crypto.subtle.exportKey('pkcs8', key);

let ca: KeyAndCertificate;
let alice: KeyAndCertificate;
let bob: KeyAndCertificate;

beforeAll(async () => {
  useWebCrypto();
  ca = await createCertificateAuthority({ commonName: 'Example Root CA' });
  const mailProfile = (commonName: string, email: string) => ({
    subject: { commonName },
    emails: [email],
    keyUsage: ['digitalSignature' as const, 'keyAgreement' as const],
    extendedKeyUsage: ['1.3.6.1.5.5.7.3.4'], // emailProtection
    extractable: true, // the tests hand the PKCS#8 key to decryption and PKCS#12
  });
  alice = await issueCertificate(ca, mailProfile('Alice', 'alice@example.com'));
  bob = await issueCertificate(ca, mailProfile('Bob', 'bob@example.com'));
});

// ---------------------------------------------------------------------------
// A minimal one-page PDF with a signature field, signed the way PDF signers do:
// reserve /Contents, fix /ByteRange around it, sign the covered bytes as
// detached CMS, and write the hex of the CMS into the reserved space.
const RESERVED_BYTES = 4096;
const RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

function unsignedPdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] /F 132 /T (Signature1) /V 5 0 R /P 3 0 R >>',
    `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange ${RANGE_PLACEHOLDER} ` +
      `/Contents <${'0'.repeat(RESERVED_BYTES * 2)}> /M (D:20250101120000Z) >>`,
  ];
  let pdf = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  return `${pdf}xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

async function signedPdf(signer: KeyAndCertificate): Promise<{ pdf: Buffer; cms: Buffer }> {
  const pdf = Buffer.from(unsignedPdf(), 'latin1');
  const contentsStart = pdf.indexOf('/Contents <') + '/Contents '.length; // at '<'
  const contentsEnd = pdf.indexOf('>', contentsStart) + 1; // after '>'
  const range = `[0 ${contentsStart} ${contentsEnd} ${pdf.length - contentsEnd}]`.padEnd(RANGE_PLACEHOLDER.length, ' ');
  pdf.write(range, pdf.indexOf(RANGE_PLACEHOLDER), 'latin1');
  const covered = Buffer.concat([pdf.subarray(0, contentsStart), pdf.subarray(contentsEnd)]);
  const cms = Buffer.from(await signData(new Uint8Array(covered), signer, { detached: true }));
  expect(cms.length).toBeLessThan(RESERVED_BYTES);
  pdf.write(cms.toString('hex').toUpperCase(), contentsStart + 1, 'latin1');
  return { pdf, cms };
}

describe('how-to-verify-a-signature-in-a-PDF-file', () => {
  let signed: { pdf: Buffer; cms: Buffer };
  beforeAll(async () => {
    signed = await signedPdf(alice);
  });

  it('finds the signature and strips the zero padding from /Contents', () => {
    const [signature, ...others] = findSignatures(signed.pdf);
    expect(others).toHaveLength(0);
    expect(Buffer.from(signature!.cms).equals(signed.cms)).toBe(true);
    expect(signature!.byteRange[0]).toBe(0);
    expect(signature!.byteRange[2] + signature!.byteRange[3]).toBe(signed.pdf.length);
  });

  it('verifies a signature over the whole file', async () => {
    const [check, ...others] = await verifyPdfSignatures(signed.pdf, [ca.certificate]);
    expect(others).toHaveLength(0);
    expect(check).toMatchObject({ valid: true, coversWholeFile: true });
    expect(commonNameOf(check!.signer!)).toBe('Alice');
  });

  it('fails when a byte inside the signed range changes', async () => {
    const tampered = Buffer.from(signed.pdf);
    tampered.write('613', tampered.indexOf('/MediaBox [0 0 612') + '/MediaBox [0 0 '.length, 'latin1'); // page width
    const [check] = await verifyPdfSignatures(tampered, [ca.certificate]);
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/digest/i) });
  });

  it('fails for an untrusted signer', async () => {
    const [check] = await verifyPdfSignatures(signed.pdf, [bob.certificate]);
    expect(check?.valid).toBe(false);
  });

  it('flags bytes appended after signing while the signature stays valid', async () => {
    const update = Buffer.from('6 0 obj\n<< /Producer (later edit) >>\nendobj\n%%EOF\n', 'latin1');
    const [check] = await verifyPdfSignatures(Buffer.concat([signed.pdf, update]), [ca.certificate]);
    expect(check).toMatchObject({ valid: true, coversWholeFile: false });
  });
});

/** Flips one byte in the middle of the AES-CBC ciphertext of an encrypted S/MIME message. */
function tamperCiphertext(message: string): string {
  const body = parseMime(message).body.trimEnd();
  const bytes = Buffer.from(decodeBase64Body(body));
  const enveloped = new pkijs.EnvelopedData({ schema: pkijs.ContentInfo.fromBER(bytes).content });
  const ciphertext = Buffer.from(enveloped.encryptedContentInfo.getEncryptedContent());
  // The middle of the ciphertext encrypts the base64 of the inner signed data.
  const middle = Math.floor(ciphertext.length / 32) * 16;
  const at = bytes.indexOf(ciphertext.subarray(middle, middle + 16));
  expect(at).toBeGreaterThan(0);
  bytes[at] = bytes[at]! ^ 0xff;
  return message.replace(body, base64Body(bytes));
}

describe('S-MIME-signature-encryption', () => {
  const headers = { from: 'Alice <alice@example.com>', to: 'bob@example.com', subject: 'Numbers' };
  const text = 'Hi Bob,\r\nthe numbers are final. Grüße, Alice\r\n';
  let message: string;
  beforeAll(async () => {
    message = await signAndEncrypt(textEntity(text), alice, [bob.certificate], headers);
  });

  it('writes an enveloped-data message for the recipient and the sender', () => {
    const outer = parseMime(message);
    expect(outer.headers.get('subject')).toBe('Numbers');
    expect(outer.headers.get('content-type')).toMatch(/^application\/pkcs7-mime; smime-type=enveloped-data/);
    expect(outer.body.split('\r\n').every((line) => line.length <= 76)).toBe(true);
    const contentInfo = pkijs.ContentInfo.fromBER(decodeBase64Body(outer.body));
    expect(contentInfo.contentType).toBe(pkijs.id_ContentType_EnvelopedData);
    expect(new pkijs.EnvelopedData({ schema: contentInfo.content }).recipientInfos).toHaveLength(2);
  });

  it('decrypts and verifies for the recipient and for the sender', async () => {
    for (const reader of [bob, alice]) {
      const received = await decryptAndVerify(
        message, { certificate: reader.certificate, privateKeyPkcs8: await pkcs8(reader.privateKey) }, [ca.certificate]);
      expect(entityText(received.entity)).toBe(text);
      expect(received.signature?.valid).toBe(true);
      expect(commonNameOf(received.signature!.signer!)).toBe('Alice');
    }
  });

  it('fails for a tampered body or a reader who is not a recipient', async () => {
    const bobKey = await pkcs8(bob.privateKey);
    const outcome = await decryptAndVerify(tamperCiphertext(message), { certificate: bob.certificate, privateKeyPkcs8: bobKey }, [ca.certificate])
      .then((received) => (received.signature?.valid ? 'verified' : 'invalid'), () => 'error');
    expect(outcome).not.toBe('verified');

    const eve = await issueCertificate(ca, { subject: { commonName: 'Eve' }, keyUsage: ['keyAgreement'], extractable: true });
    await expect(decryptAndVerify(message, { certificate: eve.certificate, privateKeyPkcs8: await pkcs8(eve.privateKey) }, [ca.certificate]))
      .rejects.toThrow(/not encrypted for this certificate/);
  });
});

describe('S-MIME-signature-verification', () => {
  const headers = { from: 'Alice <alice@Example.COM>', to: 'bob@example.com', subject: 'Signed' };
  const entity = textEntity('This text is signed.\r\n');
  let message: string;
  beforeAll(async () => {
    message = await createSignedMessage(entity, alice, headers);
  });

  const withFrom = (from: string) => message.replace(/^From: .*$/m, `From: ${from}`);

  it('splits the signed part exactly and its detached signature covers those bytes', async () => {
    const { signedText, signature } = splitSignedMessage(message);
    expect(signedText).toBe(entity);
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(signature).content });
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    const digest = signedData.signerInfos[0]!.signedAttrs!.attributes.find((a) => a.type === '1.2.840.113549.1.9.4')!;
    const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(entity)));
    expect(new Uint8Array((digest.values[0] as asn1js.OctetString).getValue())).toEqual(expected);
  });

  it('verifies the message and trusts it for the sender the certificate names', async () => {
    const check = await verifySignedMessage(message, [ca.certificate]);
    expect(check).toMatchObject({ valid: true, senderMatches: true, problems: [], trusted: true });
    expect(entityText(check.entity)).toBe('This text is signed.\r\n');
    expect(certificateEmails(alice.certificate)).toEqual([{ local: 'alice', domain: 'example.com' }]);
  });

  it('parses From as RFC 5322 does: quoted names, comments, groups and lists', () => {
    expect(fromAddress('"Alice A." <alice@Example.com>')).toEqual({ local: 'alice', domain: 'example.com' });
    expect(fromAddress('alice@example.com (Alice)')).toEqual({ local: 'alice', domain: 'example.com' });
    expect(fromAddress('"<alice@example.com>" <mallory@evil.example>')).toEqual({ local: 'mallory', domain: 'evil.example' });
    expect(fromAddress('Alice <alice@example.com>, Mallory <mallory@evil.example>')).toBeUndefined();
    expect(fromAddress('Friends: alice@example.com;')).toBeUndefined();
    expect(fromAddress('Alice <alice@example.com> <mallory@evil.example>')).toBeUndefined();
    expect(fromAddress('not an address')).toBeUndefined();
  });

  it.each([
    ['a quoted display name holding the address', '"<alice@example.com>" <mallory@evil.example>'],
    ['a display name that looks like the address', 'alice@example.com <mallory@evil.example>'],
    ['a comment holding the address', 'mallory@evil.example (alice@example.com)'],
    ['a list with the address second', 'Mallory <mallory@evil.example>, Alice <alice@example.com>'],
    ['a list with the address first', 'Alice <alice@example.com>, Mallory <mallory@evil.example>'],
    ['a group', 'Team: alice@example.com;'],
    ['another local part case', 'ALICE@example.com'],
    ['a look-alike domain', 'alice@example.com.evil.example'],
    ['two angle addresses', 'Alice <alice@example.com> <mallory@evil.example>'],
  ])('does not trust the sender for %s', async (_, from) => {
    const check = await verifySignedMessage(withFrom(from), [ca.certificate]);
    expect(check).toMatchObject({ valid: true, senderMatches: false, trusted: false });
  });

  it('does not trust a message with two From fields', async () => {
    const twice = message.replace(/^(From: .*)$/m, '$1\r\nFrom: Mallory <mallory@evil.example>');
    expect((await verifySignedMessage(twice, [ca.certificate])).senderMatches).toBe(false);
    expect(senderMatches([], alice.certificate)).toBe(false);
  });

  it('uses the subject emailAddress only when there is no subjectAltName', async () => {
    const legacyName = buildName({ commonName: 'Carol' });
    const withEmail = pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({
      value: [...(asn1js.fromBER(legacyName.toSchema().toBER(false)).result as asn1js.Sequence).valueBlock.value,
        new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type: '1.2.840.113549.1.9.1', value: new asn1js.IA5String({ value: 'carol@example.com' }) }).toSchema()] })],
    }).toBER(false));
    const legacy = await issueCertificate(ca, { subject: { commonName: 'Carol' }, keyUsage: ['digitalSignature'] });
    legacy.certificate.subject = withEmail;
    expect(certificateEmails(legacy.certificate)).toEqual([{ local: 'carol', domain: 'example.com' }]);
    const both = await issueCertificate(ca, { subject: { commonName: 'Dave' }, keyUsage: ['digitalSignature'], emails: ['dave@example.com'] });
    both.certificate.subject = withEmail;
    expect(certificateEmails(both.certificate)).toEqual([{ local: 'dave', domain: 'example.com' }]);
  });

  it('does not trust a signer certificate that is not for e-mail', async () => {
    const tlsOnly = await issueCertificate(ca, {
      subject: { commonName: 'Alice' }, emails: ['alice@example.com'], keyUsage: ['digitalSignature'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.1'],
    });
    const check = await verifySignedMessage(await createSignedMessage(entity, tlsOnly, headers), [ca.certificate]);
    expect(check).toMatchObject({ valid: false, senderMatches: true, problems: ['not issued for e-mail protection (extended key usage)'], trusted: false });
    const encryptOnly = await issueCertificate(ca, { subject: { commonName: 'Alice' }, emails: ['alice@example.com'], keyUsage: ['keyAgreement'] });
    expect((await verifySignedMessage(await createSignedMessage(entity, encryptOnly, headers), [ca.certificate])).problems).toEqual(['its key may not sign for e-mail protection (key usage)']);
    // Certified for signing documents only (RFC 9336): verifySignedData's default purpose takes it, e-mail must not.
    const documentsOnly = await issueCertificate(ca, {
      subject: { commonName: 'Alice' }, emails: ['alice@example.com'], keyUsage: ['digitalSignature'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.36'],
    });
    expect(await verifySignedMessage(await createSignedMessage(entity, documentsOnly, headers), [ca.certificate]))
      .toMatchObject({ valid: false, problems: ['not issued for e-mail protection (extended key usage)'], trusted: false });
    const anyPurpose = await issueCertificate(ca, { subject: { commonName: 'Alice' }, emails: ['alice@example.com'], keyUsage: ['digitalSignature'] });
    expect((await verifySignedMessage(await createSignedMessage(entity, anyPurpose, headers), [ca.certificate])).trusted).toBe(true);
  });

  it('still verifies after line ends were converted to LF', async () => {
    expect((await verifySignedMessage(message.replace(/\r\n/g, '\n'), [ca.certificate])).trusted).toBe(true);
  });

  it('fails when the signed body is tampered with', async () => {
    const body = textEntity('This text is signed.\r\n').split('\r\n\r\n')[1]!;
    const tampered = message.replace(body, textEntity('This text is forged.\r\n').split('\r\n\r\n')[1]!);
    expect(tampered).not.toBe(message);
    const check = await verifySignedMessage(tampered, [ca.certificate]);
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/digest/i), trusted: false });
  });

  it('reports a From header that is not the signer address', async () => {
    const check = await verifySignedMessage(withFrom('Mallory <mallory@example.com>'), [ca.certificate]);
    expect(check).toMatchObject({ valid: true, senderMatches: false, trusted: false });
  });
});

describe('working-with-PKCS-12-files', () => {
  const options = { password: 'p12 secret', friendlyName: 'Alice signing key', iterations: 2048 };
  let p12: ArrayBuffer;
  beforeAll(async () => {
    p12 = await createPkcs12(alice, options);
  });

  it('protects the file with a password MAC and password-encrypted contents', async () => {
    const pfx = pkijs.PFX.fromBER(p12);
    expect(pfx.authSafe.contentType).toBe(pkijs.id_ContentType_Data); // integrity by MAC, not by signature
    expect(pfx.macData?.mac.digestAlgorithm.algorithmId).toBe(pkijs.id_sha256);
    await pfx.parseInternalValues({ password: new TextEncoder().encode(options.password).buffer, checkIntegrity: true });
    const safeContents = pfx.parsedValue!.authenticatedSafe!.safeContents;
    expect(safeContents.map((c) => c.contentType)).toEqual([pkijs.id_ContentType_EncryptedData, pkijs.id_ContentType_Data]);
    const keySafe = pkijs.SafeContents.fromBER((safeContents[1]!.content as asn1js.OctetString).getValue());
    expect(keySafe.safeBags[0]!.bagValue).toBeInstanceOf(pkijs.PKCS8ShroudedKeyBag);
    // RFC 7292 4.2: pkcs8ShroudedKeyBag; PKCS #9 friendlyName (BMPString) and localKeyId
    expect(keySafe.safeBags[0]!.bagId).toBe('1.2.840.113549.1.12.10.1.2');
    expect(keySafe.safeBags[0]!.bagAttributes?.map((a) => a.type)).toEqual(['1.2.840.113549.1.9.20', '1.2.840.113549.1.9.21']);
    const friendlyName = keySafe.safeBags[0]!.bagAttributes![0]!.values[0] as asn1js.BmpString;
    expect(friendlyName.idBlock.tagNumber).toBe(30); // BMPString
    expect(friendlyName.valueBlock.value).toBe('Alice signing key');
    expect(Buffer.from(p12).indexOf(der(alice.certificate).subarray(-40))).toBe(-1); // certificate not in clear
  });

  it('reads back the same private key and certificate', async () => {
    const contents = await readPkcs12(p12, options.password);
    expect(contents.certificates).toHaveLength(1);
    expect(contents.privateKeys).toHaveLength(1);
    const [{ certificate, ...certInfo }] = contents.certificates as [typeof contents.certificates[0]];
    const [{ pkcs8: keyBytes, ...keyInfo }] = contents.privateKeys as [typeof contents.privateKeys[0]];
    expect(der(certificate).equals(der(alice.certificate))).toBe(true);
    expect(Buffer.from(keyBytes).equals(Buffer.from(await pkcs8(alice.privateKey)))).toBe(true);
    const localKeyId = Buffer.from(await crypto.subtle.digest('SHA-1', der(alice.certificate))).toString('hex');
    expect(certInfo).toEqual({ friendlyName: 'Alice signing key', localKeyId });
    expect(keyInfo).toEqual(certInfo);
  });

  it('imports the key so that it signs for the certificate public key', async () => {
    const { privateKeys: [entry] } = await readPkcs12(p12, options.password);
    const key = await importSigningKey(entry!.pkcs8);
    expect(key.extractable).toBe(false);
    const data = new TextEncoder().encode('proof of possession');
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data);
    const publicKey = await crypto.subtle.importKey('spki', alice.certificate.subjectPublicKeyInfo.toSchema().toBER(false),
      { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data)).toBe(true);
  });

  it('refuses a wrong password', async () => {
    await expect(readPkcs12(p12, 'p12 secreT')).rejects.toThrow(/integrity/i);
  });
});
