// Maps a request target to a file of the built site, or refuses it. The site
// folder is the only thing the dev server may read: traversal in any spelling
// (.., %2e%2e, encoded slashes or backslashes), absolute paths and symlinks
// that lead out are refused before the file system is asked for the file.
import { realpath, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isInside } from '../shared/path-inside.ts';
import { normalizePath } from '../shared/paths.ts';

export type Resolution =
  | { kind: 'file'; file: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | { kind: 'refused'; status: 400 | 403; reason: string };

/** Percent-encoded slash, backslash or NUL: a path segment must never hide one. */
const ENCODED_SEPARATOR = /%(?:2f|5c|00)/i;

/** `siteRoot` must be a real path (symlinks resolved), so containment checks compare like with like. */
export async function resolveRequest(target: string, siteRoot: string): Promise<Resolution> {
  const checked = checkTarget(target);
  if ('reason' in checked) return { kind: 'refused', status: 400, reason: checked.reason };
  const { rawPath, decoded, query } = checked;

  const exact = await siteFile(siteRoot, decoded);
  if (exact) return exact;
  // /a.html, /a/index.html and /a/ all mean /a: one URL per page.
  const clean = normalizePath(rawPath);
  if (clean !== rawPath) return { kind: 'redirect', location: clean + query };
  const index = await siteFile(siteRoot, join(normalizePath(decoded), 'index.html'));
  return index ?? { kind: 'not-found' };
}

type CheckedTarget = { rawPath: string; decoded: string; query: string } | { reason: string };

function checkTarget(target: string): CheckedTarget {
  // Only origin-form targets: "/path?query". Absolute-form (http://…), "*" and
  // protocol-relative "//host" spellings never name a file of the site.
  if (!target.startsWith('/') || target.startsWith('//')) return { reason: 'The request path must start with a single "/".' };
  const cut = target.search(/[?#]/);
  const rawPath = cut < 0 ? target : target.slice(0, cut);
  const query = cut < 0 ? '' : target.slice(cut).split('#', 1)[0]!;
  if (rawPath.includes('\\') || ENCODED_SEPARATOR.test(rawPath)) return { reason: 'The request path holds a backslash or an encoded separator.' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { reason: 'The request path is not valid percent-encoding.' };
  }
  if (decoded.includes('\0')) return { reason: 'The request path holds a NUL byte.' };
  if (decoded.split('/').some((s) => s === '.' || s === '..')) return { reason: 'The request path holds a "." or ".." segment.' };
  return { rawPath, decoded, query };
}

/** The file at a site path, if it is a regular file inside the site once symlinks are followed. */
export async function siteFile(siteRoot: string, sitePath: string): Promise<Resolution | undefined> {
  const file = resolve(siteRoot, `.${sitePath.startsWith('/') ? '' : '/'}${sitePath}`);
  if (!isInside(file, siteRoot, { orSelf: true })) return { kind: 'refused', status: 400, reason: 'The request path leads outside the site.' };
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const real = await realpath(file).catch(() => undefined);
  if (!real) return undefined;
  if (!isInside(real, siteRoot, { orSelf: true })) return { kind: 'refused', status: 403, reason: 'The file is a link to a place outside the site.' };
  return { kind: 'file', file: real };
}
