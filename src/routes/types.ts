// Route records: one per page written. routes/ is the only stage that
// decides URLs; later stages read them from here.
import type { ApiItem } from '../api/model.ts';
import type { DocSource } from '../content/docs.ts';
import type { RouteKind, SidebarId } from '../shared/page.ts';
import type { VersionLinks } from '../shared/view.ts';

export type RouteModel =
  | { type: 'doc'; doc: DocSource }
  | { type: 'api-item'; item: ApiItem }
  /** The globals page, or with `namespace` (a qualified name) that namespace's page. */
  | { type: 'api-globals'; namespace?: string }
  | { type: 'api-readme'; file: string }
  /** What the older neighbouring version exported and this one does not (src/render/api/marks.ts). */
  | { type: 'api-removed' }
  | { type: 'page-module'; file: string }
  | { type: 'not-found' };

export interface RouteRecord {
  path: string;
  kind: RouteKind;
  /** Only an exact path match shows this route (all of ours but the 404). */
  exact: boolean;
  sidebar?: SidebarId;
  /** The docs version (its name) of a page under a version segment; none for the default version's. */
  version?: string;
  /** The file the page comes from, for diagnostics. */
  source: string;
  model: RouteModel;
  /** A docs page's counterparts in the other documented versions (version-links.ts); none with one version. */
  versionLinks?: VersionLinks;
}

/** The spec's docs page record. */
export interface DocPageRecord {
  id: string;
  path: string;
  sidebar?: SidebarId;
}
