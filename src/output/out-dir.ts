// Which folders pkidocs may replace with a new site. The output folder is
// replaced as a whole, so a wrong --out (".", "content", a home folder) would
// delete everything in it: pkidocs only replaces a folder that is missing,
// empty, or marked as its own by the marker file every site it writes holds.
import { lstat, readdir, readlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isInside, realPathOf } from '../shared/path-inside.ts';
import { knownPaths, MANIFEST, readManifest, unknownEntries } from './manifest.ts';

/**
 * Written into every output folder. A dotfile no page or static file can be
 * named (static files named so are not copied): static hosts either skip
 * dotfiles or serve this one, which holds one harmless sentence.
 */
export const MARKER = '.pkidocs-out';
export const MARKER_TEXT = 'This folder was written by pkidocs. `pkidocs build` replaces it as a whole; do not keep other files in it.\n';

/** Folders of the project a site may never replace, nor be written into. */
const PROJECT_FOLDERS = ['content', 'src', 'templates', 'client', 'bin', '.git', 'node_modules', '.pkidocs-cache'];

export interface OutDirRules {
  /** The project (repository) root. */
  root: string;
  /** The content folder: the one the site config lives in. */
  contentDir: string;
}

const HINT = 'Pass --out a folder of its own: a missing or empty one, or one pkidocs wrote before (the default is out).';

/** A problem if `outDir` is, holds or lies inside a folder of the project; symlinks are resolved first. */
export async function protectedProblem(outDir: string, rules: OutDirRules): Promise<Diagnostic | undefined> {
  const [out, root, content] = await Promise.all([realPathOf(outDir), realPathOf(rules.root), realPathOf(rules.contentDir)]);
  const refuse = (why: string): Diagnostic => error('usage', 'output/protected-folder', refusal(outDir, out, why), { hint: HINT });
  if (out === root) return refuse('it is the repository root');
  if (isInside(root, out)) return refuse(`it contains the repository (${root})`);
  if (out === content) return refuse('it is the content folder, where the site config lives');
  if (isInside(out, content)) return refuse(`it is inside the content folder (${content})`);
  if (isInside(content, out)) return refuse(`it contains the content folder (${content})`);
  for (const name of PROJECT_FOLDERS) {
    const folder = await realPathOf(join(rules.root, name));
    if (out === folder) return refuse(`it is the project's ${name}/ folder`);
    if (isInside(out, folder)) return refuse(`it is inside the project's ${name}/ folder`);
  }
  return undefined;
}

/**
 * A problem if `outDir` itself is a symbolic link, or a folder on its way
 * down from the repository root is. out/ is kept between runs and git keeps
 * links, so a link committed there (to ~/.config/fish/conf.d, say) would have
 * the site written, and what was in the folder replaced, wherever it leads:
 * that folder must be named by the user, as the real path. Links above the
 * repository (a home folder on another disk) are the machine's, not the
 * checkout's, and are followed.
 */
export async function linkProblem(outDir: string, root: string): Promise<Diagnostic | undefined> {
  const given = resolve(outDir);
  const steps = isInside(given, root) ? relative(resolve(root), given).split(sep) : [];
  const paths = steps.map((_, i) => join(resolve(root), ...steps.slice(0, i + 1)));
  if (!paths.includes(given)) paths.push(given);
  for (const path of paths) {
    if (!(await lstat(path).catch(() => undefined))?.isSymbolicLink()) continue;
    const target = resolve(dirname(path), await readlink(path));
    const what = path === given ? 'it is' : `its folder ${path} is`;
    return error('usage', 'output/link', `Refusing to use ${outDir} as the output folder: ${what} a symbolic link to ${target}. pkidocs replaces the output folder as a whole, so the site would be written, and what is in that folder deleted, wherever a link kept in the checkout leads.`, {
      hint: `If ${target} is really the folder meant, pass it itself: --out ${given === path ? target : join(target, relative(path, given))}`,
    });
  }
  return undefined;
}

