// How to verify a signature in a PDF file: a PDF signature (ISO 32000-1, 12.8)
// is a detached CMS SignedData in the /Contents of a signature dictionary,
// computed over the bytes that its /ByteRange lists: the whole file except
// /Contents itself.
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { PURPOSES } from '../certificates-and-revocation/create-and-validate-certificate.ts';
import { fromHex } from '../example-helpers.ts';
import {
  parseSignedData,
  type SignatureCheck,
  verifySignedData,
} from '../signing-and-encryption-with-CMS/working-with-CMS-signing.ts';

// #region find-signatures
export type ByteRange = [start1: number, length1: number, start2: number, length2: number];

export interface PdfSignature {
  byteRange: ByteRange;
  /** The CMS from /Contents, without the zero padding that fills the reserved space. */
  cms: Uint8Array<ArrayBuffer>;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** Finds every signature by its /ByteRange; the hex string in the gap between the two ranges is /Contents. */
export function findSignatures(pdf: Uint8Array): PdfSignature[] {
  // One character per byte (like Latin-1), so string offsets are byte offsets.
  let text = '';
  for (let at = 0; at < pdf.length; at += 0x8000) text += String.fromCharCode(...pdf.subarray(at, at + 0x8000));
  return [...text.matchAll(BYTE_RANGE)].map((match) => {
    const byteRange: ByteRange = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
    const [start1, length1, start2] = byteRange;
    const gap = /^<([0-9a-fA-F\s]*)>$/.exec(text.slice(start1 + length1, start2));
    if (!gap?.[1]) throw new Error(`No /Contents hex string between the ranges of ByteRange [${byteRange.join(' ')}]`);
    return { byteRange, cms: trimToDer(fromHex(gap[1].replace(/\s+/g, ''))) };
  });
}

/** The signer reserves more space than the CMS needs; keep only the bytes of its first ASN.1 element. */
function trimToDer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const parsed = asn1js.fromBER(bytes);
  if (parsed.offset === -1) throw new Error('/Contents does not hold ASN.1 data');
  return new Uint8Array(bytes.subarray(0, parsed.offset));
}
// #endregion find-signatures

// #region signed-bytes
/** The bytes the signature covers: both ranges, joined. */
export function signedBytes(pdf: Uint8Array, [start1, length1, start2, length2]: ByteRange): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length1 + length2);
  bytes.set(pdf.subarray(start1, start1 + length1), 0);
  bytes.set(pdf.subarray(start2, start2 + length2), length1);
  return bytes;
}
// #endregion signed-bytes

// #region verify
export interface PdfSignatureCheck extends SignatureCheck {
  byteRange: ByteRange;
  /**
   * False when bytes were appended after this signature: an incremental update
   * (a later signature, a filled-in form, or a change worth a look).
   */
  coversWholeFile: boolean;
}

export async function verifyPdfSignatures(pdf: Uint8Array, trustedCertificates: pkijs.Certificate[]): Promise<PdfSignatureCheck[]> {
  const checks: PdfSignatureCheck[] = [];
  for (const { byteRange, cms } of findSignatures(pdf)) {
    const [start1, length1, start2, length2] = byteRange;
    // A range that does not start the file or leaves other gaps hides unsigned bytes.
    if (start1 !== 0 || start2 < length1 || start2 + length2 > pdf.length) {
      checks.push({ valid: false, reason: 'The ByteRange does not describe this file', byteRange, coversWholeFile: false });
      continue;
    }
    // verifySignedData runs pathProblems for document signing: what pkijs leaves out on the signer's path.
    const check = await verifySignedData(parseSignedData(cms), trustedCertificates, signedBytes(pdf, byteRange), PURPOSES.documentSigning);
    const coversWholeFile = start2 + length2 === pdf.length;
    checks.push({ ...check, byteRange, coversWholeFile });
  }
  return checks;
}
// #endregion verify
