// The documented package's README, the text of /docs/api/<package>. It is
// content like a Markdown page and is read the same way (read-file.ts): a
// regular file of the package folder, links followed only inside it (a README
// linked to /etc/passwd was published) and never into a hidden file (one
// linked to the package's .env was), within the page size limit. A package
// may ship none: a missing README is a page saying so, not a crash (ENOENT
// stopped the build).
import { dirname } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { readContentFile, realpathOrUndefined } from './read-file.ts';

export type PackageReadme = { text: string; problem?: undefined } | { text?: undefined; problem: Diagnostic };

/** The README at `file` (found by findPackageReadme in config/library.ts), read inside its package folder. */
export function readPackageReadme(file: string, packageName: string, maxBytes: number): PackageReadme {
  const dir = dirname(file);
  const boundary = realpathOrUndefined(dir) ?? dir;
  const read = readContentFile(file, { boundary, boundaryName: `the ${packageName} package folder`, maxBytes, hiddenBelow: dir });
  if (read.problem === undefined) return { text: read.text };
  // No README at all: the page says so (the build's warnings are not printed, the page is what is seen).
  if (read.problem.code === 'content/file-vanished') return { text: `The package ${packageName} ships no README; its API follows in the sidebar.` };
  return { problem: error('content', read.problem.code, read.problem.message, { file, hint: read.problem.hint }) };
}
