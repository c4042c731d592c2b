// Finds the documented package and checks that its installed version is the
// one the config names: docs for another version would silently lie.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SiteConfig } from './schema.ts';

export interface LibraryInfo {
  dir: string;
  version: string;
  /** Absolute path of the type definitions TypeDoc reads. */
  entry: string;
  readme: string;
}

export async function resolveLibrary(
  config: SiteConfig,
  root: string,
  configFile: string,
): Promise<{ library?: LibraryInfo; diagnostics: Diagnostic[] }> {
  const name = config.library.package;
  const dir = join(root, 'node_modules', name);
  let version: string;
  try {
    version = (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return {
      diagnostics: [error('config', 'config/library-missing', `The package "${name}" is not installed, so there is no API to document.`, {
        file: join(dir, 'package.json'), hint: 'Run `npm ci` in the project folder.',
      })],
    };
  }
  if (version !== config.library.version) {
    return {
      diagnostics: [error('config', 'config/library-version', `The installed ${name} is version ${version}, but the site config documents ${config.library.version}.`, {
        file: configFile,
        hint: `Install ${name}@${config.library.version} exactly (npm ci restores it), or change library.version.`,
      })],
    };
  }
  return {
    library: { dir, version, entry: join(dir, config.library.entry), readme: findPackageReadme(dir) },
    diagnostics: [],
  };
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
