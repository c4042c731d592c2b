// TypeDoc type expressions → ApiType, one handler per kind TypeDoc produces.
// The handler map is typed against TypeDoc's TypeKindMap, so a new kind in a
// TypeDoc upgrade fails the typecheck here instead of vanishing from pages.
// An inline object type's members go through members.ts, which imports this
// file; the context carries that converter so the two never import each other.
import type { ReferenceType, SomeType, TypeKindMap } from 'typedoc';
import { ReflectionKind } from 'typedoc';
import type { ApiReferenceType, ApiType } from '../model.ts';
import type { ConvertContext } from './context.ts';

type Handlers = { [K in keyof TypeKindMap]: (type: TypeKindMap[K], cx: ConvertContext) => ApiType };

const handlers: Handlers = {
  intrinsic: (t) => ({ type: 'intrinsic', name: t.name }),
  literal: (t) => ({ type: 'literal', value: literalText(t.value) }),
  reference: (t, cx) => convertReference(t, cx),
  array: (t, cx) => ({ type: 'array', element: convertType(t.elementType, cx) }),
  union: (t, cx) => ({ type: 'union', types: t.types.map((u) => convertType(u, cx)) }),
  intersection: (t, cx) => ({ type: 'intersection', types: t.types.map((u) => convertType(u, cx)) }),
  tuple: (t, cx) => ({ type: 'tuple', elements: t.elements.map((e) => convertType(e, cx)) }),
  namedTupleMember: (t, cx) => ({
    type: 'namedTupleMember',
    name: t.name,
    optional: t.isOptional,
    element: convertType(t.element, cx),
  }),
  optional: (t, cx) => ({ type: 'optional', element: convertType(t.elementType, cx) }),
  rest: (t, cx) => ({ type: 'rest', element: convertType(t.elementType, cx) }),
  indexedAccess: (t, cx) => ({
    type: 'indexedAccess',
    object: convertType(t.objectType, cx),
    index: convertType(t.indexType, cx),
  }),
  typeOperator: (t, cx) => ({ type: 'typeOperator', operator: t.operator, target: convertType(t.target, cx) }),
  query: (t, cx) => ({ type: 'query', target: convertReference(t.queryType, cx) }),
  conditional: (t, cx) => ({
    type: 'conditional',
    check: convertType(t.checkType, cx),
    extends: convertType(t.extendsType, cx),
    trueType: convertType(t.trueType, cx),
    falseType: convertType(t.falseType, cx),
  }),
  mapped: (t, cx) => ({
    type: 'mapped',
    parameter: t.parameter,
    parameterType: convertType(t.parameterType, cx),
    template: convertType(t.templateType, cx),
    ...(t.readonlyModifier ? { readonlyModifier: t.readonlyModifier } : {}),
    ...(t.optionalModifier ? { optionalModifier: t.optionalModifier } : {}),
    ...(t.nameType ? { nameType: convertType(t.nameType, cx) } : {}),
  }),
  templateLiteral: (t, cx) => ({
    type: 'templateLiteral',
    head: t.head,
    tail: t.tail.map(([type, text]): [ApiType, string] => [convertType(type, cx), text]),
  }),
  predicate: (t, cx) => ({
    type: 'predicate',
    name: t.name,
    asserts: t.asserts,
    ...(t.targetType ? { target: convertType(t.targetType, cx) } : {}),
  }),
  inferred: (t, cx) => ({
    type: 'inferred',
    name: t.name,
    ...(t.constraint ? { constraint: convertType(t.constraint, cx) } : {}),
  }),
  reflection: (t, cx) => cx.objectType(t, cx),
  unknown: (t) => ({ type: 'unknown', name: t.name }),
};

export function convertType(type: SomeType, cx: ConvertContext): ApiType {
  const handler = handlers[type.type] as (t: SomeType, cx: ConvertContext) => ApiType;
  return handler(type, cx);
}

export function convertOptionalType(type: SomeType | undefined, cx: ConvertContext): ApiType | undefined {
  return type ? convertType(type, cx) : undefined;
}

function convertReference(t: ReferenceType, cx: ConvertContext): ApiReferenceType {
  const out: ApiReferenceType = { type: 'reference', name: t.name };
  const reflection = t.reflection;
  if (t.refersToTypeParameter || reflection?.kindOf(ReflectionKind.TypeParameter)) {
    out.typeParameter = true;
  } else {
    const target = cx.targetOf(reflection);
    if (target) {
      out.target = target;
      // Show the exported name, not the declaration's internal one (`TYPE$5`).
      out.name = target.member ? `${target.name}.${target.member}` : target.name;
    } else if (t.package && t.package !== cx.packageName) {
      // External means declared by another package: the documented package's own internals are not.
      out.package = t.package;
    }
  }
  if (t.typeArguments?.length) out.typeArguments = t.typeArguments.map((a) => convertType(a, cx));
  return out;
}

function literalText(value: string | number | boolean | null | bigint): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
