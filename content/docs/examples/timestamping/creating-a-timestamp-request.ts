// Builds an RFC 3161 time-stamp request for a piece of data, sends it to a
// time-stamping authority (TSA) and reads a request back.
import * as pkijs from 'pkijs';
import { randomSerialNumber, toHex } from '../example-helpers.ts';

// #region create-request
export interface TimeStampRequestOptions {
  hashAlgorithm?: 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** A TSA policy OID; a TSA that does not apply this policy must refuse. */
  policy?: string;
}

export async function createTimeStampRequest(
  data: BufferSource,
  options: TimeStampRequestOptions = {},
): Promise<pkijs.TimeStampReq> {
  // Only this hash is sent: the TSA never sees the data itself.
  const messageImprint = await pkijs.MessageImprint.create(options.hashAlgorithm ?? 'SHA-256', data);
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint,
    // A large random number the TSA must copy into its answer, which
    // shows the answer belongs to this request and is not a replay.
    nonce: randomSerialNumber(),
    // Ask for the TSA certificate inside the token, so it verifies on its own.
    certReq: true,
  });
  if (options.policy) request.reqPolicy = options.policy;
  return request;
}
// #endregion create-request

// #region encode
/** The body of the HTTP request, and the content of a .tsq file. */
export function timeStampRequestToDer(request: pkijs.TimeStampReq): ArrayBuffer {
  return request.toSchema().toBER(false);
}
// #endregion encode

// #region send
/** RFC 3161 §3.4: POST the DER request, get a DER response back. */
export async function sendTimeStampRequest(url: string, requestDer: ArrayBuffer): Promise<ArrayBuffer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply' },
    body: requestDer,
  });
  if (!response.ok) throw new Error(`The TSA answered HTTP ${response.status}`);
  return response.arrayBuffer();
}
// #endregion send

// #region parse
export interface TimeStampRequestSummary {
  hashAlgorithm: string;
  hashedMessage: string;
  nonce?: string;
  certReq: boolean;
  policy?: string;
}

export function parseTimeStampRequest(der: ArrayBuffer): pkijs.TimeStampReq {
  return pkijs.TimeStampReq.fromBER(der);
}

export function describeTimeStampRequest(request: pkijs.TimeStampReq): TimeStampRequestSummary {
  const { hashAlgorithm, hashedMessage } = request.messageImprint;
  return {
    // Maps the OID back to a WebCrypto name such as "SHA-256".
    hashAlgorithm: pkijs.getAlgorithmByOID<Algorithm>(hashAlgorithm.algorithmId, true).name,
    hashedMessage: toHex(hashedMessage.valueBlock.valueHexView),
    nonce: request.nonce ? toHex(request.nonce.valueBlock.valueHexView) : undefined,
    certReq: request.certReq ?? false,
    policy: request.reqPolicy,
  };
}
// #endregion parse
