// What every converter needs besides the reflection it converts: how to turn
// a reflection into a link target, and the doc tags TypeDoc would drop.
import {
  type CommentTag,
  type DeclarationReflection,
  type ProjectReflection,
  type Reflection,
  ReflectionKind,
  type ReflectionType,
} from 'typedoc';
import type { ApiItemKind, ApiObjectType, ApiTarget, ApiType } from '../model.ts';
import type { KeywordAliases } from './keyword-aliases.ts';

export interface ConvertContext {
  /** The documented package (its own types are never another package's). */
  packageName: string | undefined;
  /** The pkijs item or member a reflection stands for, if it is part of the API. */
  targetOf(reflection: Reflection | undefined): ApiTarget | undefined;
  /** Block tags a bare `@inheritDoc` replaced (e.g. `@asn`), to be shown anyway. */
  keptTags: ReadonlyMap<Reflection, CommentTag[]>;
  /** The keyword alias (`SchemaType`) a reflection's declared type names, which TypeScript resolved away. */
  keywordAliasOf(reflection: Reflection): ApiType | undefined;
  /** An inline object type's conversion (members.ts), passed in so types.ts need not import it. */
  objectType(type: ReflectionType, cx: ConvertContext): ApiObjectType;
}

const ITEM_KINDS = new Map<ReflectionKind, ApiItemKind>([
  [ReflectionKind.Class, 'class'],
  [ReflectionKind.Interface, 'interface'],
  [ReflectionKind.Enum, 'enum'],
  [ReflectionKind.TypeAlias, 'typeAlias'],
  [ReflectionKind.Function, 'function'],
  [ReflectionKind.Variable, 'variable'],
]);

export function itemKindOf(reflection: Reflection): ApiItemKind | undefined {
  return ITEM_KINDS.get(reflection.kind);
}

/**
 * A namespace's members are items too, named as TypeScript qualifies them
 * (`Geometry.area`): TypeDoc's own pages name them so.
 */
export function qualifiedName(reflection: Reflection): string {
  const names = [reflection.name];
  for (let p = reflection.parent; p?.kindOf(ReflectionKind.Namespace); p = p.parent) names.unshift(p.name);
  return names.join('.');
}

/** Whether a reflection stands at the top level, or inside namespaces that do. */
function inExports(reflection: Reflection, project: ProjectReflection): boolean {
  let p = reflection.parent;
  while (p?.kindOf(ReflectionKind.Namespace)) p = p.parent;
  return p === project;
}

export function createContext(
  project: ProjectReflection,
  keptTags: Map<Reflection, CommentTag[]>,
  keywordAliases: KeywordAliases,
  objectType: ConvertContext['objectType'],
): ConvertContext {
  const isItem = (r: Reflection | undefined): r is DeclarationReflection =>
    r !== undefined && itemKindOf(r) !== undefined && inExports(r, project);

  const targetOf = (reflection: Reflection | undefined): ApiTarget | undefined => {
    // Walk up to the top-level export, remembering the member just below it.
    let member: Reflection | undefined;
    let current = reflection;
    while (current && !isItem(current)) {
      if (current.kindOf(ReflectionKind.TypeParameter)) return undefined;
      member = current;
      current = current.parent;
    }
    if (!current) return undefined;
    const target: ApiTarget = { kind: itemKindOf(current)!, name: qualifiedName(current) };
    if (member && member.kindOf(ReflectionKind.SomeMember | ReflectionKind.Constructor)) {
      target.member = member.name;
      if (member.flags.isStatic) target.static = true;
    }
    return target;
  };
  const aliasItems = new Map((project.children ?? []).filter((c) => c.kindOf(ReflectionKind.TypeAlias)).map((c) => [c.name, c as Reflection]));
  const keywordAliasOf = (reflection: Reflection): ApiType | undefined => {
    const name = keywordAliases.get(reflection);
    const alias = name === undefined ? undefined : aliasItems.get(name);
    const target = alias && targetOf(alias);
    return name === undefined ? undefined : { type: 'reference', name, ...(target ? { target } : {}) };
  };
  return { packageName: project.packageName, targetOf, keptTags, keywordAliasOf, objectType };
}
