// The API bodies' cache keys, one per docs version ('' the default one). A
// version's API pages are made of its own model (its cache key), its API base,
// the version marks it carries, and for the default version the site notes:
// the marks are keyed on their result for each of its items and members (the
// version diff's outcome), not on the neighbours' models, so a doc-comment
// edit of one version's d.ts leaves the other's bodies cached; an edit that
// changes a mark on the other version changes its key.
import { isPageItem, type ApiModel } from '../api/model.ts';
import { apiNotesDigest } from '../content/api-notes.ts';
import type { ApiMarks } from '../render/api/marks.ts';
import { apiBaseOf } from '../routes/api-urls.ts';
import { apiBodyKey, siteMarks } from './body-input.ts';
import { sha256 } from './page-cache.ts';
import type { Inputs } from './types.ts';

/** Each version's API bodies key, by name ('' the default version), or undefined when a model has no key. */
export function apiBodyKeys(input: Inputs): Map<string, string> | undefined {
  if (apiBodyKey(input) === undefined) return undefined; // also checks the site notes against the model
  const { config, api, versionApis, content } = input;
  const marks = siteMarks(input);
  const defaultName = config.docs.versions.find((v) => !v.path)?.name;
  // A version's doc comments link to its own copies of site pages (versionSitePath): which pages it has is part of its bodies.
  const pagesOf = (name: string): string => (name === '' ? '' : JSON.stringify(input.site.routes.filter((r) => r.version === name).map((r) => r.path).sort()));
  const keyOf = (name: string, key: string, model: ApiModel, base: string, notes: string): string =>
    sha256('api-bodies', name, key, base, notes, pagesOf(name), marksDigest(model, marks.get(name === '' ? (defaultName ?? '') : name))).slice(0, 40);
  return new Map([
    ['', keyOf('', api.key!, api.model, 'default', apiNotesDigest(content.apiNotes))],
    ...versionApis.map((v) => [v.name, keyOf(v.name, v.api.key!, v.api.model, apiBaseOf(v.docsPath), '')] as const),
  ]);
}

/** What the marks give each item and member of a version's pages, and its globals page's link to the removed exports. */
function marksDigest(model: ApiModel, marks: ApiMarks | undefined): string {
  if (!marks) return 'no marks';
  const parts: string[] = [];
  for (const item of model.items) {
    parts.push(JSON.stringify(marks.item(item)));
    if (isPageItem(item)) for (const member of item.members) parts.push(JSON.stringify(marks.member(item, member)));
  }
  parts.push(JSON.stringify(marks.removed()?.older.label ?? null));
  return sha256(...parts);
}
