// ApiPageItem → ApiItemPageProps: the sections of a class, interface or
// enumeration page in their fixed order.
import type { ApiMember, ApiMemberKind, ApiPageItem, ApiTarget, ApiType } from '../../api/model.ts';
import { API_SECTION_IDS, apiItemHref, apiPageAnchors } from '../../routes/api-urls.ts';
import type { ApiItemPageProps, HierarchyRow, MemberView, SectionView } from '../../../templates/api/props.ts';
import type { ApiRenderContext } from './context.ts';
import { escapeHtml, escapeText } from '../../shared/escape.ts';
import { memberView, signatureView, typeParameterView } from './member-view.ts';

const KIND_LABELS = { class: 'Class', interface: 'Interface', enum: 'Enumeration' } as const;

const MEMBER_SECTIONS: [ApiMemberKind, string, string][] = [
  ['constructor', API_SECTION_IDS.constructors, 'Constructors'],
  ['property', API_SECTION_IDS.properties, 'Properties'],
  ['accessor', API_SECTION_IDS.accessors, 'Accessors'],
  ['method', API_SECTION_IDS.methods, 'Methods'],
  ['enumMember', API_SECTION_IDS.enumMembers, 'Enumeration Members'],
];

/** Site notes (content/api-notes) rendered to HTML: on the item itself, and on members. */
export interface ItemNotes {
  item?: string;
  members: Map<ApiMember, string>;
}

export function itemPageProps(item: ApiPageItem, cx: ApiRenderContext, notes?: ItemNotes): ApiItemPageProps {
  const props: ApiItemPageProps = {
    name: item.name,
    kindLabel: KIND_LABELS[item.kind],
    flags: item.kind === 'class' && item.abstract ? ['abstract'] : [],
    sections: [...signatureSections(item, cx), ...memberSections(item, cx, notes)],
  };
  if (notes?.item) props.note = { title: item.name, html: notes.item };
  const marks = cx.marks?.item(item);
  if (marks?.length) props.marks = marks;
  // Under the h1 and the Examples h2 an h4 would skip a level: tags are labelled by paragraphs there.
  const docHtml = cx.docs.doc(item.doc, ['@example'], 'p');
  if (docHtml) props.docHtml = docHtml;
  const examples = item.doc?.tags.filter((t) => t.tag === '@example') ?? [];
  if (examples.length) props.examples = { id: API_SECTION_IDS.examples, html: cx.docs.doc({ summary: [], tags: examples }, [], 'p') };
  const rows = hierarchyRows(item, cx);
  if (rows.length) props.hierarchy = { id: API_SECTION_IDS.hierarchy, rows };
  const users = cx.usedBy(item);
  if (users.length && item.kind !== 'enum') {
    props.usedBy = { id: API_SECTION_IDS.usedBy, links: users.map((u) => ({ text: u.name, href: apiItemHref(u.kind, u.name, cx.base) })) };
  }
  return props;
}

/** Type parameters, then an interface's own call signatures and a class's or interface's index signatures. */
function signatureSections(item: ApiPageItem, cx: ApiRenderContext): SectionView[] {
  const sections: SectionView[] = [];
  const anchors = apiPageAnchors(item);
  if (item.typeParameters?.length) {
    const members = item.typeParameters.map((tp, i): MemberView => {
      const view = typeParameterView(tp, cx);
      const code = `${escapeText(tp.name)}${view.typeHtml ? ` ${view.typeHtml}` : ''}`;
      const member: MemberView = { id: anchors.typeParameters[i]!, heading: tp.name, flags: [], signatures: [{ codeHtml: code }], origins: [] };
      if (view.docHtml) member.docHtml = view.docHtml;
      return member;
    });
    sections.push({ id: API_SECTION_IDS.typeParameters, title: 'Type Parameters', members });
  }
  if (item.kind === 'enum') return sections;
  if (item.kind === 'interface' && item.callSignatures?.length) {
    // Kept under one h3: they have no names of their own to anchor.
    const signatures = item.callSignatures.map((s) => signatureView(s, '', cx));
    sections.push({
      id: API_SECTION_IDS.callSignatures,
      title: 'Call Signatures',
      members: [{ id: `${API_SECTION_IDS.callSignatures}-0`, heading: `${item.name}()`, flags: [], signatures, origins: [] }],
    });
  }
  if (item.indexSignatures?.length) {
    const signatures = item.indexSignatures.map((s) => ({
      // With its `readonly`: `readonly [n: number]: T` forbids the writes a bare one allows.
      codeHtml: cx.types.indexSignature(s),
      ...(s.doc ? { docHtml: cx.docs.doc(s.doc) } : {}),
    }));
    sections.push({
      id: API_SECTION_IDS.indexSignatures,
      title: 'Index Signatures',
      members: [{ id: `${API_SECTION_IDS.indexSignatures}-0`, heading: '[key]', flags: [], signatures, origins: [] }],
    });
  }
  return sections;
}

function memberSections(item: ApiPageItem, cx: ApiRenderContext, notes: ItemNotes | undefined): SectionView[] {
  const anchors = apiPageAnchors(item).members;
  return MEMBER_SECTIONS.flatMap(([kind, id, title]) => {
    const members = item.members
      .filter((m) => m.kind === kind)
      .map((m) => {
        const view = memberView(m, anchors.get(m)!, item, cx);
        const marks = cx.marks?.member(item, m);
        if (marks?.length) view.marks = marks;
        const note = notes?.members.get(m);
        if (note) view.note = { title: m.kind === 'constructor' ? `new ${item.name}()` : `${item.name}.${view.heading}`, html: note };
        return view;
      });
    return members.length ? [{ id, title, members }] : [];
  });
}

function hierarchyRows(item: ApiPageItem, cx: ApiRenderContext): HierarchyRow[] {
  const rows: HierarchyRow[] = [];
  const add = (id: string, label: string, itemsHtml: string[]) => {
    if (itemsHtml.length) rows.push({ id, label, itemsHtml });
  };
  const typesHtml = (types: ApiType[]) => types.map((t) => cx.types.type(t));
  const linksHtml = (targets: ApiTarget[]) => targets.map((t) => link(t, cx));
  if (item.kind === 'class') {
    add(API_SECTION_IDS.extends, 'Extends', typesHtml(item.extends));
    add(API_SECTION_IDS.implements, 'Implements', typesHtml(item.implements));
    add(API_SECTION_IDS.extendedBy, 'Extended by', linksHtml(item.extendedBy));
  } else if (item.kind === 'interface') {
    add(API_SECTION_IDS.extends, 'Extends', typesHtml(item.extends));
    add(API_SECTION_IDS.extendedBy, 'Extended by', linksHtml(item.extendedBy));
    add(API_SECTION_IDS.implementedBy, 'Implemented by', linksHtml(item.implementedBy));
  }
  return rows;
}

function link(target: ApiTarget, cx: ApiRenderContext): string {
  const href = cx.targetHref(target);
  const text = escapeText(target.name);
  return href ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
}

