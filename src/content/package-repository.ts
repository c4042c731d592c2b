// Where a relative link of the package's README points: a file of the
// package's repository, at the version documented. npm publishes the README
// without the files it links to (CONTRIBUTING.md, docs/…), so such a link is
// rewritten to the repository's web page of that file, read from package.json
// `repository` (a URL in any form npm accepts, `directory` honoured).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { oneOf, trimRun } from '../shared/linear-text.ts';

/**
 * The web URL of a repository file, for a path relative to the README
 * (`docs/x.md#y`); `raw`: the file itself, for an image.
 */
export type RepositoryLink = (relative: string, raw?: boolean) => string | undefined;

interface Repository {
  /** https://host/owner/name */
  web: string;
  host: 'github' | 'gitlab' | 'bitbucket';
  directory: string;
}

const SHORTCUT = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+?)(?:\.git)?$/;
const HOSTS: Record<string, Repository['host']> = { 'github.com': 'github', 'gitlab.com': 'gitlab', 'bitbucket.org': 'bitbucket' };

/**
 * The repository named by a package.json `repository` value, or undefined when
 * there is none or it is not on a host whose file URLs are known.
 */
export function parseRepository(value: unknown): Repository | undefined {
  const url = typeof value === 'string' ? value : typeof value === 'object' && value && 'url' in value && typeof value.url === 'string' ? value.url : undefined;
  if (!url) return undefined;
  const rawDirectory = typeof value === 'object' && value && 'directory' in value && typeof value.directory === 'string' ? value.directory : '';
  // `..` would climb out of the repository into another one's URL space.
  const normal = trimRun(posix.normalize(rawDirectory.replace(/\\/g, '/') || '.'), oneOf('/'));
  if (normal.split('/').includes('..') || normal.startsWith('/')) return undefined;
  const directory = normal === '.' ? '' : normal;
  const short = SHORTCUT.exec(url.trim());
  if (short) {
    const host = (short[1] ?? 'github') as Repository['host'];
    const domain = host === 'bitbucket' ? 'bitbucket.org' : `${host}.com`;
    return { web: `https://${domain}/${short[2]}/${short[3]}`, host, directory };
  }
  // git+https://, git://, git+ssh://git@, ssh://, https://, and scp-like git@host:owner/name.
  const m = /^(?:[a-z+]+:\/\/)?(?:[^@/]+@)?([^/:]+)[:/]+([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i.exec(url.trim());
  const host = m ? HOSTS[m[1]!.toLowerCase()] : undefined;
  if (!m || !host) return undefined;
  return { web: `https://${m[1]!.toLowerCase()}/${m[2]}/${m[3]}`, host, directory };
}

/**
 * The ref a file is shown at: the commit npm recorded (`gitHead`) when the
 * package.json has one, else the tag `npm version` makes for the version
 * (`v4.0.0`), so the link shows the file as it was when the README was.
 */
export function versionRef(pkg: { version?: unknown; gitHead?: unknown }): string | undefined {
  if (typeof pkg.gitHead === 'string' && /^[0-9a-f]{7,40}$/i.test(pkg.gitHead)) return pkg.gitHead;
  return typeof pkg.version === 'string' && /^[\w.+-]+$/.test(pkg.version) ? `v${pkg.version}` : undefined;
}

/** The file URL maker of the package in `packageDir`, or undefined when its package.json names no usable repository. */
export function packageRepositoryLink(packageDir: string): RepositoryLink | undefined {
  let pkg: { repository?: unknown; version?: unknown; gitHead?: unknown };
  try {
    pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as typeof pkg;
  } catch {
    return undefined;
  }
  const repo = parseRepository(pkg.repository);
  const ref = versionRef(pkg);
  if (!repo || !ref) return undefined;
  return (relative, raw = false) => fileUrl(repo, ref, relative, raw);
}

function fileUrl(repo: Repository, ref: string, relative: string, raw: boolean): string | undefined {
  const cut = relative.search(/[?#]/);
  const path = cut < 0 ? relative : relative.slice(0, cut);
  const rest = cut < 0 ? '' : relative.slice(cut);
  const joined = posix.normalize(posix.join('/', repo.directory, path)).replace(/^\/+/, '');
  // A link that climbs above the repository's root names no file of it.
  if (posix.join(repo.directory, path).startsWith('..')) return undefined;
  const segment = (raw ? { github: 'raw', gitlab: '-/raw', bitbucket: 'raw' } : { github: 'blob', gitlab: '-/blob', bitbucket: 'src' })[repo.host];
  return `${repo.web}/${segment}/${encodeURIComponent(ref)}/${joined}${rest}`;
}
