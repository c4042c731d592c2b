// The URL of every API item and the anchor id of every member. This is the
// one place that decides them: the API templates and the link checker both
// rely on these functions.
//
// Member anchors follow the ids of the Docusaurus site pkidocs replaces, so
// old deep links keep working: GitHub-style slugs of the member names in page
// order, where that site's sub-headings (one per parameter) also took a slug.
// That is why `Certificate.schema()` is `#schema-1`: the parameter `schema` of
// `fromSchema()` came first. Pages now show members in declaration order, but
// the slugs are still counted in that site's order (by name within each group,
// `anchorOrder`), so every old id keeps naming the same member
// (test/unit/render/api/anchors.test.ts checks all 3,364 of them).
import GithubSlugger from 'github-slugger';
import { freeId, isReservedId } from '../shared/reserved-ids.ts';
import { compareNames, type ApiItem, type ApiItemKind, type ApiMember, type ApiMemberKind, type ApiPageItem, type ApiSignature, type ApiTarget } from '../api/model.ts';

/** The API reference of the default docs version; another version's is under its segment (`apiBaseOf`). */
export const API_BASE = '/docs/api';
export const API_GLOBALS_PATH = `${API_BASE}/globals`;

/** The API base of a docs version: `/docs/api` for the default one, `/docs/4.0/api` for path "4.0". */
export function apiBaseOf(versionDocsPath: string): string {
  return `${versionDocsPath}/api`;
}

/** The globals page under an API base. */
export const apiGlobalsPath = (base: string = API_BASE): string => `${base}/globals`;

/** The list of the exports a version removed, under its API base (a version with an older neighbour only). */
export const apiRemovedPath = (base: string): string => `${base}/removed-exports`;

const PAGE_DIRS: Partial<Record<ApiItemKind, string>> = {
  class: 'classes',
  interface: 'interfaces',
  enum: 'enumerations',
};

/** A JavaScript identifier, or identifiers joined by dots (a namespace's members). */
const ROUTABLE_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*(?:\.[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)*$/u;

/**
 * Whether an export's name may make an API page path or anchor (apiItemHref):
 * a d.ts may export under any string, and `export { X as "../../docs/installation" }`
 * would name a path out of the API pages.
 */
export function isRoutableName(name: string): boolean {
  return ROUTABLE_NAME.test(name);
}

/**
 * Page of a class, interface or enum; anchor of the other kinds on the page
 * of the namespace that declares them, or on the globals page.
 */
export function apiItemHref(kind: ApiItemKind, name: string, base: string = API_BASE): string {
  const dir = PAGE_DIRS[kind];
  if (dir) return `${base}/${dir}/${name}`;
  const namespace = namespaceOf(name);
  return `${namespace ? apiNamespaceHref(namespace, base) : apiGlobalsPath(base)}#${globalsAnchor(name)}`;
}

/** The page of a namespace, by qualified name (`Geometry.Units`). */
export function apiNamespaceHref(name: string, base: string = API_BASE): string {
  return `${base}/namespaces/${name}`;
}

/** The namespace that declares a qualified name (`Geometry` for `Geometry.area`), '' for a top-level export. */
export function namespaceOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(0, dot);
}

/** Anchor of a type alias, function or variable on the globals page, or on its namespace's page (by its own name there). */
export function globalsAnchor(name: string): string {
  const id = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return isReservedId(id) ? `_${id}` : id;
}

/** Id of the index of namespaces on the globals page and on a namespace's page. */
export const NAMESPACES_SECTION_ID = 'namespaces';

/** Ids of the page sections, reserved before any member takes a slug. */
export const API_SECTION_IDS = {
  examples: 'examples',
  hierarchy: 'hierarchy',
  extends: 'extends',
  implements: 'implements',
  extendedBy: 'extended-by',
  implementedBy: 'implemented-by',
  usedBy: 'used-by',
  typeParameters: 'type-parameters',
  callSignatures: 'call-signatures',
  indexSignatures: 'index-signatures',
  constructors: 'constructors',
  properties: 'properties',
  accessors: 'accessors',
  methods: 'methods',
  enumMembers: 'enumeration-members',
} as const;

