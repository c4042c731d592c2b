// Whether a path lies inside a folder, and a path's real location through its
// links: the one check behind every write and delete chokepoint (out/ in
// src/output/guard.ts, the cache in cache-io.ts), the output folder's
// refusals, and the boundaries of what content, TypeDoc and the servers read.
// Node only (the browser never imports it).
//
// Paths are compared after path.resolve (absolute, `..` and `.` folded,
// trailing separators dropped) and component by component, never as string
// prefixes: `out2` is not inside `out`, `out/../x` is not inside `out`, and
// `out/..x` is. Letter case counts, as on Linux: `OUT` is another folder.
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

// isInside(path, folder, { orSelf }): plain JavaScript in bin/, whose cache-folder check runs before the CLI loads.
// Links are not resolved: resolve them first with realPathOf when they may be links.
export { isInside } from '../../bin/path-inside.js';

/** The missing tail of a path, kept as written after its nearest existing folder. */
function throughExisting(path: string, real: (p: string) => string): string {
  const rest: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    try {
      return join(real(p), ...rest);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(p) === p) throw e;
      rest.unshift(basename(p));
    }
  }
}

/**
 * realpath of a path that may not exist yet: made absolute, its nearest
 * existing ancestor resolved through links, the missing rest appended as
 * written. A link loop or an unreadable folder throws (ELOOP, EACCES).
 */
export function realPathOfSync(path: string): string {
  return throughExisting(path, (p) => realpathSync(p));
}

/** realPathOfSync without blocking. */
export async function realPathOf(path: string): Promise<string> {
  const rest: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    try {
      return join(await realpath(p), ...rest);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(p) === p) throw e;
      rest.unshift(basename(p));
    }
  }
}

/**
 * Where a write or delete of `path` lands: its folder resolved through links,
 * its own name not (a chokepoint replaces or removes a link there, never
 * follows it).
 */
export function whereItLandsSync(path: string): string {
  const absolute = resolve(path);
  return join(realPathOfSync(dirname(absolute)), basename(absolute));
}

/** whereItLandsSync without blocking. */
export async function whereItLands(path: string): Promise<string> {
  const absolute = resolve(path);
  return join(await realPathOf(dirname(absolute)), basename(absolute));
}
