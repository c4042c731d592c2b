// The base URL a built site expects, read back from the site itself (its
// <meta name="pkidocs:base-url">), so `serve` and `check` serve out/ under
// the prefix it was built for without loading the config. Cached by the
// page's modification time: a watch rebuild with a new baseUrl is seen at once.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_URL_PATTERN } from '../shared/base-url.ts';

const META = /<meta name="pkidocs:base-url" content="([^"]*)">/;

export function siteBase(outDir: string): () => string {
  let seen: { mtime: number; base: string } | undefined;
  return () => {
    const file = join(outDir, '404.html');
    try {
      const mtime = statSync(file).mtimeMs;
      if (seen?.mtime !== mtime) {
        const base = META.exec(readFileSync(file, 'utf8').slice(0, 4096))?.[1] ?? '/';
        // As strict as the config's baseUrl: a committed 404.html may name any text.
        seen = { mtime, base: BASE_URL_PATTERN.test(base) ? base : '/' };
      }
      return seen.base;
    } catch {
      return '/'; // no site yet
    }
  };
}