export const GLOBALS_SECTION_IDS = {
  enum: 'enumerations',
  class: 'classes',
  interface: 'interfaces',
  typeAlias: 'type-aliases',
  variable: 'variables',
  function: 'functions',
} as const satisfies Record<ApiItemKind, string>;

export interface MemberAnchor {
  /** The member's h3 id. */
  id: string;
  /** One id per signature; the first is the member id, overloads get their own. */
  signatures: string[];
}

export interface PageAnchors {
  /** h3 ids of the item's own type parameters. */
  typeParameters: string[];
  members: ReadonlyMap<ApiMember, MemberAnchor>;
}

const anchorCache = new WeakMap<ApiPageItem, PageAnchors>();

const GROUP_RANK: Record<ApiMemberKind, number> = { constructor: 0, property: 1, accessor: 2, method: 3, enumMember: 4 };

/** The order the old site listed members in, which its slugs were counted in: group, instance before static, name. */
function anchorOrder(members: readonly ApiMember[]): ApiMember[] {
  const rank = (m: ApiMember) => GROUP_RANK[m.kind] * 2 + (m.flags.includes('static') ? 1 : 0);
  return [...members].sort((a, b) => rank(a) - rank(b) || compareNames(a.name, b.name));
}

/** Anchors of a page item's type parameters and members (counted in `anchorOrder`). */
export function apiPageAnchors(item: ApiPageItem): PageAnchors {
  const cached = anchorCache.get(item);
  if (cached) return cached;
  const slugger = new GithubSlugger();
  // Member names are the d.ts author's: none may take a layout id (`__pkidocs`).
  const slug = (text: string): string => freeId((t) => slugger.slug(t), slugger.slug(text));
  slugger.slug(item.name); // the h1
  for (const id of Object.values(API_SECTION_IDS)) slugger.slug(id);
  const typeParameters = (item.typeParameters ?? []).map((tp) => slug(tp.name));
  const byMember = new Map<ApiMember, MemberAnchor>();
  for (const member of anchorOrder(item.members)) {
    const heading = member.kind === 'constructor' ? 'Constructor' : member.name;
    const signatures = member.signatures ?? [];
    // The old site gave each constructor overload a heading of its own; every overload gets an id here.
    const ids = [slug(heading)];
    for (let i = 1; i < signatures.length; i++) ids.push(slug(heading));
    for (const sig of [...signatures, ...(member.setter ? [member.setter] : [])]) reserveParameterSlugs(slugger, sig);
    byMember.set(member, { id: ids[0]!, signatures: ids });
  }
  // Iterated in page order (the search index lists members so).
  const members = new Map(item.members.map((m) => [m, byMember.get(m)!]));
  const anchors = { typeParameters, members };
  anchorCache.set(item, anchors);
  return anchors;
}

export function apiMemberAnchors(item: ApiPageItem): ReadonlyMap<ApiMember, MemberAnchor> {
  return apiPageAnchors(item).members;
}

function reserveParameterSlugs(slugger: GithubSlugger, sig: ApiSignature): void {
  for (const p of sig.parameters) slugger.slug(p.name);
}

/** Finds a member of a page item by name and static-ness. */
export function findMember(item: ApiPageItem, name: string, isStatic = false): ApiMember | undefined {
  return item.members.find((m) => m.name === name && m.flags.includes('static') === isStatic);
}

/**
 * The href of an item or member target. `lookup` finds the item the target
 * belongs to; an unknown member falls back to its item's page.
 */
export function apiTargetHref(target: ApiTarget, lookup: (kind: ApiItemKind, name: string) => ApiItem | undefined, base: string = API_BASE): string {
  const itemHref = apiItemHref(target.kind, target.name, base);
  if (!target.member) return itemHref;
  const owner = lookup(target.kind, target.name);
  if (!owner || !('members' in owner)) return itemHref;
  const member = findMember(owner, target.member, target.static) ?? findMember(owner, target.member, !target.static);
  const anchor = member && apiMemberAnchors(owner).get(member);
  return anchor ? `${itemHref}#${anchor.id}` : itemHref;
}
