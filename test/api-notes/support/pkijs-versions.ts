// The pkijs releases the site notes and guides are checked against: the
// documented one (the `pkijs` dependency), the newest one and the last 2.x
// (of which the migration guide speaks), installed beside it as the
// exact-pinned npm aliases `pkijs-3.4.3` and `pkijs-2.4.0` (package.json), and
// the other documented one, 4.0.0, with the asn1js 4 it peers with, from the
// npm workspace content/versions/pkijs-4.0 (ESM-only: imported by path). npm
// ci brings them all and the tests need no network. In Node.js every pkijs 3
// and 4 module keeps its engine in the same global slot
// (global[process.pid].pkijs), so the release under test must set its own
// engine before it runs (useRelease).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as asn1js3 from 'asn1js';
import * as pkijs332 from 'pkijs';
import * as pkijs240 from 'pkijs-2.4.0';
import * as pkijs343 from 'pkijs-3.4.3';
import * as asn1js4 from '../../../content/versions/pkijs-4.0/node_modules/asn1js/build/index.js';
import * as pkijs400 from '../../../content/versions/pkijs-4.0/node_modules/pkijs/build/index.js';
import siteConfig from '../../../content/site.config.ts';

/** The API both releases share, typed as the documented one. */
export type Pkijs = typeof pkijs332;

/** The asn1js a release builds and reads its objects with, typed as the root one (3.x). */
export type Asn1js = typeof asn1js3;

export interface InstalledPkijs {
  /** As the package's own package.json says: a claim is checked against what is really installed. */
  version: string;
  /** The folder it is installed in, relative to the repository root. */
  dir: string;
  /** What `import()` takes to load it, and its asn1js, from any folder: file URLs of their entries. */
  entry: string;
  asn1Entry: string;
  pk: Pkijs;
  /** The asn1js it resolves: objects handed to `pk` must be made with this one (asn1js 4 for pkijs 4). */
  asn1: Asn1js;
  /** A version the site documents (content/site.config.ts): every claim runs against it. */
  documented: boolean;
}

const DOCUMENTED = new Set(siteConfig.docs?.versions?.map((v) => v.library?.version ?? v.name) ?? [siteConfig.library.version]);

/** The npm workspace that installs pkijs 4.0.0 beside its asn1js 4 (content/site.config.ts documents it). */
const RELEASE_4 = 'content/versions/pkijs-4.0/node_modules';
const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Every release (and asn1js) installed here has its entry, ESM or CommonJS, at build/index.js. */
const entryOf = (dir: string) => pathToFileURL(join(ROOT, dir, 'build/index.js')).href;

function installed(dir: string, asn1Dir: string, pk: unknown, asn1: unknown): InstalledPkijs {
  const { version } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { version: string };
  return { version, dir, entry: entryOf(dir), asn1Entry: entryOf(asn1Dir), pk: pk as Pkijs, asn1: asn1 as Asn1js, documented: DOCUMENTED.has(version) };
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
  installed('node_modules/pkijs', 'node_modules/asn1js', pkijs332, asn1js3),
  installed('node_modules/pkijs-3.4.3', 'node_modules/asn1js', pkijs343, asn1js3),
  // With its own asn1js 4: pkijs 4 checks schemas against asn1js 4's classes.
  installed(`${RELEASE_4}/pkijs`, `${RELEASE_4}/asn1js`, pkijs400, asn1js4),
  // Untyped: only claims whose statement names a 2.x release run against it.
  installed('node_modules/pkijs-2.4.0', 'node_modules/asn1js', pkijs240, asn1js3),
];

/** The installed release `pk` is. */
export function releaseOf(pk: Pkijs): InstalledPkijs {
  const release = INSTALLED_PKIJS.find((r) => r.pk === pk);
  if (!release) throw new Error('Not an installed pkijs release');
  return release;
}

/** The asn1js of the release `pk`: what builds the ASN.1 values a claim hands to it. */
export const asn1Of = (pk: Pkijs): Asn1js => releaseOf(pk).asn1;
