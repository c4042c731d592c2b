// How to verify a signature in a PDF file: a PDF signature (ISO 32000-1, 12.8)
// is a detached CMS SignedData in the /Contents of a signature dictionary,
// computed over the bytes that its /ByteRange lists: the whole file except
// /Contents itself.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PURPOSES } from '../certificates-and-revocation/create-and-validate-certificate.ts';
import { fromHex, OID, toHex } from '../example-helpers.ts';
import {
  parseSignedData,
  type SignatureCheck,
  verifySignedData,
} from '../signing-and-encryption-with-CMS/working-with-CMS-signing.ts';
import { allowReading, isDigit, isWhite, readObject, TOO_COSTLY, type PdfDictionary } from './pdf-syntax.ts';

// #region find-signatures
export type ByteRange = [start1: number, length1: number, start2: number, length2: number];

export interface PdfSignature {
  byteRange: ByteRange;
  /** The /SubFilter of the signature dictionary that holds this /Contents, read from the signed bytes only. */
  subFilter?: string;
  /** Why that dictionary could not be read safely, when it could not: the signature is then refused. */
  problem?: string;
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
    return { byteRange, cms: trimToDer(fromHex(gap[1].replace(/\s+/g, ''))), ...readSignatureDictionary(text, byteRange) };
  });
}

/** The signer reserves more space than the CMS needs; keep only the bytes of its first ASN.1 element. */
function trimToDer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const parsed = asn1js.fromBER(bytes);
  if (parsed.offset === -1) throw new Error('/Contents does not hold ASN.1 data');
  return new Uint8Array(bytes.subarray(0, parsed.offset));
}
// #endregion find-signatures

// #region read-dictionary
/**
 * The /SubFilter of the dictionary that holds this /Contents, read as a PDF reader reads it: of the
 * objects that start in the signed bytes before /Contents, exactly one must be a dictionary whose own
 * /Contents is the gap and that ends in the signed bytes. Two mean the file reads two ways.
 */
function readSignatureDictionary(text: string, [start1, length1, start2, length2]: ByteRange): { subFilter?: string; problem?: string } {
  const holders: PdfDictionary[] = [];
  let lastError = 'no object before /Contents';
  allowReading(16 * text.length + 65_536); // ordinary files read each byte a few times; hostile ones far more
  for (const at of objectStarts(text, start1 + length1)) {
    try {
      const { dictionary, end } = readObject(text, at);
      const contents = dictionary.entries.find(([key]) => key === 'Contents')?.[1];
      if (contents?.kind === 'hex' && contents.start === start1 + length1 && contents.end === start2) {
        if (end > start2 + length2) return { problem: 'the signature dictionary ends after the signed bytes' };
        holders.push(dictionary);
      }
    } catch (error) {
      if (error === TOO_COSTLY) return { problem: 'its objects overlap so much that reading them would take too long' };
      lastError = (error as Error).message;
    }
  }
  if (holders.length !== 1) return { problem: holders.length === 0 ? `no object holds this /Contents (${lastError})` : `${holders.length} objects hold this /Contents` };
  const entries = holders[0]!.entries;
  const twice = entries.find(([key], index) => entries.findIndex(([other]) => other === key) !== index)?.[0];
  if (twice !== undefined) return { problem: `no single ${twice}: the key /${twice} appears more than once` };
  const value = (key: string) => entries.find(([other]) => other === key)?.[1];
  const [type, subFilter, range] = [value('Type'), value('SubFilter'), value('ByteRange')];
  if (type && (type.kind !== 'name' || type.value !== 'Sig')) return { problem: 'its /Type is not /Sig' };
  const numbers = range?.kind === 'array' ? range.items.map((item) => (item.kind === 'number' ? item.value : '')) : [];
  if (numbers.join(' ') !== [start1, length1, start2, length2].join(' ')) return { problem: 'its own /ByteRange is another one' };
  if (subFilter === undefined) return {};
  return subFilter.kind === 'name' ? { subFilter: subFilter.value } : { problem: 'its /SubFilter is not a name' };
}

/** Where an object `N G obj` may start before `end`: its two numbers, found from the `obj` backwards. */
function objectStarts(text: string, end: number): number[] {
  const starts: number[] = [];
  const back = (at: number, test: (c: string) => boolean) => { while (at > 0 && test(text.charAt(at - 1))) at -= 1; return at; };
  for (let obj = text.indexOf('obj'); obj !== -1 && obj < end; obj = text.indexOf('obj', obj + 1)) {
    const start = back(back(back(back(obj, isWhite), isDigit), isWhite), isDigit);
    if (start < obj && isDigit(text.charAt(start))) starts.push(start);
  }
  return starts;
}
// #endregion read-dictionary

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

/** The detached CMS SubFilters, and whether signing-certificate-v2 must be there: PAdES (ETSI.CAdES.detached) requires it. */
const SUB_FILTERS = new Map([['adbe.pkcs7.detached', { attributeRequired: false }], ['ETSI.CAdES.detached', { attributeRequired: true }]]);

