// Lists a content folder recursively, following symbolic links the way the
// rest of the build may: a link inside the repository is followed (a file is
// read as a file, a folder listed), a link leading outside it is an error
// naming the link, and a link to a folder that is listed anyway (a loop such
// as `self -> .`, a folder inside the listed one, or one already reached
// through another link) is an error instead of nested copies or a hang.
// Each real folder is listed once. The listed folder itself is judged as any
// link is (content/static committed as a link to .git or a key folder), and a
// hidden entry (.env, .git, .npmrc: a tool's file, never a page) is not listed.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isInside } from '../shared/path-inside.ts';
import { isMissing, realpathOrUndefined, show } from './read-file.ts';

export interface ListedFile {
  /** Path below the listed folder, '/'-separated, as listed (through links). */
  rel: string;
  /** Absolute path as listed. */
  path: string;
  /** The file it is, links followed; undefined for a link to nothing (the reader reports it). */
  real: string | undefined;
}

export interface WalkOptions {
  /** The repository: no link may lead outside it. */
  root: string;
  /** Which files to list, by their '/'-separated path below the folder. */
  accept: (rel: string) => boolean;
  /** The hidden entries (a name starting with '.') that are listed all the same, by '/'-separated path. */
  allowHidden?: (rel: string) => boolean;
}

/** A symbolic link the listing followed: a file or folder inside the repository, listed at `path`. */
export interface FollowedLink {
  path: string;
  real: string;
}

export interface Listing {
  files: ListedFile[];
  diagnostics: Diagnostic[];
  /** The links followed (watch mode watches their targets too, as the listing reads them). */
  links: FollowedLink[];
}

export function listContentFiles(dir: string, options: WalkOptions): Listing {
  const files: ListedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const links: FollowedLink[] = [];
  const root = realpathOrUndefined(options.root) ?? options.root;
  const start = realpathOrUndefined(dir);
  if (start === undefined) return { files, diagnostics, links };
  // Hidden parts the configured path itself names (a site under test/.tmp) are the config's choice; a link's are not.
  const refused = refusedTarget(dir, start, root, join(root, relative(resolve(options.root), resolve(dir))));
  if (refused) return { files, diagnostics: [refused], links };
  /** Real folder → the path it was first listed as. */
  const listed = new Map<string, string>();

  const walk = (path: string, real: string, prefix: string): void => {
    listed.set(real, path);
    let entries;
    try {
      entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (e) {
      if (!isMissing(e)) throw e;
      diagnostics.push(error('content', 'content/file-vanished', `The folder ${show(path)} no longer exists: it was deleted or renamed while the build was running.`, { file: path, hint: 'Run the build again once the files stop changing.' }));
      return;
    }
    for (const entry of entries) {
      const child = join(path, entry.name);
      const rel = prefix + entry.name;
      if (entry.name.startsWith('.') && !options.allowHidden?.(rel)) continue;
      if (entry.isDirectory()) {
        walk(child, join(real, entry.name), `${rel}/`);
        continue;
      }
      if (!entry.isSymbolicLink()) {
        if (options.accept(rel)) files.push({ rel, path: child, real: join(real, entry.name) });
        continue;
      }
      const target = realpathOrUndefined(child);
      if (target === undefined) {
        if (options.accept(rel)) files.push({ rel, path: child, real: undefined });
        continue;
      }
      const isDir = isDirectory(target);
      if (!isDir && !options.accept(rel)) continue;
      const refusedLink = refusedTarget(child, target, root, start);
      if (refusedLink) {
        diagnostics.push(refusedLink);
        continue;
      }
      if (!isDir) {
        files.push({ rel, path: child, real: target });
        links.push({ path: child, real: target });
        continue;
      }
      // Each real folder is listed once: a link back up loops, and a link to a
      // folder already listed (or listed anyway, being inside this one) adds nothing but copies.
      const first = isInside(real, target, { orSelf: true }) ? target : listed.get(target) ?? (isInside(target, start, { orSelf: true }) ? join(dir, relative(start, target)) : undefined);
      if (first !== undefined) {
        diagnostics.push(error('content', 'content/link-loop', isInside(real, target, { orSelf: true })
          ? `${show(child)} is a symbolic link to ${show(target)}, a folder that contains it: following it would loop forever.`
          : `${show(child)} is a symbolic link to ${show(target)}, which is already listed as ${show(first)}. Each folder is read once.`, {
          file: child, hint: 'Remove the link (or link the files you need one by one).',
        }));
        continue;
      }
      links.push({ path: child, real: target });
      walk(child, target, `${rel}/`);
    }
  };
  walk(dir, start, '');
  return { files, diagnostics, links };
}

/**
 * Why the folder or file at `path`, really `target`, is not read: it lies
 * outside the repository, or in a hidden or installed part of it (past the
 * folders it shares with `listed`, the real folder being listed; the
 * repository itself for the listed folder).
 */
function refusedTarget(path: string, target: string, root: string, listed = root): Diagnostic | undefined {
  if (!isInside(target, root, { orSelf: true })) {
    return error('content', 'content/link-outside', `${show(path)} is a symbolic link to ${target}, which is outside the repository. Nothing outside the repository is read.`, {
      file: path, hint: 'Copy the file or folder into the repository instead of linking to it.',
    });
  }
  const privateArea = privatePart(relative(root, listed), relative(root, target));
  if (privateArea === undefined) return undefined;
  return error('content', 'content/link-private', `${show(path)} is a symbolic link to ${target}, inside the repository's ${privateArea}, which holds git's and tools' own files (keys, tokens, caches), never content. Nothing there is read.`, {
    file: path, hint: 'Copy the files into the content folder instead of linking to it.',
  });
}

/**
 * The hidden or installed part of the repository a link's target (relative
 * to it) lies in, past the folders it shares with the listed folder:
 * `.git`, `.env`, `.pkidocs-cache`, `node_modules` (where the cache seal's
 * key lives). A link into one would publish a secret.
 */
function privatePart(listed: string, target: string): string | undefined {
  const from = listed.split(sep);
  const to = target.split(sep);
  let shared = 0;
  while (shared < from.length && shared < to.length && from[shared] === to[shared]) shared++;
  return to.slice(shared).find((part) => (part.startsWith('.') && part !== '.' && part !== '..') || part === 'node_modules');
}

/** False for a path that vanished meanwhile (its reader reports it). */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch (e) {
    if (isMissing(e)) return false;
    throw e;
  }
}