/**
 * A problem unless `outDir` is missing, an empty folder, or a folder pkidocs
 * wrote holding nothing else: every entry must be listed in its manifest.
 * A site of an older pkidocs (no manifest) is checked against `next`, the
 * files of the site about to replace it, when it is known (just before the
 * swap): any entry that site does not write (a .git/, a CNAME, notes) is
 * named and refused, never deleted.
 */
export async function contentsProblem(outDir: string, next?: ReadonlySet<string>): Promise<Diagnostic | undefined> {
  const stat = await lstat(outDir).catch(missing);
  if (!stat) return undefined;
  const real = await realPathOf(outDir);
  if (!(await lstat(real)).isDirectory()) {
    return error('usage', 'output/not-a-folder', refusal(outDir, real, 'it is a file, not a folder'), { hint: HINT });
  }
  if ((await readdir(real)).length === 0) return undefined;
  if (!(await isOurs(real))) {
    return error('usage', 'output/not-ours', refusal(outDir, real, `it holds files that pkidocs did not write (there is no ${MARKER} file in it)`), {
      hint: 'If it is an old site you no longer need, delete it yourself; otherwise pass --out a missing or empty folder.',
    });
  }
  const manifest = await readManifest(real);
  const ours = (p: string): boolean => p === MARKER || p === MANIFEST;
  const known = manifest ? knownPaths(manifest.keys(), ours) : next ? knownPaths(next, (p) => ours(p) || p.startsWith('_pkidocs/')) : undefined;
  if (!known) return undefined;
  const unknown = await unknownEntries(real, known);
  if (!unknown.length) return undefined;
  const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
  const record = manifest ? `its ${MANIFEST} does not list` : 'this build does not write (the folder is from an older pkidocs, which kept no list of its files)';
  return error('usage', 'output/unknown-entries', refusal(outDir, real, `it holds ${unknown.length === 1 ? 'an entry' : `${unknown.length} entries`} that ${record}: ${shown}`), {
    hint: 'Move what is yours out of it (a .git/ or CNAME belongs in content/static/ or elsewhere), or delete the folder yourself if nothing in it is, then build again.',
  });
}

/**
 * A folder pkidocs wrote: it holds the marker, or it is a site written before
 * markers existed (404.html, index.html and _pkidocs/chunks/, which nothing
 * else writes), so that upgrading does not refuse the out/ of the last build.
 */
export async function isOurs(dir: string): Promise<boolean> {
  const [marker, page, notFound, chunks] = await Promise.all(
    [MARKER, 'index.html', '404.html', '_pkidocs/chunks'].map((f) => lstat(join(dir, f)).catch(missing)),
  );
  if (marker?.isFile()) return true;
  return Boolean(page?.isFile() && notFound?.isFile() && chunks?.isDirectory());
}

/** Whether out/ still holds the marker and the manifest of the site pkidocs wrote into it (watch mode then rewrites it in place). */
export async function hasMarker(dir: string): Promise<boolean> {
  const [marker, manifest] = await Promise.all([MARKER, MANIFEST].map((f) => lstat(join(dir, f)).catch(missing)));
  return Boolean(marker?.isFile() && manifest?.isFile());
}

function refusal(given: string, real: string, why: string): string {
  const shown = real === given ? given : `${given} (${real})`;
  return `Refusing to use ${shown} as the output folder: ${why}. pkidocs replaces the output folder as a whole, so ${why.startsWith('it is a file') ? 'the file would be deleted' : 'everything in it would be deleted'}.`;
}

/**
 * `--out` as a build uses it: a link there is followed, so the folder it leads
 * to is what the lock, the temporary site and the swap sit beside (moving the
 * link itself is refused by the guard: it is not a folder the build owns).
 * A path that cannot be resolved (a link loop) is kept, for the checks to report.
 */
export async function outFolder(path: string): Promise<string> {
  return realPathOf(path).catch(() => path);
}

function missing(e: NodeJS.ErrnoException): undefined {
  if (e.code === 'ENOENT') return undefined;
  throw e;
}
