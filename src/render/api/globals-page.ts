// The globals page: a linked index of the kinds with pages of their own, then
// every type alias, variable and function documented in place. A namespace's
// page is the same for the exports the namespace declares (TypeDoc's module
// and namespace pages are alike too).
import type { ApiFunction, ApiItem, ApiItemKind, ApiPageItem, ApiTypeAlias, ApiVariable } from '../../api/model.ts';
import { GLOBALS_SECTION_IDS, NAMESPACES_SECTION_ID, apiItemHref, apiRemovedPath, apiNamespaceHref, globalsAnchor, namespaceOf } from '../../routes/api-urls.ts';
import type { ApiGlobalsPageProps, MarkView, MemberView, SectionView } from '../../../templates/api/props.ts';
import type { ApiRenderContext } from './context.ts';
import { escapeText } from '../../shared/escape.ts';
import { memberCounts } from './describe.ts';
import { signatureView, typeParameterView } from './member-view.ts';

const INDEXED: [ApiPageItem['kind'], string][] = [
  ['enum', 'Enumerations'],
  ['class', 'Classes'],
  ['interface', 'Interfaces'],
];

/** The props of the globals page, or with `namespace` (a qualified name) of that namespace's page. */
export function globalsPageProps(cx: ApiRenderContext, namespace = ''): ApiGlobalsPageProps {
  const ofKind = <K extends ApiItemKind>(kind: K) =>
    cx.model.items.filter((i): i is Extract<ApiItem, { kind: K }> => i.kind === kind && namespaceOf(i.name) === namespace);
  const namespaces = (cx.model.namespaces ?? []).filter((n) => namespaceOf(n.name) === namespace);
  const indexes = [
    { id: NAMESPACES_SECTION_ID, title: 'Namespaces', entries: namespaces.map((n) => ({ name: n.name, href: apiNamespaceHref(n.name, cx.base), summary: n.summary || namespaceCounts(n.name, cx) })) },
    ...INDEXED.map(([kind, title]) => ({
      id: GLOBALS_SECTION_IDS[kind],
      title,
      // Every term gets a description (a definition list of bare terms is not one): the summary, else what it holds.
      entries: ofKind(kind).map((i) => ({ name: i.name, href: apiItemHref(i.kind, i.name, cx.base), summary: i.summary || memberCounts(i), ...marksOf(i, cx) })),
    })),
  ];
  const sections: SectionView[] = [
    { id: GLOBALS_SECTION_IDS.typeAlias, title: 'Type Aliases', members: ofKind('typeAlias').map((a) => typeAliasView(a, cx)) },
    { id: GLOBALS_SECTION_IDS.variable, title: 'Variables', members: ofKind('variable').map((v) => variableView(v, cx)) },
    { id: GLOBALS_SECTION_IDS.function, title: 'Functions', members: ofKind('function').map((f) => functionView(f, cx)) },
  ];
  const own = namespace ? cx.model.namespaces?.find((n) => n.name === namespace) : undefined;
  const docHtml = own ? cx.docs.doc(own.doc) : undefined;
  // The API index of a version with an older neighbour links its removed-exports page.
  const removedLink = !namespace && cx.marks?.removed() ? { removedLink: { text: `Exports removed since ${cx.marks.removed()!.older.label}`, href: apiRemovedPath(cx.base) } } : {};
  return {
    title: namespace ? `Namespace ${namespace}` : cx.model.packageName,
    ...(docHtml ? { docHtml } : {}),
    ...removedLink,
    indexes: indexes.filter((i) => i.entries.length),
    sections: sections.filter((s) => s.members.length),
  };
}

/** What a namespace without a summary holds, as memberCounts says it of a class. */
function namespaceCounts(namespace: string, cx: ApiRenderContext): string {
  const count = cx.model.items.filter((i) => namespaceOf(i.name) === namespace).length + (cx.model.namespaces ?? []).filter((n) => namespaceOf(n.name) === namespace).length;
  return `${count} ${count === 1 ? 'export' : 'exports'}`;
}

/** A member's name where it is documented: its own on its namespace's page (`area`, not `Geometry.area`). */
const shortName = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

function view(item: ApiItem, heading: string, cx: ApiRenderContext): MemberView {
  const docHtml = cx.docs.doc(item.doc);
  return { id: globalsAnchor(item.name), heading, flags: [], signatures: [], origins: [], ...(docHtml ? { docHtml } : {}), ...marksOf(item, cx) };
}

/** An export's version marks, as a field only where it has some (most have none). */
function marksOf(item: ApiItem, cx: ApiRenderContext): { marks?: MarkView[] } {
  const marks = cx.marks?.item(item);
  return marks?.length ? { marks } : {};
}

function typeAliasView(alias: ApiTypeAlias, cx: ApiRenderContext): MemberView {
  const member = view(alias, shortName(alias.name), cx);
  // Written as TypeScript declares it: `type Name<T> = …`.
  const code = cx.types.declaration(`type ${escapeText(shortName(alias.name))}${cx.types.typeParameters(alias.typeParameters)} = `, alias.type);
  // Listed with their constraints and defaults, as on functions and methods.
  const typeParameters = alias.typeParameters?.length ? alias.typeParameters.map((p) => typeParameterView(p, cx)) : undefined;
  member.signatures.push({ codeHtml: code, ...(typeParameters ? { typeParameters } : {}) });
  return member;
}

function variableView(variable: ApiVariable, cx: ApiRenderContext): MemberView {
  const member = view(variable, shortName(variable.name), cx);
  const head = `${variable.const ? 'const' : 'let'} ${escapeText(shortName(variable.name))}`;
  // A literal type already says the value; otherwise show the initialiser when it is short.
  const value = variable.type?.type !== 'literal' && variable.defaultValue && variable.defaultValue.length < 80
    ? ` = ${escapeText(variable.defaultValue)}`
    : '';
  member.signatures.push({ codeHtml: `${variable.type ? cx.types.declaration(`${head}: `, variable.type) : head}${value}` });
  return member;
}

function functionView(fn: ApiFunction, cx: ApiRenderContext): MemberView {
  const member = view(fn, `${shortName(fn.name)}()`, cx);
  member.signatures.push(...fn.signatures.map((s) => signatureView(s, escapeText(shortName(fn.name)), cx)));
  return member;
}
