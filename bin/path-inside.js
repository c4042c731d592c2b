// Whether a path lies inside a folder, compared component by component, never
// as string prefixes: the one check of bin/ (cache-folder.js) and of src/,
// which re-exports it (src/shared/path-inside.ts). Plain JavaScript, as bin/
// runs before TypeScript can be loaded.
import { isAbsolute, relative, sep } from 'node:path';

/**
 * Whether `path` lies below `folder`, both as written (links are not
 * resolved: resolve them first when they may be links; relative() makes
 * both absolute and folds `..` and `.`). The folder itself counts only with `orSelf`.
 */
export function isInside(path, folder, options = {}) {
  const rel = relative(folder, path);
  if (rel === '') return options.orSelf === true;
  // isAbsolute: on Windows, a path on another drive.
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
