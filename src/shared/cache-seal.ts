// The seal of a cache file: an HMAC-SHA256 under a key of this checkout that
// .pkidocs-cache/ does not hold. The cache folder is content (CI restores it
// from a shared cache another branch may have written), so what is read back
// from it as code or markup (compiled modules, the client bundle, rendered
// bodies, highlighted code) is used only when its seal matches: whoever can
// write the cache but not the key cannot forge one. The key lives in
// node_modules/.cache/pkidocs/, beside the code (whoever writes there already
// runs code), or comes from PKIDOCS_CACHE_KEY (a CI secret: a restored cache
// then stays usable across runs). The code is bin/cache-seal.js (bin/ seals
// the CLI bundle before any TypeScript is loaded); this is its hex face.
import { join } from 'node:path';
import { sealBytes, sealedBy } from '../../bin/cache-seal.js';

/** The checkout whose key seals the caches. */
const ROOT = join(import.meta.dirname, '../..');

/** The seal (hex) of `data` kept under the name `name` (a file's name: a sealed file moved to another name is not sealed there). */
export function seal(name: string, data: string | Uint8Array): string {
  return sealBytes(ROOT, name, data).toString('hex');
}

/** Whether `mac` is the seal (hex) of `data` under `name`. */
export function sealed(name: string, data: string | Uint8Array, mac: unknown): boolean {
  return typeof mac === 'string' && sealedBy(ROOT, name, data, mac);
}