export async function verifyPdfSignatures(pdf: Uint8Array, trustedCertificates: pkijs.Certificate[]): Promise<PdfSignatureCheck[]> {
  const checks: PdfSignatureCheck[] = [];
  for (const { byteRange, cms, subFilter, problem: unreadable } of findSignatures(pdf)) {
    const [start1, length1, start2, length2] = byteRange;
    // A range that does not start the file or leaves other gaps hides unsigned bytes.
    if (start1 !== 0 || start2 < length1 || start2 + length2 > pdf.length) {
      checks.push({ valid: false, reason: 'The ByteRange does not describe this file', byteRange, coversWholeFile: false });
      continue;
    }
    const coversWholeFile = start2 + length2 === pdf.length;
    const kind = subFilter === undefined ? undefined : SUB_FILTERS.get(subFilter);
    if (unreadable || !kind) {
      const reason = unreadable
        ? `The signature dictionary cannot be read safely, so the signature is refused: ${unreadable}`
        : `The signature dictionary names ${subFilter ? `the SubFilter ${subFilter}` : 'no single SubFilter'}: only adbe.pkcs7.detached and ETSI.CAdES.detached are verified here`;
      checks.push({ valid: false, reason, byteRange, coversWholeFile });
      continue;
    }
    // verifySignedData runs pathProblems for document signing: what pkijs leaves out on the signer's path.
    const signedData = parseSignedData(cms);
    const check = await verifySignedData(signedData, trustedCertificates, signedBytes(pdf, byteRange), PURPOSES.documentSigning);
    // pkijs does not read signing-certificate-v2, so a valid check says nothing yet about which certificate signed.
    const problem = check.valid && check.signer
      ? await signingCertificateProblem(signedData.signerInfos[0]!, check.signer, kind.attributeRequired)
      : undefined;
    checks.push({ ...check, ...(problem ? { valid: false, reason: problem } : {}), byteRange, coversWholeFile });
  }
  return checks;
}
// #endregion verify

// #region signing-certificate
/** The hashes an ESSCertIDv2 may name here; anything else (SHA-1, MD5) is refused. */
const ESS_HASHES = new Map<string, string>([[OID.sha256, 'SHA-256'], [OID.sha384, 'SHA-384'], [OID.sha512, 'SHA-512']]);
const childrenOf = (node: unknown) => (node instanceof asn1js.Sequence ? node.valueBlock.value : undefined);

/**
 * RFC 5035: the signer's certificate in a CMS is not signed, but the
 * signing-certificate-v2 attribute is. Its first ESSCertIDv2 must name the
 * certificate the signature was verified with, or another certificate for the
 * same key (another name, another policy) could be swapped in. Returns why the
 * attribute fails, or undefined. `required` for PAdES (ETSI EN 319 142-1).
 * The SHA-1 signing-certificate (v1) is refused: PAdES requires v2.
 */
export async function signingCertificateProblem(signerInfo: pkijs.SignerInfo, signer: pkijs.Certificate, required: boolean): Promise<string | undefined> {
  const attributes = signerInfo.signedAttrs?.attributes ?? [];
  if (attributes.some((a) => a.type === OID.signingCertificate)) return 'The signature carries a SHA-1 signing-certificate (v1) attribute; only signing-certificate-v2 is accepted';
  const found = attributes.filter((a) => a.type === OID.signingCertificateV2);
  if (found.length === 0) return required ? 'A PAdES signature must carry the signing-certificate-v2 attribute, and this one does not' : undefined;
  if (found.length > 1 || found[0]!.values.length !== 1) return 'signing-certificate-v2 must be one attribute with one value';
  // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, policies OPTIONAL }
  const first = childrenOf(childrenOf(found[0]!.values[0])?.[0])?.[0];
  // ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha256, certHash OCTET STRING, issuerSerial OPTIONAL }
  const fields = [...childrenOf(first) ?? []];
  const algorithm = fields[0] instanceof asn1js.Sequence ? algorithmOf(fields.shift()) : OID.sha256;
  const hash = ESS_HASHES.get(algorithm);
  if (!hash) return `signing-certificate-v2 names the certificate by hash algorithm ${algorithm}; only SHA-256, SHA-384 and SHA-512 are accepted`;
  const [certHash, issuerSerial, ...rest] = fields;
  if (!(certHash instanceof asn1js.OctetString) || rest.length > 0) return 'signing-certificate-v2 is malformed';
  const actual = await crypto.subtle.digest(hash, signer.toSchema().toBER(false));
  if (toHex(certHash.valueBlock.valueHexView) !== toHex(actual)) return 'signing-certificate-v2 names another certificate than the one that verified the signature';
  if (issuerSerial !== undefined && !issuerSerialMatches(issuerSerial, signer)) return 'The issuerSerial of signing-certificate-v2 does not match the signer\'s certificate';
  return undefined;
}

function algorithmOf(node: unknown): string {
  const oid = childrenOf(node)?.[0];
  return oid instanceof asn1js.ObjectIdentifier ? oid.valueBlock.toString() : 'that is not an OID';
}

/** RFC 5035: issuer holds exactly the directoryName of the certificate's issuer; both must match, byte for byte. */
function issuerSerialMatches(node: asn1js.AsnType, signer: pkijs.Certificate): boolean {
  try {
    const { issuer, serialNumber } = new pkijs.IssuerSerial({ schema: node });
    const [name, ...others] = issuer.names;
    return others.length === 0 && name?.type === 4 // 4 = directoryName
      && toHex(name.value.toSchema().toBER(false)) === toHex(signer.issuer.toSchema().toBER(false))
      && toHex(serialNumber.valueBlock.valueHexView) === toHex(signer.serialNumber.valueBlock.valueHexView);
  } catch {
    return false; // not an IssuerSerial at all
  }
}
// #endregion signing-certificate
