// A one-page PDF with one signature dictionary, for the PDF attack tests: the
// caller decides what goes into /Contents and, to attack it, what /ByteRange says.
const HEX_SPACE = 8192; // hex digits reserved for /Contents
const RANGE_SLOT = 40; // characters reserved for the numbers of /ByteRange

export interface PdfParts {
  /** The file with /Contents all zeros and /ByteRange blank. */
  pdf: Buffer;
  /** Offset of the '<' that opens /Contents, and of the byte after its '>'. */
  contentsStart: number;
  contentsEnd: number;
}

export function pdfTemplate(note = 'Pay 100 EUR to account 42.', subFilter = 'adbe.pkcs7.detached'): PdfParts {
  const body = [
    '%PDF-1.7',
    '1 0 obj << /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] /Note (${note}) >> endobj`,
    '4 0 obj << /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] /T (Sig1) /V 5 0 R >> endobj',
    `5 0 obj << /Type /Sig /Filter /Adobe.PPKLite /SubFilter /${subFilter} /ByteRange [${' '.repeat(RANGE_SLOT)}] /Contents <${'0'.repeat(HEX_SPACE)}> >> endobj`,
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  const pdf = Buffer.from(body, 'latin1');
  const contentsStart = pdf.indexOf('/Contents <') + '/Contents '.length;
  return { pdf, contentsStart, contentsEnd: contentsStart + HEX_SPACE + 2 };
}

/** Writes /ByteRange (the four numbers given) into a copy of the template. */
export function withByteRange(parts: PdfParts, range: [number, number, number, number]): Buffer {
  const pdf = Buffer.from(parts.pdf);
  const text = range.join(' ');
  if (text.length > RANGE_SLOT) throw new Error('ByteRange too long for its slot');
  pdf.write(text.padEnd(RANGE_SLOT, ' '), pdf.indexOf('/ByteRange [') + '/ByteRange ['.length, 'latin1');
  return pdf;
}

/** The ByteRange a signer writes: everything but /Contents. */
export function wholeFileRange(parts: PdfParts): [number, number, number, number] {
  return [0, parts.contentsStart, parts.contentsEnd, parts.pdf.length - parts.contentsEnd];
}

/** The bytes `range` covers in `pdf`. */
export function covered(pdf: Buffer, [start1, length1, start2, length2]: [number, number, number, number]): Buffer {
  return Buffer.concat([pdf.subarray(start1, start1 + length1), pdf.subarray(start2, start2 + length2)]);
}

/** Writes the hex of `cms` into /Contents of `pdf` (in place) and returns it. */
export function withContents(pdf: Buffer, parts: PdfParts, cms: ArrayBuffer): Buffer {
  const hex = Buffer.from(cms).toString('hex').toUpperCase();
  if (hex.length > HEX_SPACE) throw new Error('CMS too large for /Contents');
  pdf.write(hex, parts.contentsStart + 1, 'latin1');
  return pdf;
}
