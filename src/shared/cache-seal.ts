// The seal of a cache file: an HMAC-SHA256 under a key of this checkout that
// .pkidocs-cache/ does not hold. The cache folder is content (CI restores it
// from a shared cache another branch may have written), so what is read back
// from it as code or markup (compiled modules, the client bundle, rendered
// bodies, highlighted code) is used only when its seal matches: whoever can
// write the cache but not the key cannot forge one. The key lives in
// node_modules/.cache/pkidocs/, beside the code (whoever writes there already
// runs code), or comes from PKIDOCS_CACHE_KEY (a CI secret: a restored cache
// then stays usable across runs). bin/cache-seal.js is the same for bin/.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
let key: Buffer | undefined;

/** The folder of the key, in the checkout's node_modules (not in .pkidocs-cache). */
export const SEAL_DIR = join(import.meta.dirname, '../../node_modules/.cache/pkidocs');

/** The key: PKIDOCS_CACHE_KEY, else the key file (made on first use, exclusively, readable by the user only). */
export function sealKey(): Buffer {
  if (key) return key;
  const fromEnv = process.env.PKIDOCS_CACHE_KEY;
  if (fromEnv) return (key = Buffer.from(`pkidocs-env\0${fromEnv}`));
  const file = join(SEAL_DIR, 'seal.key');
  key = readKey(file);
  if (key) return key;
  mkdirSync(SEAL_DIR, { recursive: true });
  // Written aside and linked in place: a build starting at the same moment reads the whole key or none.
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  key = readKey(file);
  if (!key) throw new Error(`The cache key ${file} is not a regular file of ${KEY_BYTES} bytes: delete it, and the next build makes a new one.`);
  return key;
}

function readKey(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile() || fstatSync(fd).size !== KEY_BYTES) return undefined;
    const buf = Buffer.alloc(KEY_BYTES);
    return readSync(fd, buf, 0, KEY_BYTES, 0) === KEY_BYTES ? buf : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The seal (hex) of `data` kept under the name `name` (a file's name: a sealed file moved to another name is not sealed there). */
export function seal(name: string, data: string | Uint8Array): string {
  return createHmac('sha256', sealKey()).update(name).update('\0').update(data).digest('hex');
}

/** Whether `mac` is the seal of `data` under `name`. */
export function sealed(name: string, data: string | Uint8Array, mac: unknown): boolean {
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(seal(name, data), 'hex'), Buffer.from(mac, 'hex'));
}
