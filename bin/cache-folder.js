// Which folder pkidocs may use as its cache: the one check of bin/ (before the
// CLI loads) and of every build and watch rebuild (src/shared/cache-folder.ts),
// in plain JavaScript as bin/ runs before TypeScript can be loaded.
//
// .pkidocs-cache may be a link (a cache kept elsewhere), git keeps links, and
// the cache is written and cleared: a link to `.` with pkidocs' CACHEDIR.TAG
// committed beside it made the checkout "the cache" (its node_modules went).
// The tag is content, so it is not trusted as it is: pkidocs writes, after the
// spec's signature, a seal (HMAC under the checkout's key, cache-seal.js) of
// the folder's identity (device and inode). A folder is pkidocs' cache when
// its tag holds the seal of its own identity: one this checkout made or
// claimed. A link may lead to such a folder or to an empty one (claimed now), inside
// the checkout only,
// never to the checkout, a folder holding it, content/, out/, .git or
// node_modules/ (the key's folder), nor into one of them bar node_modules/.cache/.
import { lstatSync, mkdirSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readContent, replaceFile, sealBytes } from './cache-seal.js';
import { isInside } from './path-inside.js';

export const CACHE_NAME = '.pkidocs-cache';
const TAG = 'CACHEDIR.TAG';
/** The Cache Directory Tagging Specification's signature (bford.info/cachedir), naming pkidocs. */
const SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55\n# The cache of pkidocs: everything in this folder can be deleted.\n';

/**
 * Makes sure the cache folder of the checkout at `root` is pkidocs' (claiming
 * it when it is new, pkidocs' own real folder, or an empty one a link leads
 * to) and returns its real path and identity; throws an error with `oneLine`
 * (the message and a hint) before a file there is touched otherwise.
 * `outDir`: the output folder, which the cache may not hold or lie in.
 */
export function claimCacheFolder(root, outDir = join(root, 'out')) {
  const cache = join(root, CACHE_NAME);
  const found = lstatSync(cache, { throwIfNoEntry: false });
  if (found && !found.isSymbolicLink() && !found.isDirectory()) refuse(`${cache} is not a folder: pkidocs keeps its cache there.`, 'Move the file away.');
  if (!found) mkdirSync(cache, { recursive: true });
  let real;
  try {
    real = realpathSync(cache);
  } catch {
    refuse(`${cache} is a link to nothing.`, 'Remove the link, or create the folder it names.');
  }
  const stats = statSync(real);
  if (!stats.isDirectory()) refuse(`${cache} is a link to ${real}, which is not a folder.`, 'Remove the link.');
  const place = forbiddenPlace(real, root, outDir);
  if (place) refuse(`${cache} leads to ${real}, ${place}: pkidocs writes and deletes nothing there.`, 'Remove the link (pkidocs then makes its own folder), or point it at an empty folder of its own.');
  // A committed link could aim at an empty folder another program reads (~/.bashrc.d sources every file,
  // and the cache holds content text in JSON strings). And code run from a cache outside the checkout
  // does not find the checkout's packages (the TypeDoc child fails): so the cache stays in the checkout.
  if (!isInside(real, at(root))) {
    refuse(`${cache} is a link to ${real}, outside the checkout: pkidocs keeps its cache inside the checkout, where no other program reads it.`,
      'Remove the link (pkidocs then makes its own folder), or point it at a folder inside the checkout; to keep a cache between CI runs, save and restore the .pkidocs-cache folder itself.');
  }
  const identity = { real, dev: stats.dev, ino: stats.ino };
  const want = tagText(root, stats);
  const tag = readContent(join(real, TAG), 4096)?.toString('utf8');
  if (tag === want) return identity;
  // pkidocs' own place (a real folder at .pkidocs-cache), or an empty folder: claimed.
  if (!found?.isSymbolicLink() || readdirSync(real).length === 0) {
    replaceFile(join(real, TAG), want);
    return identity;
  }
  refuse(`${cache} is a link to ${real}, a folder this checkout's pkidocs did not make (${tag === undefined ? 'it holds files and no CACHEDIR.TAG' : 'its CACHEDIR.TAG carries no seal of that folder by this checkout'}): pkidocs writes and deletes nothing there.`,
    'Point the link at an empty folder, or remove it (pkidocs then makes its own).');
}

/** The tag of a cache folder pkidocs made: the signature, then the seal of the folder's identity. */
function tagText(root, stats) {
  return `${SIGNATURE}# Folder seal: ${sealBytes(root, TAG, `${stats.dev}:${stats.ino}`).toString('hex')}\n`;
}

/** Why `real` may not be the cache: it holds the checkout or a folder of it, or lies in one; undefined when it may. */
function forbiddenPlace(real, root, outDir) {
  const checkout = at(root);
  if (isInside(checkout, real, { orSelf: true })) return 'the checkout itself or a folder holding it';
  const parts = { 'content/': join(root, 'content'), 'the output folder': outDir, '.git/': join(root, '.git'), 'node_modules/': join(root, 'node_modules') };
  for (const [name, path] of Object.entries(parts)) {
    const folder = at(path);
    if (isInside(folder, real, { orSelf: true })) return `a folder holding ${name}`;
    if (!isInside(real, folder)) continue;
    // node_modules/.cache/ is where tools keep caches; the seal key's folder is not one.
    const cacheOfTools = join(folder, '.cache');
    if (name === 'node_modules/' && isInside(real, cacheOfTools) && !isInside(real, join(cacheOfTools, 'pkidocs'), { orSelf: true })) continue;
    return `a folder inside ${name}`;
  }
  return undefined;
}

/** A path's real path, or the path itself when it does not exist (src/shared/path-inside.ts's realPathOfSync resolves the existing part: TypeScript, which bin/ cannot load). */
function at(path) {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function refuse(message, hint) {
  throw Object.assign(new Error(`pkidocs: ${message}\n  → ${hint}`), { oneLine: true, hint });
}
