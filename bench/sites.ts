// The two sites npm run bench builds, each in a throw-away copy of the checkout
// with its own .pkidocs-cache (a cache records one site and one out/: two sites
// built in turns from one copy would never be warm):
// - the real site, every documented version of content/site.config.ts;
// - the same site trimmed to the default version (path ""; today 3.3.2), as it
//   was before #29: a config written into the copy that keeps only that entry
//   of docs.versions, and the other versions' own pages (content/docs/<path>/)
//   and releases (content/versions/) removed from the copy.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyCheckout, ROOT } from './checkout.ts';
import config from '../content/site.config.ts';

export interface BenchSite {
  dir: string;
  /** The config file, relative to `dir`: what --config gets. */
  config: string;
  /** The documented versions, newest first ("4.0.0 + 3.3.2"). */
  versions: string;
}

const CONFIG = 'content/site.config.ts';
const SINGLE_CONFIG = 'content/site.single-version.config.ts';
/** A version's URL segment ("" or left out: the default version, at today's URLs). */
const segment = (v: (typeof config.docs.versions)[number]): string => v.path ?? '';
const defaultVersion = config.docs.versions.find((v) => segment(v) === '');
if (!defaultVersion) throw new Error(`${CONFIG} has no docs.versions entry with path "": the bench cannot trim the site to one version.`);

/** A copy of the checkout with its content and its own copy of pkijs (which the bench may edit). */
function copy(dir: string): void {
  copyCheckout(dir, ['content']);
  cpSync(join(ROOT, 'node_modules/pkijs'), join(dir, 'node_modules/pkijs'), { recursive: true });
}

/** The real site, every documented version, in `dir`. */
export function allVersionsSite(dir: string): BenchSite {
  copy(dir);
  return { dir, config: CONFIG, versions: config.docs.versions.map((v) => v.name).join(' + ') };
}

/** The site trimmed to its default version, in `dir`. */
export function singleVersionSite(dir: string): BenchSite {
  copy(dir);
  for (const v of config.docs.versions) if (segment(v)) rmSync(join(dir, 'content/docs', segment(v)), { recursive: true, force: true });
  rmSync(join(dir, 'content/versions'), { recursive: true, force: true });
  // Imports the real config, so the trimmed site follows every other change to it.
  writeFileSync(join(dir, SINGLE_CONFIG), [
    '// Written by npm run bench: content/site.config.ts with its default docs version only.',
    "import site from './site.config.ts';",
    '',
    "export default { ...site, docs: { ...site.docs, versions: site.docs.versions.filter((v) => !v.path) } };",
    '',
  ].join('\n'));
  return { dir, config: SINGLE_CONFIG, versions: defaultVersion!.name };
}
