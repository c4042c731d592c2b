// The seal of what bin/ keeps in .pkidocs-cache (the CLI bundle, the V8 code
// cache): an HMAC-SHA256 under the checkout's key, so that code planted in the
// cache folder (a restored CI cache) is never run. The same key and algorithm
// as src/shared/cache-seal.ts, which says why; plain JavaScript here, as bin/
// runs before any TypeScript can be loaded.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
let key;

/** The key of the checkout at `root`: PKIDOCS_CACHE_KEY, else node_modules/.cache/pkidocs/seal.key (made on first use). */
export function sealKey(root) {
  if (key) return key;
  if (process.env.PKIDOCS_CACHE_KEY) return (key = Buffer.from(`pkidocs-env\0${process.env.PKIDOCS_CACHE_KEY}`));
  const dir = join(root, 'node_modules/.cache/pkidocs');
  const file = join(dir, 'seal.key');
  key = readKey(file);
  if (key) return key;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if (e.code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  key = readKey(file);
  if (!key) throw new Error(`The cache key ${file} is not a regular file of ${KEY_BYTES} bytes: delete it, and the next build makes a new one.`);
  return key;
}

/** The key file's bytes, when it is a regular file of KEY_BYTES (read as content: see readContent). */
function readKey(file) {
  const buf = readContent(file, KEY_BYTES);
  return buf?.length === KEY_BYTES ? buf : undefined;
}

/** The seal of `data` kept under `name`, as raw bytes (32). */
export function sealBytes(root, name, data) {
  return createHmac('sha256', sealKey(root)).update(name).update('\0').update(data).digest();
}

/** Whether `mac` (hex or bytes) is the seal of `data` under `name`. */
export function sealedBy(root, name, data, mac) {
  // Anything else read from a cache file (a JSON list of numbers, say) is no seal: timingSafeEqual would throw on it.
  const given = typeof mac === 'string' ? (/^[0-9a-f]{64}$/.test(mac) ? Buffer.from(mac, 'hex') : undefined) : mac instanceof Uint8Array ? mac : undefined;
  return given !== undefined && given.length === 32 && timingSafeEqual(sealBytes(root, name, data), given);
}

/** A cache file's bytes, read as content: no link followed, no FIFO waited on, a regular file of at most `maxBytes` only; undefined otherwise. */
export function readContent(file, maxBytes = Infinity) {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const chunks = [];
    const buf = Buffer.alloc(1 << 20);
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) chunks.push(Buffer.from(buf.subarray(0, n)));
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

/** Writes `data` to `file` through an exclusively made temp file (a link planted at its name is removed, never written through), renamed over it. */
export function replaceFile(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    try {
      writeFileSync(tmp, data, { flag: 'wx' });
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      rmSync(tmp);
      writeFileSync(tmp, data, { flag: 'wx' });
    }
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}
