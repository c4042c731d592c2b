// The check that the cache folder is pkidocs' own (bin/cache-folder.js, which
// bin/ runs before the CLI loads), run again by every build and watch
// rebuild: .pkidocs-cache can be replaced by a link while serve --watch runs.
// The identity it finds is what every cache write and delete then asserts
// (cache-io.ts), so a swap after the check is refused too.
import { join } from 'node:path';
import { CACHE_NAME, claimCacheFolder } from '../../bin/cache-folder.js';
import { approveCacheFolder } from './cache-io.ts';

/** The message and hint of a refused cache folder; undefined once it is checked (and claimed, when new or empty). */
export function checkCacheFolder(root: string, outDir: string): { message: string; hint: string } | undefined {
  try {
    const found = claimCacheFolder(root, outDir);
    approveCacheFolder(join(root, CACHE_NAME), found);
    return undefined;
  } catch (e) {
    const err = e as Error & { oneLine?: boolean; hint?: string };
    if (!err.oneLine) throw e;
    return { message: err.message.split('\n')[0]!.replace(/^pkidocs: /, ''), hint: err.hint ?? '' };
  }
}
