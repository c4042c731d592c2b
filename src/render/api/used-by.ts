// Reverse references for the "Used by" lists: which API items take or return
// a type in their own members (inherited members are counted on the class
// that declares them), in their signatures, or in their type.
import type { ApiItem, ApiMember, ApiSignature, ApiType } from '../../api/model.ts';
import { compareNames } from '../../api/model.ts';

export function itemKey(kind: string, name: string): string {
  return `${kind}:${name}`;
}

/** Item key → the other items that use it, sorted by name. */
export function collectUsedBy(items: readonly ApiItem[]): Map<string, ApiItem[]> {
  const users = new Map<string, Set<ApiItem>>();
  for (const item of items) {
    const self = itemKey(item.kind, item.name);
    for (const key of referencedKeys(item)) {
      if (key === self) continue;
      let set = users.get(key);
      if (!set) users.set(key, (set = new Set()));
      set.add(item);
    }
  }
  const sorted = new Map<string, ApiItem[]>();
  for (const [key, set] of users) sorted.set(key, [...set].sort((a, b) => compareNames(a.name, b.name)));
  return sorted;
}

function referencedKeys(item: ApiItem): Set<string> {
  const keys = new Set<string>();
  const visit = (t: ApiType | undefined): void => visitType(t, keys);
  switch (item.kind) {
    case 'class':
    case 'interface':
    case 'enum':
      for (const m of item.members) if (!m.inheritedFrom) visitMember(m, visit);
      if (item.kind === 'interface') for (const s of item.callSignatures ?? []) visitSignature(s, visit);
      if (item.kind !== 'enum') for (const i of item.indexSignatures ?? []) visit(i.type);
      break;
    case 'function':
      for (const s of item.signatures) visitSignature(s, visit);
      break;
    case 'typeAlias':
      visit(item.type);
      break;
    case 'variable':
      visit(item.type);
      break;
  }
  return keys;
}

function visitMember(m: ApiMember, visit: (t: ApiType | undefined) => void): void {
  visit(m.type);
  for (const s of m.signatures ?? []) visitSignature(s, visit);
  if (m.getter) visitSignature(m.getter, visit);
  if (m.setter) visitSignature(m.setter, visit);
}

function visitSignature(s: ApiSignature, visit: (t: ApiType | undefined) => void): void {
  for (const p of s.parameters) visit(p.type);
  visit(s.returns);
}

/** Every reference target anywhere inside a type expression. */
function visitType(t: ApiType | undefined, keys: Set<string>): void {
  if (!t) return;
  const visit = (u: ApiType | undefined) => visitType(u, keys);
  switch (t.type) {
    case 'reference':
      if (t.target) keys.add(itemKey(t.target.kind, t.target.name));
      t.typeArguments?.forEach(visit);
      return;
    case 'query':
      return visit(t.target);
    case 'array':
    case 'optional':
    case 'rest':
    case 'namedTupleMember':
      return visit(t.element);
    case 'union':
    case 'intersection':
      return t.types.forEach(visit);
    case 'tuple':
      return t.elements.forEach(visit);
    case 'indexedAccess':
      return [t.object, t.index].forEach(visit);
    case 'typeOperator':
      return visit(t.target);
    case 'conditional':
      return [t.check, t.extends, t.trueType, t.falseType].forEach(visit);
    case 'mapped':
      return [t.parameterType, t.template, t.nameType].forEach(visit);
    case 'templateLiteral':
      return t.tail.forEach(([u]) => visit(u));
    case 'predicate':
      return visit(t.target);
    case 'inferred':
      return visit(t.constraint);
    case 'object':
      t.members.forEach((m) => visitMember(m, visit));
      [...(t.callSignatures ?? []), ...(t.constructSignatures ?? [])].forEach((s) => visitSignature(s, visit));
      return t.indexSignatures?.forEach((i) => visit(i.type));
    default:
      return;
  }
}
