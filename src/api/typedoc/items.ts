// One converter per top-level reflection kind. The map is the extension point:
// a kind without a converter here is reported, not silently dropped.
import { type DeclarationReflection, type ReferenceType, ReflectionType, type SomeType } from 'typedoc';
import type { ApiItem, ApiItemKind, ApiTarget, ApiType } from '../model.ts';
import { convertDoc, plainSummary } from './comments.ts';
import type { ConvertContext } from './context.ts';
import { convertIndexSignature, convertMembers, convertSignature, convertTypeParameters } from './members.ts';
import { convertType } from './types.ts';

type ItemConverter = (decl: DeclarationReflection, cx: ConvertContext) => ApiItem;

export const itemConverters: Record<ApiItemKind, ItemConverter> = {
  class: (decl, cx) => {
    const indexes = (decl.indexSignatures ?? []).map((s) => convertIndexSignature(s, cx));
    return {
      ...base(decl, cx, 'class'),
      ...(decl.flags.isAbstract ? { abstract: true } : {}),
      extends: types(decl.extendedTypes, cx),
      implements: types(decl.implementedTypes, cx),
      extendedBy: targets(decl.extendedBy, cx),
      members: convertMembers(decl.children, cx),
      ...(indexes.length ? { indexSignatures: indexes } : {}),
    };
  },

  interface: (decl, cx) => {
    const calls = (decl.signatures ?? []).map((s) => convertSignature(s, cx));
    const indexes = (decl.indexSignatures ?? []).map((s) => convertIndexSignature(s, cx));
    const members = convertMembers(decl.children, cx);
    // TypeDoc links an interface's construct signature to a `Parent.constructor`
    // that does not exist when the interface extends another; drop such links.
    for (const m of members) {
      if (m.kind !== 'constructor') continue;
      if (!m.inheritedFrom?.target) delete m.inheritedFrom;
      if (!m.overrides?.target) delete m.overrides;
    }
    return {
      ...base(decl, cx, 'interface'),
      extends: types(decl.extendedTypes, cx),
      extendedBy: targets(decl.extendedBy, cx),
      implementedBy: targets(decl.implementedBy, cx),
      members,
      ...(calls.length ? { callSignatures: calls } : {}),
      ...(indexes.length ? { indexSignatures: indexes } : {}),
    };
  },

  enum: (decl, cx) => ({ ...base(decl, cx, 'enum'), members: convertMembers(decl.children, cx) }),

  typeAlias: (decl, cx) => ({ ...base(decl, cx, 'typeAlias'), type: aliasType(decl, cx) }),

  function: (decl, cx) => {
    const item = { ...base(decl, cx, 'function'), signatures: (decl.signatures ?? []).map((s) => convertSignature(s, cx)) };
    // Functions carry their comment on the signature.
    item.summary ||= plainSummary(decl.signatures?.[0]?.comment);
    return item;
  },

  variable: (decl, cx) => ({
    ...base(decl, cx, 'variable'),
    ...(decl.type ? { type: convertType(decl.type, cx) } : {}),
    ...(decl.defaultValue !== undefined ? { defaultValue: decl.defaultValue } : {}),
    ...(decl.flags.isConst ? { const: true } : {}),
  }),
};

function base<K extends ApiItemKind>(decl: DeclarationReflection, cx: ConvertContext, kind: K) {
  const doc = convertDoc(decl, cx);
  const typeParameters = convertTypeParameters(decl.typeParameters, cx);
  return {
    kind,
    name: decl.name,
    summary: plainSummary(decl.comment),
    ...(doc ? { doc } : {}),
    ...(typeParameters ? { typeParameters } : {}),
  };
}

/** A type alias of an object literal may come without `type`, its properties as children. */
function aliasType(decl: DeclarationReflection, cx: ConvertContext): ApiType {
  if (decl.type) return convertType(decl.type, cx);
  if (decl.children?.length || decl.signatures?.length || decl.indexSignatures?.length) {
    return convertType(new ReflectionType(decl), cx);
  }
  return { type: 'intrinsic', name: 'unknown' };
}

function types(list: readonly SomeType[] | undefined, cx: ConvertContext): ApiType[] {
  return (list ?? []).map((t) => convertType(t, cx));
}

function targets(refs: readonly ReferenceType[] | undefined, cx: ConvertContext): ApiTarget[] {
  return (refs ?? []).flatMap((r) => {
    const target = cx.targetOf(r.reflection);
    return target ? [target] : [];
  });
}
