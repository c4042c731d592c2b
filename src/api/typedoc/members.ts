// Members of classes, interfaces, enums and object types, and the signatures,
// parameters and type parameters they carry.
import {
  type DeclarationReflection,
  type ParameterReflection,
  type Reflection,
  type SomeType,
  type ReferenceType,
  type ReflectionFlags,
  type ReflectionType,
  ReflectionKind,
  type SignatureReflection,
  type TypeParameterReflection,
} from 'typedoc';
import type {
  ApiFlag,
  ApiIndexSignature,
  ApiMember,
  ApiMemberKind,
  ApiMemberRef,
  ApiObjectType,
  ApiParameter,
  ApiSignature,
  ApiType,
  ApiTypeParameter,
} from '../model.ts';
import { convertDoc } from './comments.ts';
import type { ConvertContext } from './context.ts';
import { convertOptionalType, convertType } from './types.ts';

const MEMBER_KINDS = new Map<ReflectionKind, ApiMemberKind>([
  [ReflectionKind.Constructor, 'constructor'],
  [ReflectionKind.Property, 'property'],
  [ReflectionKind.Accessor, 'accessor'],
  [ReflectionKind.Method, 'method'],
  [ReflectionKind.EnumMember, 'enumMember'],
]);

/** Page order of the member groups (see model.ts). */
const GROUP_RANK: Record<ApiMemberKind, number> = { constructor: 0, property: 1, accessor: 2, method: 3, enumMember: 4 };

export function convertMember(decl: DeclarationReflection, cx: ConvertContext): ApiMember {
  const kind = MEMBER_KINDS.get(decl.kind) ?? 'property';
  const member: ApiMember = { kind, name: decl.name, flags: flagsOf(decl.flags) };
  const doc = convertDoc(decl, cx);
  if (doc) member.doc = doc;
  if (decl.type) member.type = declaredType(decl, decl.type, cx);
  if (decl.defaultValue !== undefined) member.defaultValue = decl.defaultValue;
  if (decl.signatures?.length) member.signatures = decl.signatures.map((s) => convertSignature(s, cx));
  if (decl.getSignature) member.getter = convertSignature(decl.getSignature, cx);
  if (decl.setSignature) member.setter = convertSignature(decl.setSignature, cx);
  if (kind === 'accessor' && !decl.setSignature && !member.flags.includes('readonly')) member.flags.push('readonly');
  assignRef(member, 'inheritedFrom', decl.inheritedFrom, cx);
  assignRef(member, 'overrides', decl.overwrites, cx);
  assignRef(member, 'implementationOf', decl.implementationOf, cx);
  return member;
}

/**
 * Members in page order: by group, instance before static, own before
 * inherited, then TypeDoc's order (declaration order; enum members by value).
 */
export function convertMembers(children: readonly DeclarationReflection[] | undefined, cx: ConvertContext): ApiMember[] {
  const members = (children ?? []).filter((c) => MEMBER_KINDS.has(c.kind)).map((c) => convertMember(c, cx));
  const rank = (m: ApiMember) => GROUP_RANK[m.kind] * 4 + (m.flags.includes('static') ? 2 : 0) + (m.inheritedFrom ? 1 : 0);
  return members
    .map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i)
    .map(({ m }) => m);
}

export function convertSignature(sig: SignatureReflection, cx: ConvertContext): ApiSignature {
  const out: ApiSignature = { parameters: (sig.parameters ?? []).map((p) => convertParameter(p, cx)) };
  const typeParameters = convertTypeParameters(sig.typeParameters, cx);
  if (typeParameters) out.typeParameters = typeParameters;
  if (sig.type) out.returns = declaredType(sig, sig.type, cx);
  const doc = convertDoc(sig, cx);
  if (doc) out.doc = doc;
  return out;
}

export function convertIndexSignature(sig: SignatureReflection, cx: ConvertContext): ApiIndexSignature {
  const [param] = sig.parameters ?? [];
  const out: ApiIndexSignature = {
    parameter: param ? convertParameter(param, cx) : { name: 'key' },
    type: sig.type ? convertType(sig.type, cx) : { type: 'intrinsic', name: 'unknown' },
  };
  if (sig.flags.isReadonly) out.readonly = true;
  const doc = convertDoc(sig, cx);
  if (doc) out.doc = doc;
  return out;
}

function convertParameter(param: ParameterReflection, cx: ConvertContext): ApiParameter {
  const out: ApiParameter = { name: param.name };
  const type = param.type && declaredType(param, param.type, cx);
  if (type) out.type = type;
  if (param.flags.isOptional) out.optional = true;
  if (param.flags.isRest) out.rest = true;
  if (param.defaultValue !== undefined) out.defaultValue = param.defaultValue;
  const doc = convertDoc(param, cx);
  if (doc) out.doc = doc;
  return out;
}

export function convertTypeParameters(
  params: readonly TypeParameterReflection[] | undefined,
  cx: ConvertContext,
): ApiTypeParameter[] | undefined {
  if (!params?.length) return undefined;
  return params.map((p) => {
    const out: ApiTypeParameter = { name: p.name };
    const constraint = convertOptionalType(p.type, cx);
    const fallback = convertOptionalType(p.default, cx);
    if (constraint) out.constraint = constraint;
    if (fallback) out.default = fallback;
    if (p.varianceModifier) out.variance = p.varianceModifier;
    const doc = convertDoc(p, cx);
    if (doc) out.doc = doc;
    return out;
  });
}

/** A declaration's type, by the keyword alias it was declared with when TypeScript resolved that to a keyword. */
function declaredType(reflection: Reflection, type: SomeType, cx: ConvertContext): ApiType {
  const converted = convertType(type, cx);
  return (converted.type === 'intrinsic' && cx.keywordAliasOf(reflection)) || converted;
}

export function flagsOf(flags: ReflectionFlags): ApiFlag[] {
  const out: ApiFlag[] = [];
  if (flags.isStatic) out.push('static');
  if (flags.isAbstract) out.push('abstract');
  if (flags.isProtected) out.push('protected');
  if (flags.isPrivate) out.push('private');
  if (flags.isReadonly) out.push('readonly');
  if (flags.isOptional) out.push('optional');
  return out;
}

function assignRef(
  member: ApiMember,
  key: 'inheritedFrom' | 'overrides' | 'implementationOf',
  ref: ReferenceType | undefined,
  cx: ConvertContext,
): void {
  if (!ref) return;
  const out: ApiMemberRef = { name: ref.name };
  const target = cx.targetOf(ref.reflection);
  if (target) {
    out.target = target;
    out.name = target.member ? `${target.name}.${target.member}` : target.name;
  }
  member[key] = out;
}

/** An inline object type (`{ a: string }`): the context's `objectType` (see context.ts). */
export function convertObjectType(t: ReflectionType, cx: ConvertContext): ApiObjectType {
  const decl = t.declaration;
  const out: ApiObjectType = { type: 'object', members: (decl.children ?? []).map((c) => convertMember(c, cx)) };
  const signatures = decl.signatures ?? [];
  const calls = signatures.filter((s) => s.kind === ReflectionKind.CallSignature);
  const constructs = signatures.filter((s) => s.kind === ReflectionKind.ConstructorSignature);
  if (calls.length) out.callSignatures = calls.map((s) => convertSignature(s, cx));
  if (constructs.length) out.constructSignatures = constructs.map((s) => convertSignature(s, cx));
  if (decl.indexSignatures?.length) out.indexSignatures = decl.indexSignatures.map((s) => convertIndexSignature(s, cx));
  return out;
}
