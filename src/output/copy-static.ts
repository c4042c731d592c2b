// content/static is copied to out/ file by file: a symbolic link inside the
// repository is copied as the file it leads to (out/ never holds a link, which
// a host would follow to wherever it points), a link leading outside the
// repository, a loop, a FIFO or a device is a content error, and two files
// whose paths differ only in case (one file on macOS and Windows) too. An HTML
// or SVG file is read and refused when it could run script at the site's
// origin (src/content/static-markup.ts); the text that was checked is what is
// published, so a file swapped after the check cannot slip in. Any other file
// a static host serves as an HTML or XML document (XHTML, XSLT, .xsd, .svgz,
// …, by its extension's type in mime-db) is refused outright. A hidden file
// (.env, .npmrc, a .git folder) is never published: the walk skips it, bar
// the top `.well-known/` folder (RFC 8615: security.txt, assetlinks.json).
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { BuildFailure, error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { DEFAULT_MAX_PAGE_BYTES } from '../config/schema.ts';
import { brokenLink, isMissing, problemAt, readContentBytes, realpathOrUndefined, show } from '../content/read-file.ts';
import { activeMarkup, decodeMarkup, isActiveMarkupFile, refusedDocumentType } from '../content/static-markup.ts';
import { listContentFiles } from '../content/walk.ts';
import { mkdirOwned, writeOwned } from './guard.ts';

export interface StaticFile {
  /** Path below out/, '/'-separated. */
  path: string;
  /** The regular file to copy (links followed). */
  source: string;
  /** An HTML or SVG file's text as it was checked: written instead of copying `source` again. */
  checked?: string;
  /** The file's identity when it was listed: a file swapped since (for a link out, say) is not copied. */
  id?: string;
}

/** The tool's own folder in out/ (client bundle, navigation chunks, search index): no static file may shadow its files. */
const TOOL_FOLDER = '_pkidocs/';

/** The one hidden name content/static publishes, at its top (RFC 8615); hidden files inside it are still skipped. */
const WELL_KNOWN = '.well-known';

/**
 * Files a static host reads as its own configuration, not as files to serve:
 * response headers (a text file served as an HTML page with script), redirects
 * (another site answering a path), server code answering every request. Host
 * configuration, not content: refused unless the config, which is code, opts
 * in (`static.hostRuleFiles`). Keyed by the lower-cased top-level name (read
 * only at the top of the site) or file name (read in any folder).
 */
const HOST_FILES_AT_TOP: ReadonlyMap<string, string> = new Map([
  ['_headers', 'Netlify and Cloudflare Pages as the host\'s own rules (response headers for every path of the site)'],
  ['_redirects', 'Netlify and Cloudflare Pages as the host\'s own rules (redirects and rewrites for every path of the site)'],
  ['_worker.js', 'Cloudflare Pages as the site\'s Worker, server code that answers every request of the site'],
  ['_routes.json', 'Cloudflare Pages as the host\'s own rules (which paths its server code answers)'],
]);
const HOST_FILES_ANYWHERE: ReadonlyMap<string, string> = new Map([
  ['web.config', 'IIS and Azure App Service as the host\'s own rules (content types, headers and rewrites of its folder)'],
  ['staticwebapp.config.json', 'Azure Static Web Apps as the host\'s own rules (content types, headers and routes of the site)'],
]);

/** What host reads `rel` (a path in content/static) as its configuration, if one does. */
function hostFileReader(rel: string): string | undefined {
  const parts = rel.toLowerCase().split('/');
  return HOST_FILES_AT_TOP.get(parts[0]!) ?? HOST_FILES_ANYWHERE.get(parts.at(-1)!);
}

/**
 * `maxMarkupBytes`: the size limit of an HTML or SVG file, which is read to be
 * checked (limits.maxPageBytes); `hostRuleFiles`: publish the host's configuration files (HOST_FILES_*).
 */
export function listStaticFiles(staticDir: string, root: string, maxMarkupBytes = DEFAULT_MAX_PAGE_BYTES, hostRuleFiles = false): { files: StaticFile[]; diagnostics: Diagnostic[] } {
  const listing = listContentFiles(staticDir, { root, accept: () => true, allowHidden: (rel) => rel === WELL_KNOWN });
  const diagnostics = [...listing.diagnostics];
  const files: StaticFile[] = [];
  const byLowerCase = new Map<string, string>();
  for (const file of listing.files) {
    // Lower-cased: on a case-insensitive disk or host, _PKIDOCS/ is the tool's folder.
    if (file.rel.toLowerCase().startsWith(TOOL_FOLDER)) {
      diagnostics.push(error('content', 'content/reserved-static-path', `${show(file.path)} is in ${TOOL_FOLDER}, the folder of pkidocs' own scripts and data: a file there would stand in for the client bundle or a page's data, and run in every page.`, {
        file: file.path, hint: `Move it out of content/static/${TOOL_FOLDER}.`,
      }));
      continue;
    }
    const reader = hostRuleFiles ? undefined : hostFileReader(file.rel);
    if (reader) {
      diagnostics.push(error('content', 'content/host-rule-file', `${show(file.path)} is read by ${reader}, not served as a file: content must not configure the host, where it could serve a text file as an HTML page with script, or answer a page with another site.`, {
        file: file.path, hint: 'Configure the host in its own settings, or, if this file is reviewed like code, publish it with static: { hostRuleFiles: true } in the site config.',
      }));
      continue;
    }
    const stats = file.real === undefined ? undefined : statOrUndefined(file.real);
    const problem = file.real === undefined ? (brokenLink(file.path)?.what ?? 'no longer exists') : notRegular(stats);
    if (problem) {
      diagnostics.push(error('content', 'content/bad-static-file', `${show(file.path)} ${problem}, so it cannot be copied to the site.`, {
        file: file.path, hint: 'Replace it with a regular file, or remove it.',
      }));
      continue;
    }
    const other = byLowerCase.get(file.rel.toLowerCase());
    if (other !== undefined) {
      diagnostics.push(error('content', 'content/case-collision', `The static files ${other} and ${file.rel} differ only in case: on macOS and Windows they are one file, and one would be lost.`, {
        file: file.path, hint: 'Rename one of them.',
      }));
      continue;
    }
    byLowerCase.set(file.rel.toLowerCase(), file.rel);
    const documentType = refusedDocumentType(file.rel);
    if (documentType) {
      diagnostics.push(error('content', 'content/active-static-file', `${show(file.path)} is served by a static host as ${documentType}, a document a browser renders (and runs the script of) at the site's own origin, and the site runs no script but its own bundle.`, {
        file: file.path, hint: 'Publish it as .html or .svg (which are checked), or as Markdown in content/docs, or remove it.',
      }));
      continue;
    }
    if (!isActiveMarkupFile(file.rel)) {
      files.push({ path: file.rel, source: file.real!, id: identity(stats!) });
      continue;
    }
    const checked = checkMarkup(file.path, root, maxMarkupBytes);
    if ('problem' in checked) diagnostics.push(checked.problem);
    else files.push({ path: file.rel, source: file.real!, checked: checked.text });
  }
  return { files, diagnostics };
}

function checkMarkup(path: string, root: string, maxBytes: number): { text: string } | { problem: Diagnostic } {
  const read = readContentBytes(path, { boundary: realpathOrUndefined(root) ?? root, boundaryName: 'the repository', maxBytes });
  if (read.problem) return { problem: problemAt(read.problem, path) };
  const decoded = decodeMarkup(read.bytes);
  const found = 'problem' in decoded ? decoded.problem : activeMarkup(path, decoded.text);
  if (!found) return { text: (decoded as { text: string }).text };
  return { problem: error('content', 'content/active-static-file', `${show(path)} holds ${found.what}. A static file is served from the site's own origin, where its script would run, and the site runs no script but its own bundle.`, {
    file: path, line: found.line, column: found.column,
    hint: /\.svg$/i.test(path)
      ? 'Remove it from the image (export it again as plain SVG: shapes, text and gradients, with presentation attributes), or remove the file.'
      : 'Remove it from the page, or write the page as Markdown in content/docs (which shows what it may hold), or remove the file.',
  }) };
}

/** Copies the listed files into `dest` as regular files. */
export async function copyStatic(files: readonly StaticFile[], dest: string): Promise<void> {
  const dirs = new Set(files.map((f) => dirname(join(dest, f.path))));
  await Promise.all([...dirs].map((d) => mkdirOwned(d)));
  await Promise.all(files.map((f) => writeOwned(join(dest, f.path), staticContents(f), 'wx')));
}

const identity = (stats: Stats): string => `${stats.dev}:${stats.ino}`;

/**
 * What a listed static file publishes: the text that was checked, or the bytes
 * of the very file that was listed. Between the listing and the copy (pages
 * render meanwhile) the file could be swapped for a link out of the
 * repository: the open follows no link and the file must be the one listed.
 */
export function staticContents(file: StaticFile): string | Uint8Array {
  if (file.checked !== undefined) return file.checked;
  let fd: number | undefined;
  try {
    fd = openSync(file.source, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (stats.isFile() && identity(stats) === file.id) return readFileSync(fd);
  } catch {
    // Gone, or a link now: reported below.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  throw new BuildFailure([error('content', 'content/static-changed', `${show(file.source)} changed while the site was built (it was replaced, removed or made a link), so it was not copied.`, {
    file: file.source, hint: 'Build again once the file stays put.',
  })]);
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw e;
  }
}

function notRegular(stats: Stats | undefined): string | undefined {
  if (!stats) return 'no longer exists';
  if (stats.isFile()) return undefined;
  return stats.isFIFO() ? 'is a named pipe (FIFO)' : stats.isSocket() ? 'is a socket' : 'is not a regular file';
}
