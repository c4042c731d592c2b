// The pkijs releases the site notes are checked against: the documented one
// (the `pkijs` dependency) and the newest one, installed beside it as the
// exact-pinned npm alias `pkijs-3.4.3` (package.json), so npm ci brings both
// and the tests need no network. In Node.js every pkijs 3 module keeps its
// engine in the same global slot (global[process.pid].pkijs), so the release
// under test must set its own engine before it runs (useRelease).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as pkijs332 from 'pkijs';
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
  pk.setEngine('webcrypto', new pk.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto }));
  return pk;
}

export const INSTALLED_PKIJS: readonly InstalledPkijs[] = [
  { packageName: 'pkijs', pk: pkijs332 },
  { packageName: 'pkijs-3.4.3', pk: pkijs343 as unknown as Pkijs },
].map((p) => ({ ...p, version: installedVersion(p.packageName) }));
