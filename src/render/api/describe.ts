// Plain-text descriptions of the items that have pages: the page's
// <meta name="description"> (search results and link previews need one on
// every page) and the globals index line of an item without a doc comment.
import type { ApiMemberKind, ApiPageItem } from '../../api/model.ts';

const KIND_NAMES = { class: 'Class', interface: 'Interface', enum: 'Enumeration' } as const;

const MEMBER_WORDS: [ApiMemberKind, string, string][] = [
  ['constructor', 'constructor', 'constructors'],
  ['property', 'property', 'properties'],
  ['accessor', 'accessor', 'accessors'],
  ['method', 'method', 'methods'],
  ['enumMember', 'member', 'members'],
];

/** "1 constructor, 12 properties, 3 methods"; "no members" when it has none. */
export function memberCounts(item: ApiPageItem): string {
  const counts = MEMBER_WORDS.flatMap(([kind, one, many]) => {
    const n = item.members.filter((m) => m.kind === kind).length;
    return n ? [`${n} ${n === 1 ? one : many}`] : [];
  });
  if (item.kind === 'interface' && item.callSignatures?.length) counts.push(item.callSignatures.length === 1 ? '1 call signature' : `${item.callSignatures.length} call signatures`);
  if (item.kind !== 'enum' && item.indexSignatures?.length) counts.push('an index signature');
  return counts.length ? counts.join(', ') : 'no members';
}

/** The item's summary when it has one, else "Interface ICertificate of pkijs: 12 properties". */
export function itemDescription(item: ApiPageItem, packageName: string): string {
  return item.summary || `${KIND_NAMES[item.kind]} ${item.name} of ${packageName}: ${memberCounts(item)}`;
}
