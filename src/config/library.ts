// Finds the documented package and checks that its installed version is the
// one the config names: docs for another version would silently lie.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isInside, realPathOf } from '../shared/path-inside.ts';
import type { SiteConfig } from './schema.ts';

export interface LibraryInfo {
  dir: string;
  version: string;
  /** Absolute path of the type definitions TypeDoc reads. */
  entry: string;
  readme: string;
  /** The library of each other docs version (by version name), installed beside this one. */
  releases: ReadonlyMap<string, LibraryInfo>;
}

export async function resolveLibrary(
  config: SiteConfig,
  root: string,
  configFile: string,
): Promise<{ library?: LibraryInfo; diagnostics: Diagnostic[] }> {
  const name = config.library.package;
  const main = await installed(name, join(root, config.library.dir ?? join('node_modules', name)), config.library.version, config.library.entry, configFile, 'library.version');
  const releases = new Map<string, LibraryInfo>();
  const diagnostics = 'problem' in main ? [main.problem] : [];
  for (const [i, v] of config.docs.versions.entries()) {
    if (!v.library) continue;
    const out = await leadsOut(root, v.library.dir);
    if (out) {
      diagnostics.push(error('config', 'config/version-outside', `docs.versions[${i}].library.dir ${v.library.dir} leads out of the project through the link ${out}: a documented release is content (its README and d.ts are published), read only from inside the project.`, {
        file: configFile, hint: 'Install the release inside the project (npm ci installs each workspace under content/versions/), not through a link.',
      }));
      continue;
    }
    const release = await installed(name, join(root, v.library.dir), v.library.version, v.library.entry, configFile, `docs.versions[${i}].library`);
    if ('problem' in release) diagnostics.push(release.problem);
    else releases.set(v.name, release.library);
  }
  if ('problem' in main || diagnostics.length) return { diagnostics };
  return { library: { ...main.library, releases }, diagnostics: [] };
}

/** The first link of `rel` (a folder of the project) whose target lies outside the project, as `link → target`. */
async function leadsOut(root: string, rel: string): Promise<string | undefined> {
  const realRoot = await realPathOf(root);
  const parts = rel.split('/');
  for (let n = 1; n <= parts.length; n++) {
    const path = join(root, ...parts.slice(0, n));
    const real = await realPathOf(path).catch(() => path);
    if (!isInside(real, realRoot, { orSelf: true })) return `${parts.slice(0, n).join('/')} → ${real}`;
  }
  return undefined;
}

/** The package in `dir`, if it is the version the config names: docs for another version would silently lie. */
async function installed(name: string, dir: string, wanted: string, entry: string, configFile: string, key: string): Promise<{ library: LibraryInfo } | { problem: Diagnostic }> {
  const main = key === 'library.version';
  let version: string;
  try {
    version = (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return {
      problem: main
        ? error('config', 'config/library-missing', `The package "${name}" is not installed, so there is no API to document.`, { file: join(dir, 'package.json'), hint: 'Run `npm ci` in the project folder.' })
        : error('config', 'config/library-missing', `The package "${name}" ${wanted} of ${key} is not installed in ${dir}.`, {
          file: join(dir, 'package.json'), hint: 'Run `npm ci` in the project folder: each documented release is an npm workspace under content/versions/ (docs/decisions/versioned-docs.md).',
        }),
    };
  }
  if (version !== wanted) {
    return {
      problem: error('config', 'config/library-version', `The installed ${name} is version ${version}, but the site config documents ${wanted}.`, {
        file: configFile,
        hint: main ? `Install ${name}@${wanted} exactly (npm ci restores it), or change ${key}.` : `Pin ${name} ${wanted} in the workspace that installs ${dir} and run npm install, or change ${key}.version.`,
      }),
    };
  }
  return { library: { dir, version, entry: join(dir, entry), readme: findPackageReadme(dir), releases: new Map() } };
}

/**
 * The README's path in `packageDir`: README.md, else another case of it
 * (readme.md), README.markdown or README; README.md when there is none
 * (src/content/package-readme.ts reads it, and says so when it is missing).
 */
export function findPackageReadme(packageDir: string): string {
  let names: string[];
  try {
    names = readdirSync(packageDir);
  } catch {
    names = [];
  }
  const found = names.includes('README.md')
    ? 'README.md'
    : (names.find((n) => /^readme\.md$/i.test(n)) ?? names.find((n) => /^readme\.markdown$/i.test(n)) ?? names.find((n) => /^readme$/i.test(n)));
  return join(packageDir, found ?? 'README.md');
}
