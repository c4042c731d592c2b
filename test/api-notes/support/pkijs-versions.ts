// The pkijs releases the site notes and guides are checked against: the
// documented one (the `pkijs` dependency), the newest one and the last 2.x
// (of which the migration guide speaks), installed beside it as the
// exact-pinned npm aliases `pkijs-3.4.3` and `pkijs-2.4.0` (package.json), so
// npm ci brings them all and the tests need no network. In Node.js every pkijs 3 module keeps its
// engine in the same global slot (global[process.pid].pkijs), so the release
// under test must set its own engine before it runs (useRelease).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as pkijs332 from 'pkijs';
import * as pkijs240 from 'pkijs-2.4.0';
import * as pkijs343 from 'pkijs-3.4.3';

/** The API both releases share, typed as the documented one. */
export type Pkijs = typeof pkijs332;

export interface InstalledPkijs {
  /** As the package's own package.json says: a claim is checked against what is really installed. */
  version: string;
  /** The name it is installed under. */
  packageName: string;
  pk: Pkijs;
}

const require = createRequire(import.meta.url);

function installedVersion(packageName: string): string {
  const manifest = require.resolve(`${packageName}/package.json`);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Makes `pk`'s own CryptoEngine the engine every pkijs module in this process uses. */
export function useRelease(pk: Pkijs): Pkijs {
  if (pk === (pkijs240 as unknown)) {
    // 2.x: setEngine(name, crypto, subtle), where subtle is its CryptoEngine.
    const legacy = pkijs240 as { setEngine(n: string, c: Crypto, s: unknown): void; CryptoEngine: new (o: object) => unknown };
    legacy.setEngine('webcrypto', globalThis.crypto, new legacy.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto, subtle: globalThis.crypto.subtle }));
    return pk;
  }
  pk.setEngine('webcrypto', new pk.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto }));
  return pk;
}

export const INSTALLED_PKIJS: readonly InstalledPkijs[] = [
  { packageName: 'pkijs', pk: pkijs332 },
  { packageName: 'pkijs-3.4.3', pk: pkijs343 as unknown as Pkijs },
  // Untyped: only claims whose statement names a 2.x release run against it.
  { packageName: 'pkijs-2.4.0', pk: pkijs240 as unknown as Pkijs },
].map((p) => ({ ...p, version: installedVersion(p.packageName) }));
