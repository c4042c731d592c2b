// "New in 4.0", "Signature changed in 4.0", "Removed in 4.0": the marks each
// documented version's API pages carry, from the diff of its model with its
// neighbours' (src/api/version-diff.ts). Each pair of neighbouring versions is
// diffed once per build. A version's pages mark what it added or re-declared
// since the older neighbour, and what the newer neighbour removed or
// re-declared, linking to the newer page where it has one.
import { isPageItem, type ApiItem, type ApiMember, type ApiModel, type ApiPageItem } from '../../api/model.ts';
import { diffModels, memberId, memberKey, type ModelDiff } from '../../api/version-diff.ts';
import { apiItemHref, apiMemberAnchors } from '../../routes/api-urls.ts';
import type { MarkView } from '../../../templates/api/props.ts';

/** One documented version, as the marks see it. */
export interface MarkedVersion {
  name: string;
  /** As the dropdown shows it: `4.0`. */
  label: string;
  model: ApiModel;
  /** Its API base: `/docs/4.0/api`. */
  base: string;
}

/** The marks of one version's pages. */
export interface ApiMarks {
  item(item: ApiItem): MarkView[];
  member(item: ApiPageItem, member: ApiMember): MarkView[];
  /** What the older neighbour exported that this version does not (for the removed-exports page). */
  removed(): { older: MarkedVersion; items: ApiItem[] } | undefined;
}

/** The marks of every version, by name; `versions` newest first, as docs.versions lists them. */
export function versionMarks(versions: readonly MarkedVersion[]): Map<string, ApiMarks> {
  const diffs = versions.slice(1).map((older, i) => diffOf(older.model, versions[i]!.model));
  return new Map(versions.map((v, i) => [v.name, marksOf(
    i + 1 < versions.length ? { diff: diffs[i]!, other: versions[i + 1]! } : undefined,
    i > 0 ? { diff: diffs[i - 1]!, other: versions[i - 1]! } : undefined,
    v,
  )]));
}

/** Diffs by model pair: after an edit of one version's d.ts, only the pairs with its new model are diffed again. */
const diffs = new WeakMap<ApiModel, WeakMap<ApiModel, ModelDiff>>();
function diffOf(from: ApiModel, to: ApiModel): ModelDiff {
  const byTo = diffs.get(from) ?? new WeakMap<ApiModel, ModelDiff>();
  diffs.set(from, byTo);
  const diff = byTo.get(to) ?? diffModels(from, to);
  byTo.set(to, diff);
  return diff;
}

/**
 * Every mark a page of `item` shows (its own and its members'), as one string:
 * equal strings, equal marks. Watch mode re-renders the pages whose key changed.
 */
export function itemMarksKey(marks: ApiMarks | undefined, item: ApiItem): string {
  if (!marks) return '';
  return JSON.stringify([marks.item(item), isPageItem(item) ? item.members.map((m) => marks.member(item, m)) : []]);
}

/** The marks an index of exports shows (each export's, and the removed-exports link). */
export function modelMarksKey(marks: ApiMarks | undefined, model: ApiModel): string {
  if (!marks) return '';
  const removed = marks.removed();
  return JSON.stringify([model.items.map((i) => marks.item(i)), removed && [removed.older.label, removed.older.base, removed.items.map((i) => i.name)]]);
}

interface Neighbour {
  diff: ModelDiff;
  other: MarkedVersion;
}

function marksOf(older: Neighbour | undefined, newer: Neighbour | undefined, self: MarkedVersion): ApiMarks {
  const since = (change: string | undefined): MarkView[] => {
    if (change === 'added') return [{ text: `New in ${self.label}` }];
    return change === 'changed' ? [{ text: `Signature changed in ${self.label}` }] : [];
  };
  const lookup = newer && new Map(newer.other.model.items.map((i) => [i.name, i]));
  const until = (change: string | undefined, href: () => string | undefined): MarkView[] => {
    if (!newer || (change !== 'removed' && change !== 'changed')) return [];
    const text = `${change === 'removed' ? 'Removed' : 'Signature changed'} in ${newer.other.label}`;
    const to = change === 'changed' ? href() : undefined;
    return [to ? { text, href: to } : { text }];
  };
  return {
    item: (item) => [
      ...since(older?.diff.items.get(item.name)),
      ...until(newer?.diff.items.get(item.name), () => {
        const there = lookup!.get(item.name)!;
        return apiItemHref(there.kind, there.name, newer!.other.base);
      }),
    ],
    member: (item, member) => [
      ...since(older?.diff.members.get(memberId(item.name, member))),
      ...until(newer?.diff.members.get(memberId(item.name, member)), () => memberHref(lookup!.get(item.name), member, newer!.other.base)),
    ],
    removed: () => older && {
      older: older.other,
      items: older.other.model.items.filter((i) => older.diff.items.get(i.name) === 'removed'),
    },
  };
}

/** The newer version's member of the same name and static-ness, on its page. */
function memberHref(item: ApiItem | undefined, member: ApiMember, base: string): string | undefined {
  if (!item || !isPageItem(item)) return undefined;
  const there = item.members.find((m) => memberKey(m) === memberKey(member));
  const anchor = there && apiMemberAnchors(item).get(there);
  return anchor && `${apiItemHref(item.kind, item.name, base)}#${anchor.id}`;
}
