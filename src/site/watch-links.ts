// What watch mode follows besides content/, client/ and templates/: the links
// a build follows under content/ (docs, site notes, static files), found by
// the build's own walk (their targets are watched, and no other link's), and
// the type definitions of every documented version.
import { readInputs } from '../api/cache-key.ts';
import { listContentFiles, type FollowedLink } from '../content/walk.ts';
import { apiNotesDir, docsDir, staticDir, type SiteLayout } from './changes.ts';
import type { SiteState } from './types.ts';

export function followedLinks(layout: SiteLayout, root: string): FollowedLink[] {
  return [docsDir(layout), apiNotesDir(layout), staticDir(layout)].flatMap((dir) => listContentFiles(dir, { root, accept: () => true }).links);
}

/**
 * The layout with the type definitions the last good run documented, the default version's and
 * every other's, and the files each one's conversion read (as the API cache's manifest names them).
 */
export function libraryLayout(layout: SiteLayout, state: Pick<SiteState, 'library' | 'versionApis'> | undefined, cacheDir: string): SiteLayout {
  if (!state) return layout;
  const entries = [state.library.entry, ...state.versionApis.map((v) => v.library.entry)];
  const readers = new Map<string, string[]>();
  for (const entry of entries) {
    for (const file of new Set([entry, ...(readInputs(cacheDir, entry) ?? [])])) readers.set(file, [...(readers.get(file) ?? []), entry]);
  }
  return { ...layout, libraryEntry: state.library.entry, apiFiles: [...readers.keys()].filter((f) => f !== state.library.entry), apiReaders: readers };
}
