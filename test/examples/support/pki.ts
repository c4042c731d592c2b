// Independent checks for the example tests: nothing here uses the examples' own
// helpers, so a bug in those cannot hide itself.
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';

/** PEM → DER without the examples' helper. */
export function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(body, 'base64')).buffer;
}

export function hex(buffer: ArrayBuffer | ArrayBufferView): string {
  return Buffer.from(ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer)).toString('hex');
}

export function findExtension(certificate: pkijs.Certificate, id: string): pkijs.Extension | undefined {
  return certificate.extensions?.find((extension) => extension.extnID === id);
}

/** The OID of every extension of a certificate, with its critical flag. */
export function extensionOids(certificate: pkijs.Certificate): string[] {
  return (certificate.extensions ?? []).map((e) => `${e.extnID}${e.critical ? '!' : ''}`);
}

/** Checks a DER ECDSA P-256/SHA-256 signature with WebCrypto alone. */
export async function ecdsaVerifies(data: Uint8Array, derSignature: Uint8Array, spki: pkijs.PublicKeyInfo): Promise<boolean> {
  const key = await crypto.subtle.importKey('spki', spki.toSchema().toBER(false), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const sequence = asn1js.fromBER(new Uint8Array(derSignature)).result;
  if (!(sequence instanceof asn1js.Sequence)) return false;
  // WebCrypto wants r‖s, each exactly 32 bytes, instead of a DER SEQUENCE of INTEGERs.
  const raw = new Uint8Array(64);
  sequence.valueBlock.value.forEach((integer, index) => {
    const value = (integer as asn1js.Integer).valueBlock.valueHexView;
    const trimmed = value.slice(Math.max(0, value.length - 32));
    raw.set(trimmed, index * 32 + 32 - trimmed.length);
  });
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, new Uint8Array(data));
}

/** A copy of `bytes` (never a view on them) with the first `find` replaced by `replace` (same length). */
export function patch(bytes: ArrayBuffer | Uint8Array, find: string, replace: string): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).slice();
  const at = Buffer.from(copy.buffer).indexOf(find, 0, 'latin1');
  if (at < 0 || find.length !== replace.length) throw new Error(`"${find}" does not occur in the bytes`);
  for (let i = 0; i < replace.length; i++) copy[at + i] = replace.charCodeAt(i);
  return copy;
}

/** Starts an HTTP server on a free port of 127.0.0.1; returns its base URL and a close function. */
export async function serve(listener: RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function readBody(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
