// Reads one content file (a Markdown page, a code include) as hostile input:
// a link may not lead outside its boundary folder, only regular files are
// read (a FIFO would block the build forever, a device never ends), the size
// is checked before reading, and a file that vanished since it was listed is
// a content error, not a crash.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isInside } from '../shared/path-inside.ts';

export interface ReadLimits {
  /** Real path of the folder the file (after following links) must be inside. */
  boundary: string;
  /** What the boundary is, for messages: 'the repository', 'the content folder'. */
  boundaryName: string;
  maxBytes: number;
  /**
   * The folder (as given, links unresolved) below which no part of the path
   * may be hidden: checked on the path as given and, below `boundary`, on the
   * path its links lead to, so `README.md -> .env` is refused too.
   */
  hiddenBelow?: string;
}

export interface ReadProblem {
  code: string;
  message: string;
  hint: string;
}

export type ReadResult = { text: string; real: string; problem?: undefined } | { problem: ReadProblem };

/** realpath, or undefined when the path (or a link's target) does not exist or links loop. */
export function realpathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch (e) {
    if (isMissing(e) || (e as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw e;
  }
}

/** Why a path that realpath could not resolve is unreadable: 'is a symbolic link to …', or undefined if it is no link at all. */
export function brokenLink(path: string): { code: string; what: string } | undefined {
  let link: string;
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    link = readlinkSync(path);
  } catch {
    return undefined;
  }
  try {
    realpathSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return { code: 'content/link-loop', what: `is a symbolic link to ${link}, which leads back to itself (a loop of links)` };
  }
  return { code: 'content/broken-link', what: `is a symbolic link to ${link}, which does not exist` };
}

/**
 * The first hidden part ('.env', '.git') of `file`'s path below `root`, if any:
 * content never reads a tool's hidden file, whichever path reaches it.
 */
export function hiddenPartOf(file: string, root: string): string | undefined {
  return relative(root, file).split(sep).find((part) => part.startsWith('.') && part !== '..' && part !== '.');
}

export function readContentFile(file: string, limits: ReadLimits): ReadResult {
  const read = readContentBytes(file, limits);
  return read.problem ? read : { text: read.bytes.toString('utf8'), real: read.real };
}

/** readContentFile's bytes, for a caller that decodes them itself (strictly, say). */
export function readContentBytes(file: string, limits: ReadLimits): { bytes: Buffer; real: string; problem?: undefined } | { problem: ReadProblem } {
  const real = realpathOrUndefined(file);
  if (real === undefined) return { problem: missing(file) };
  if (!isInside(real, limits.boundary, { orSelf: true })) {
    return { problem: {
      code: 'content/link-outside',
      message: `${show(file)} is a symbolic link to ${real}, which is outside ${limits.boundaryName}. Nothing outside ${limits.boundaryName} is read.`,
      hint: `Copy the file into ${limits.boundaryName} instead of linking to it.`,
    } };
  }
  const hidden = limits.hiddenBelow === undefined ? undefined : hiddenPartOf(file, resolve(limits.hiddenBelow)) ?? hiddenPartOf(real, limits.boundary);
  if (hidden !== undefined) {
    return { problem: {
      code: 'content/hidden-file',
      message: `${show(file)} ${real === resolve(file) ? 'is' : `is a symbolic link to ${real}, which is`} in the hidden ${hidden}. Hidden files (.env, .npmrc, .git) are never read as content.`,
      hint: 'Use a file that is not hidden, or move the text out of the hidden file or folder.',
    } };
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check below refuses it.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if (isMissing(e)) return { problem: missing(file) };
    throw e;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      return { problem: {
        code: 'content/not-a-file',
        message: `${show(file)} is ${kindOf(stats)}, not a regular file, so it cannot be read as content.`,
        hint: 'Replace it with a regular file, or remove it.',
      } };
    }
    if (stats.size > limits.maxBytes) {
      return { problem: {
        code: 'content/too-large',
        message: `${show(file)} is ${stats.size} bytes, more than the limit of ${limits.maxBytes} bytes (limits.maxPageBytes).`,
        hint: 'Split it into several pages, or raise limits.maxPageBytes in the site config.',
      } };
    }
    return { bytes: readFileSync(fd), real };
  } finally {
    closeSync(fd);
  }
}

/** A problem of readContentFile as a content diagnostic at a location. */
export function problemAt(problem: ReadProblem, file: string, line?: number): Diagnostic {
  return error('content', problem.code, problem.message, { file, line, hint: problem.hint });
}

function missing(file: string): ReadProblem {
  const link = brokenLink(file);
  return link === undefined
    ? { code: 'content/file-vanished', message: `${show(file)} no longer exists: it was listed, then deleted or renamed while the build was running.`, hint: 'Run the build again once the files stop changing.' }
    : { code: link.code, message: `${show(file)} ${link.what}.`, hint: 'Fix the link or remove it.' };
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isDirectory()) return 'a folder';
  return 'not a regular file';
}

export function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A path as messages show it: relative to the working directory when below it. */
export function show(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}
