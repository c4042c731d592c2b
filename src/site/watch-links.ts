// The links a build follows under content/ (docs, site notes, static files),
// found by the build's own walk: watch mode watches their targets, and no
// other link's.
import { listContentFiles, type FollowedLink } from '../content/walk.ts';
import { apiNotesDir, docsDir, staticDir, type SiteLayout } from './changes.ts';

export function followedLinks(layout: SiteLayout, root: string): FollowedLink[] {
  return [docsDir(layout), apiNotesDir(layout), staticDir(layout)].flatMap((dir) => listContentFiles(dir, { root, accept: () => true }).links);
}
