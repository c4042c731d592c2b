// The documented versions (docs.versions): the rules the schema alone cannot
// state, and where each version's pages live. One version, with path "",
// keeps today's URLs, so nothing that links to the site breaks; every other
// one lives under its own segment of docs.path.
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { DocsVersion, SiteConfig } from './schema.ts';

/** The version at today's URLs (path ""): the loaded config always has exactly one. */
export function defaultVersion(config: SiteConfig): DocsVersion {
  return config.docs.versions.find((v) => v.path === '')!;
}

/** The library version a docs version documents: its own release, or `library`'s for the default one. */
export function libraryVersionOf(config: SiteConfig, version: DocsVersion): string {
  return version.library?.version ?? config.library.version;
}

/** `/docs` for the default version, `/docs/4.0` for one with path "4.0". */
export function versionDocsPath(config: SiteConfig, version: DocsVersion): string {
  return version.path ? `${config.docs.path}/${version.path}` : config.docs.path;
}

/**
 * Folders of docs.path that hold the default version's own kinds of page (the API reference, the
 * examples, the guides: src/routes/api-urls.ts, docs.ts): a version there would take them over.
 */
const RESERVED_PATHS: ReadonlyMap<string, string> = new Map([['api', 'API reference'], ['examples', 'examples'], ['guides', 'guides']]);

/** Two releases by major.minor.patch (the schema requires the three; a pre-release suffix is not ordered). */
function compareReleases(a: string, b: string): number {
  const parts = (v: string): number[] => (/^(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * The API reference and the routes of the default version are at /docs/api
 * (API_BASE), the old site's URLs; every link pkidocs writes assumes that
 * base, so another docs.path would publish links to pages it never builds.
 */
export const DOCS_PATH = '/docs';

export function versionRules(config: SiteConfig, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (config.docs.path !== DOCS_PATH) {
    out.push(error('config', 'config/docs-path', `docs.path is "${config.docs.path}", but pkidocs publishes the docs and the API reference under ${DOCS_PATH} (the API at ${DOCS_PATH}/api, the old site's URLs): the links it writes would lead to pages it never builds.`, {
      file, hint: `Set docs.path to '${DOCS_PATH}' (or leave it out: it is the default).`,
    }));
  }
  const versions = config.docs.versions;
  const at = (i: number): string => `docs.versions[${i}] ("${versions[i]!.name}")`;
  const defaults = versions.flatMap((v, i) => (v.path === '' ? [i] : []));
  if (defaults.length !== 1) {
    out.push(error('config', 'config/default-version', defaults.length
      ? `${defaults.map(at).join(' and ')} all have path "": only one version can keep today's URLs.`
      : 'No entry of docs.versions has path "": one version must keep today\'s URLs, or every link to the site breaks.', {
      file, hint: 'Give exactly one version path "" and every other one its own segment, such as path: \'4.0\'.',
    }));
  }
  const seenNames = new Map<string, number>();
  const seenPaths = new Map<string, number>();
  versions.forEach((v, i) => {
    const name = seenNames.get(v.name);
    if (name !== undefined) out.push(error('config', 'config/duplicate-version', `${at(i)} has the same name as ${at(name)}.`, { file, hint: 'Give each version its own name (the dropdown and search tell them apart by it).' }));
    else seenNames.set(v.name, i);
    const path = seenPaths.get(v.path.toLowerCase());
    if (path !== undefined && v.path) out.push(error('config', 'config/duplicate-version', `${at(i)} has the same path "${v.path}" as ${at(path)}: their pages would overwrite each other.`, { file, hint: 'Give each version its own path segment.' }));
    else seenPaths.set(v.path.toLowerCase(), i);
    const taken = RESERVED_PATHS.get(v.path.toLowerCase());
    if (taken) {
      out.push(error('config', 'config/version-path', `${at(i)} has the path "${v.path}", where ${config.docs.path}/${v.path.toLowerCase()} holds the ${taken} of the version at today's URLs: those pages would become this version's.`, {
        file, hint: `Give it a path that names the release, such as '4.0'; ${[...RESERVED_PATHS.keys()].map((p) => `"${p}"`).join(', ')} are taken.`,
      }));
    }
    if (v.path && !v.library) {
      out.push(error('config', 'config/version-library', `${at(i)} lives under ${config.docs.path}/${v.path} but names no release to document.`, {
        file, hint: `Add library: { version: '…', dir: 'content/versions/…/node_modules/${config.library.package}' } to it.`,
      }));
    }
    const prior = versions[i - 1];
    if (prior && compareReleases(libraryVersionOf(config, v), libraryVersionOf(config, prior)) > 0) {
      out.push(error('config', 'config/version-order', `docs.versions lists the newest first, but ${at(i)} documents ${config.library.package} ${libraryVersionOf(config, v)}, newer than ${at(i - 1)} (${libraryVersionOf(config, prior)}): the marks ("New in …", "Removed in …") and the "latest" banner would be the wrong way round.`, {
        file, hint: 'List docs.versions from the newest release to the oldest.',
      }));
    }
    if (v.shares?.length && !v.path) {
      out.push(error('config', 'config/version-shares', `${at(i)} has path "" and shares pages: the version at today's URLs owns the pages others share.`, {
        file, hint: 'Move shares to the version that renders those pages again, under its own path.',
      }));
    }
    for (const share of v.shares ?? []) {
      const owner = versions.find((o) => o.path && (share === o.path || share.startsWith(`${o.path}/`)));
      if (owner) {
        out.push(error('config', 'config/version-shares', `${at(i)} shares "${share}", which is in the folder of version ${owner.name}: only the default version's pages are shared.`, {
          file, hint: 'Name a folder or page of content/docs outside every version\'s folder, such as examples or guides/concepts.md.',
        }));
      }
    }
    if (!v.path && v.library) {
      out.push(error('config', 'config/version-library', `${at(i)} has path "" and its own library: the version at today's URLs documents the top-level library.`, {
        file, hint: 'Move its library settings to the top-level library key, or give the version a path.',
      }));
    }
  });
  return out;
}
