// Runs the `openssl` command-line tool on artefacts the examples produce, so
// that the tests check them with a second, independent implementation.
// Each test file gets its own folder under test/.tmp/openssl-<random>/,
// removed after the file's tests; openssl runs with execFile (no shell).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const TMP_ROOT = fileURLToPath(new URL('../../.tmp', import.meta.url));
/** No OpenSSL call in these tests takes more than a second or two; a hung one fails its test. */
const TIMEOUT_MS = 30_000;

export interface OpensslResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together: OpenSSL prints some verdicts on one, some on the other. */
  output: string;
}

export type Artefact = string | ArrayBuffer | ArrayBufferView;

function toBuffer(data: Artefact): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

export function runOpenssl(args: string[], cwd: string): Promise<OpensslResult> {
  return new Promise((resolve, reject) => {
    execFile('openssl', args, { cwd, timeout: TIMEOUT_MS, maxBuffer: 1 << 24, env: { ...process.env, LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`openssl ${args.join(' ')} did not run: ${error.message}`));
          return;
        }
        const code = error ? Number(error.code) : 0;
        resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` });
      });
  });
}

/** "OpenSSL 3.0.x ..." */
export async function opensslVersion(): Promise<string> {
  return (await runOpenssl(['version'], process.cwd())).stdout.trim();
}

export interface OpensslFolder {
  readonly dir: string;
  /** Writes an artefact into the folder; returns its file name, to pass to openssl. */
  write(name: string, data: Artefact): string;
  read(name: string): Buffer;
  readText(name: string): string;
  /** Runs openssl in the folder; file names in `args` are relative to it. */
  run(...args: string[]): Promise<OpensslResult>;
  /** Like run, but fails the test unless openssl exits with 0. */
  ok(...args: string[]): Promise<OpensslResult>;
}

/** A fresh folder for this test file, removed in afterAll. Call at the top level of the test file. */
export function useOpensslFolder(): OpensslFolder {
  mkdirSync(TMP_ROOT, { recursive: true });
  const dir = mkdtempSync(path.join(TMP_ROOT, 'openssl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const inside = (name: string) => {
    const file = path.resolve(dir, name);
    if (path.dirname(file) !== dir) throw new Error(`Not a plain file name: ${name}`);
    return file;
  };
  const folder: OpensslFolder = {
    dir,
    write(name, data) {
      writeFileSync(inside(name), toBuffer(data));
      return name;
    },
    read: (name) => readFileSync(inside(name)),
    readText: (name) => readFileSync(inside(name), 'utf8'),
    run: (...args) => runOpenssl(args, dir),
    async ok(...args) {
      const result = await runOpenssl(args, dir);
      if (result.code !== 0) throw new Error(`openssl ${args.join(' ')} exited with ${result.code}:\n${result.output}`);
      return result;
    },
  };
  return folder;
}

/**
 * A copy of `der` with one byte of `part` (e.g. the signature value) flipped: the signature no longer
 * matches. The last byte: in an ECDSA signature (a DER SEQUENCE of r and s) it is always inside s,
 * where a middle byte is the tag or length of s in about 1 signature of 800, which made the value
 * malformed rather than wrong and the tests meet another error than the one they check.
 */
export function tamper(der: Artefact, part: ArrayBuffer | ArrayBufferView): Uint8Array<ArrayBuffer> {
  const bytes = Uint8Array.from(toBuffer(der));
  const needle = toBuffer(part);
  const haystack = Buffer.from(bytes.buffer);
  const at = haystack.indexOf(needle);
  if (needle.length < 8 || at < 0 || haystack.indexOf(needle, at + 1) >= 0) throw new Error('The part to tamper with is not found exactly once');
  const index = at + needle.length - 1;
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes;
}

/** A file's bytes as a Uint8Array over a plain ArrayBuffer, as WebCrypto and pkijs want them. */
export function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(buffer);
}

/** PEM of a DER blob, for the tools that want PEM. */
export function pem(der: Artefact, label: string): string {
  const lines = toBuffer(der).toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
