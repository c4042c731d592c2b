// Code of the concepts guide: parsing, what a parsed object keeps of its
// bytes, toSchema(encodeFlag), and the asn1js values pkijs hands back.
// test/guides/concepts.test.ts runs each function and asserts what it shows.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { buildName } from '../examples/example-helpers.ts';

// #region parse
/** DER bytes → a Certificate. Bytes that are not BER, or not a certificate, throw. */
export function parseCertificate(der: BufferSource): pkijs.Certificate {
  return pkijs.Certificate.fromBER(der);
}

/** The same in two steps, when you need the asn1js tree as well. */
export function parseInTwoSteps(der: ArrayBuffer): { asn1: asn1js.AsnType; certificate: pkijs.Certificate } {
  const asn1 = asn1js.fromBER(der);
  if (asn1.offset === -1) throw new Error(`Not BER: ${asn1.result.error}`);
  return { asn1: asn1.result, certificate: new pkijs.Certificate({ schema: asn1.result }) };
}
// #endregion parse

// #region encode-flag
/**
 * Edit a parsed certificate and encode it twice. `toSchema()` rebuilds the
 * to-be-signed part from the bytes kept at parse time (`tbsView`), so the edit
 * is silently lost; `toSchema(true)` encodes the fields as they are now, and
 * the old signature no longer matches them.
 */
export function renameParsedCertificate(der: ArrayBuffer, commonName: string): { kept: ArrayBuffer; reencoded: ArrayBuffer } {
  const certificate = pkijs.Certificate.fromBER(der);
  certificate.subject = buildName({ commonName });
  return {
    kept: certificate.toSchema().toBER(),
    reencoded: certificate.toSchema(true).toBER(),
  };
}
// #endregion encode-flag

// #region asn1js
/** The asn1js values a pkijs user meets most: INTEGER, OCTET STRING, OBJECT IDENTIFIER, strings. */
export function asn1jsBasics(): { serialHex: string; oid: string; text: string; der: Uint8Array } {
  // A serial number is an asn1js.Integer, not a JavaScript number: read its bytes.
  const serial = new asn1js.Integer({ valueHex: new Uint8Array([0x01, 0x02, 0x03]).buffer });
  const serialHex = Array.from(serial.valueBlock.valueHexView, (b) => b.toString(16).padStart(2, '0')).join('');
  const oid = new asn1js.ObjectIdentifier({ value: '2.5.4.3' }).valueBlock.toString();
  const text = new asn1js.Utf8String({ value: 'Example' }).valueBlock.value;
  // toBER(false) encodes; the result is an ArrayBuffer of DER for these simple types.
  const der = new Uint8Array(new asn1js.Sequence({ value: [serial, new asn1js.OctetString({ valueHex: new Uint8Array([0xff]).buffer })] }).toBER(false));
  return { serialHex, oid, text, der };
}
// #endregion asn1js
