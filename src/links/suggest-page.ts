// The page to suggest for a link to a missing one. Edit distance alone sends
// a link into /docs/4.0/ to a page of another version ("/docs/4.0/nope" →
// "/docs/api/pkijs"), so the closest path is looked for in the deepest folder
// of the link that holds pages first, then in the folders above it.
import { closest } from 'fastest-levenshtein';

export function suggestPage(path: string, pages: readonly string[]): string {
  const segments = path.split('/');
  for (let n = segments.length - 1; n > 1; n--) {
    const folder = `${segments.slice(0, n).join('/')}/`;
    const near = pages.filter((p) => p.startsWith(folder));
    if (near.length) return closest(path, near);
  }
  return closest(path, [...pages]);
}
