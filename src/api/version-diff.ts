// What differs between two releases' API models (the d.ts of each, as TypeDoc
// models it): exports and members added, removed, or whose declaration
// changed. Doc comments are not declarations: a comment edited between
// releases marks nothing. Plain data in, plain data out, in model order, so
// the same two models always give the same diff.
import { isPageItem, type ApiItem, type ApiMember, type ApiModel } from './model.ts';

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface ModelDiff {
  /** Export name → how it differs (an export whose own declaration is equal is absent; its members may still differ). */
  items: ReadonlyMap<string, ChangeKind>;
  /** `memberId(export, member)` → how that member of an export both releases declare differs. */
  members: ReadonlyMap<string, ChangeKind>;
}

/** A member's identity across releases: its name, and whether it is static (a constructor is `constructor`). */
export function memberKey(member: ApiMember): string {
  return `${member.flags.includes('static') ? 'static ' : ''}${member.name}`;
}

/** The key of a member in `ModelDiff.members`. */
export const memberId = (itemName: string, member: ApiMember): string => `${itemName}\n${memberKey(member)}`;

/**
 * Keys that are not part of a declaration: comments, and where a member comes
 * from or who extends an item (reverse references, which change when a
 * neighbour changes). Members are compared one by one, not as the item's.
 */
const NOT_DECLARATION = new Set(['doc', 'summary', 'inheritedFrom', 'overrides', 'implementationOf', 'extendedBy', 'implementedBy']);

/**
 * The declaration as one comparable string. A union's or intersection's
 * members are sorted: TypeDoc lists them in the checker's type-id order, so
 * the same `A | B` of both d.ts can come out as `B | A`. A reference's target
 * (an ApiTarget, no `type`) is kept without its kind: `options: Options` reads
 * the same whether Options is a class or an interface; Options' own diff says so.
 */
function declaration(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (NOT_DECLARATION.has(key)) return undefined;
    if (key === 'target' && v && typeof v === 'object' && !('type' in v)) return { ...v, kind: undefined };
    const t = v as { type?: unknown; types?: unknown[] } | null;
    if (t && (t.type === 'union' || t.type === 'intersection') && Array.isArray(t.types)) {
      return { ...t, types: t.types.map(declaration).sort() };
    }
    return v;
  });
}

/** An item's own declaration: its kind, type parameters, heritage, type or signatures; not its members. */
const itemShape = (item: ApiItem): string => declaration(isPageItem(item) ? { ...item, members: undefined } : item);
const memberShape = (member: ApiMember): string => declaration(member);

export function diffModels(from: ApiModel, to: ApiModel): ModelDiff {
  const before = new Map(from.items.map((i) => [i.name, i]));
  const after = new Map(to.items.map((i) => [i.name, i]));
  const items = new Map<string, ChangeKind>();
  const members = new Map<string, ChangeKind>();
  for (const item of from.items) if (!after.has(item.name)) items.set(item.name, 'removed');
  for (const item of to.items) {
    const old = before.get(item.name);
    if (!old) {
      items.set(item.name, 'added');
      continue;
    }
    if (itemShape(old) !== itemShape(item)) items.set(item.name, 'changed');
    if (!isPageItem(old) || !isPageItem(item)) continue;
    const was = new Map(old.members.map((m) => [memberKey(m), m]));
    const is = new Set(item.members.map(memberKey));
    for (const m of old.members) if (!is.has(memberKey(m))) members.set(memberId(item.name, m), 'removed');
    for (const m of item.members) {
      const prior = was.get(memberKey(m));
      if (!prior) members.set(memberId(item.name, m), 'added');
      else if (memberShape(prior) !== memberShape(m)) members.set(memberId(item.name, m), 'changed');
    }
  }
  return { items, members };
}
