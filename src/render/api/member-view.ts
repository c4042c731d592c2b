// ApiMember → MemberView: the h3 text, flags, one SignatureView per signature
// (properties and enum members get a one-line declaration instead), and the
// "Inherited from / Overrides / Implementation of" links.
import type { ApiItemKind, ApiMember, ApiMemberRef, ApiParameter, ApiSignature, ApiTypeParameter } from '../../api/model.ts';
import type { MemberAnchor } from '../../routes/api-urls.ts';
import type { LinkView, MemberView, ParamView, SignatureView } from '../../../templates/api/props.ts';
import type { ApiRenderContext } from './context.ts';
import { escapeText } from '../../shared/escape.ts';
import { propertyName } from './type-html.ts';

/** The h3 text of a member, as the old site wrote it. */
export function memberHeading(member: ApiMember): string {
  if (member.kind === 'constructor') return 'Constructor';
  if (member.kind === 'method') return `${member.name}()`;
  return member.flags.includes('optional') ? `${member.name}?` : member.name;
}

/** The item a member belongs to. */
export interface MemberOwner {
  name: string;
  kind: ApiItemKind;
}

export function memberView(member: ApiMember, anchor: MemberAnchor, owner: MemberOwner, cx: ApiRenderContext): MemberView {
  const view: MemberView = {
    id: anchor.id,
    heading: memberHeading(member),
    flags: member.flags,
    signatures: memberSignatures(member, owner, cx),
    origins: origins(member, cx),
  };
  view.signatures.forEach((sig, i) => {
    if (i > 0 && anchor.signatures[i]) sig.id = anchor.signatures[i];
  });
  const docHtml = cx.docs.doc(member.doc);
  if (docHtml) view.docHtml = docHtml;
  return view;
}

function memberSignatures(member: ApiMember, owner: MemberOwner, cx: ApiRenderContext): SignatureView[] {
  const name = propertyName(member.name);
  switch (member.kind) {
    case 'constructor':
      // `new Certificate(…)`: a class constructor returns the class, not worth a section;
      // an interface's construct signature (`new (…): T`) says what it builds.
      return (member.signatures ?? []).map((s) =>
        owner.kind === 'class'
          ? signatureView(s, `new ${escapeText(owner.name)}`, cx, { hideReturn: true })
          : signatureView(s, 'new ', cx),
      );
    case 'method':
      return (member.signatures ?? []).map((s) => signatureView(s, name, cx));
    case 'accessor': {
      const out: SignatureView[] = [];
      if (member.getter) out.push(signatureView(member.getter, `get ${name}`, cx));
      if (member.setter) out.push(signatureView(member.setter, `set ${name}`, cx, { hideReturn: true }));
      return out;
    }
    case 'enumMember':
      return [{ codeHtml: `${name}${member.type ? ` = ${cx.types.type(member.type)}` : ''}` }];
    case 'property':
      return [{ codeHtml: cx.types.member(member) }];
  }
}

export function signatureView(
  sig: ApiSignature,
  name: string,
  cx: ApiRenderContext,
  options: { hideReturn?: boolean; arrow?: boolean } = {},
): SignatureView {
  const view: SignatureView = { codeHtml: cx.types.signature(name, sig, options) };
  const docHtml = cx.docs.doc(sig.doc, ['@returns']);
  if (docHtml) view.docHtml = docHtml;
  // Listed with their constraints and defaults, which a long signature line hides in its middle.
  if (sig.typeParameters?.length) view.typeParameters = sig.typeParameters.map((p) => typeParameterView(p, cx));
  // `this: PkiObjectConstructor<T>` stays in the signature line but is nothing a caller passes.
  const passed = sig.parameters.filter((p) => p.name !== 'this');
  if (passed.length) view.parameters = passed.map((p) => parameterView(p, cx));
  if (sig.returns && !options.hideReturn) {
    const returnsTag = sig.doc?.tags.find((t) => t.tag === '@returns');
    view.returns = { typeHtml: cx.types.type(sig.returns) };
    if (returnsTag) view.returns.docHtml = cx.docs.parts(returnsTag.content);
  }
  return view;
}

function parameterView(p: ApiParameter, cx: ApiRenderContext): ParamView {
  const view: ParamView = { name: `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}` };
  if (p.type) view.typeHtml = cx.types.type(p.type);
  if (p.defaultValue !== undefined) view.defaultValue = p.defaultValue;
  const docHtml = cx.docs.doc(p.doc);
  if (docHtml) view.docHtml = docHtml;
  return view;
}

/** A type parameter: `typeHtml` holds its constraint and default, `extends X = Y`. */
export function typeParameterView(p: ApiTypeParameter, cx: ApiRenderContext): ParamView {
  const view: ParamView = { name: p.name };
  const bounds = [p.constraint && `extends ${cx.types.type(p.constraint)}`, p.default && `= ${cx.types.type(p.default)}`];
  const typeHtml = bounds.filter(Boolean).join(' ');
  if (typeHtml) view.typeHtml = typeHtml;
  const docHtml = cx.docs.doc(p.doc);
  if (docHtml) view.docHtml = docHtml;
  return view;
}

const ORIGINS = [
  ['inheritedFrom', 'Inherited from'],
  ['overrides', 'Overrides'],
  ['implementationOf', 'Implementation of'],
] as const;

function origins(member: ApiMember, cx: ApiRenderContext): { label: string; link: LinkView }[] {
  return ORIGINS.flatMap(([key, label]) => {
    const ref = member[key];
    return ref ? [{ label, link: refLink(ref, cx) }] : [];
  });
}

function refLink(ref: ApiMemberRef, cx: ApiRenderContext): LinkView {
  const href = ref.target ? cx.targetHref(ref.target) : undefined;
  return href ? { text: ref.name, href } : { text: ref.name };
}
