// The public surface of a pkijs release as its d.ts declares it, read with the
// TypeScript compiler, and the diff of two surfaces: what the 3.x → 4.0
// migration guide tabulates. Unlike the 2.x diff (scripts/guides/migration.ts),
// which has only inferred JavaScript on one side, both sides here are d.ts
// files, so signatures are compared with their types and modifiers.
import ts from 'typescript';

/** One member of a class or interface, as a comparable line of text. */
export interface MemberShape {
  /** 'method', 'property' or 'accessor'. */
  kind: string;
  /** `static`, `readonly`, `optional`, joined by spaces ('' when none). */
  flags: string;
  /** The type as the d.ts writes it: a method's overloads, `(params): return`, joined by '; '. */
  type: string;
}

export interface Surface {
  /** Export name → kind ('class', 'interface', 'enum', 'function', 'value', 'type'). */
  exports: Map<string, string>;
  /** Function export → its signatures. */
  functions: Map<string, string>;
  /** Class or interface export → member key ('name' or 'static name') → shape. */
  members: Map<string, Map<string, MemberShape>>;
}

const PRINT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
/**
 * Whitespace collapsed, and the `$n` suffix dropped that the d.ts bundler gives a private
 * constant whose name clashes (`typeof VERSION$i` in 3.3.2 is `typeof VERSION$18` in 4.0.0).
 */
const squash = (text: string): string => text.replace(/\s+/g, ' ').replace(/;\s*}/g, ' }').replace(/\b([A-Za-z_]\w*)\$\w+\b/g, '$1').trim();

/**
 * A declaration's type as its d.ts writes it, whitespace collapsed. The source
 * text, not the checker's printout: the checker orders a union by type id, so
 * `A | B` in one release prints as `B | A` in the other with nothing changed.
 */
function written(decl: ts.Declaration, checker: ts.TypeChecker): string {
  if (ts.isGetAccessorDeclaration(decl) && decl.type) return squash(decl.type.getText());
  if (ts.isSetAccessorDeclaration(decl) && decl.parameters[0]?.type) return squash(decl.parameters[0].type.getText());
  if (ts.isFunctionLike(decl)) {
    const params = decl.parameters.map((p) => squash(p.getText())).join(', ');
    return `(${params})${decl.type ? `: ${squash(decl.type.getText())}` : ''}`;
  }
  const typeNode = (decl as { type?: ts.TypeNode }).type;
  return typeNode ? squash(typeNode.getText()) : checker.typeToString(checker.getTypeAtLocation(decl), undefined, PRINT);
}

function kindOf(symbol: ts.Symbol): string {
  const f = symbol.flags;
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.Enum) return 'enum';
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Variable) return 'value';
  if (f & ts.SymbolFlags.Interface) return 'interface';
  return 'type';
}

/** The exports and the class and interface members of the d.ts at `entry`. */
export function readSurface(entry: string): Surface {
  const program = ts.createProgram([entry], { noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`Cannot read ${entry}: is the release installed?`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${entry} is not a module`);
  /** Each declaration of a function or method (its overloads, without the implementation a d.ts never has). */
  const overloads = (symbol: ts.Symbol): string => (symbol.declarations ?? []).map((d) => written(d, checker)).join(OVERLOADS);
  const surface: Surface = { exports: new Map(), functions: new Map(), members: new Map() };
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const kind = kindOf(symbol);
    surface.exports.set(exported.name, kind);
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!decl) continue;
    if (kind === 'function') surface.functions.set(exported.name, overloads(symbol));
    if (kind !== 'class' && kind !== 'interface') continue;
    const members = new Map<string, MemberShape>();
    const describe = (member: ts.Symbol, isStatic: boolean): void => {
      if (member.name === 'prototype' || member.name.startsWith('#') || member.name.startsWith('__')) return;
      const memberDecl = member.valueDeclaration ?? member.declarations?.[0];
      const modifiers = memberDecl ? ts.getCombinedModifierFlags(memberDecl) : ts.ModifierFlags.None;
      if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return;
      const isMethod = Boolean(member.flags & ts.SymbolFlags.Method);
      const isAccessor = Boolean(member.flags & ts.SymbolFlags.Accessor);
      const readonly = modifiers & ts.ModifierFlags.Readonly || (isAccessor && !(member.flags & ts.SymbolFlags.SetAccessor));
      const flags = [isStatic && 'static', readonly && 'readonly', member.flags & ts.SymbolFlags.Optional && 'optional'].filter(Boolean).join(' ');
      members.set((isStatic ? 'static ' : '') + member.name, {
        kind: isMethod ? 'method' : isAccessor ? 'accessor' : 'property',
        flags,
        type: isMethod ? overloads(member) : memberDecl ? written(memberDecl, checker) : checker.typeToString(checker.getTypeOfSymbolAtLocation(member, decl), undefined, PRINT),
      });
    };
    for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) describe(member, false);
    if (kind === 'class') {
      for (const member of checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(symbol, decl))) describe(member, true);
    }
    surface.members.set(exported.name, members);
  }
  return surface;
}

/** Between the overloads of a method: `;` cannot occur inside one `(params): return` the d.ts writes on one line. */
export const OVERLOADS = '; ';

export interface SurfaceDiff {
  removedExports: { name: string; kind: string; note: string }[];
  addedExports: { name: string; kind: string }[];
  /** Class or interface members removed from, added to or changed in a declaration both releases export. */
  removedMembers: { owner: string; member: string; before: string }[];
  addedMembers: { owner: string; member: string; after: string }[];
  /** `change` names the overloads added or removed when only that differs. */
  changedMembers: { owner: string; member: string; before: string; after: string; change: string }[];
  changedFunctions: { name: string; before: string; after: string }[];
}

/** A member as one line: its flags, then its type or signatures. */
export const memberLine = (m: MemberShape): string => `${m.flags ? `${m.flags} ` : ''}${m.kind === 'method' ? m.type : `: ${m.type}`}`;

/** 'overload added: …' (or removed) when the flags are equal and overloads only came, or only went; else 'signature'. */
function changeOf(before: MemberShape, after: MemberShape): string {
  if (before.kind !== 'method' || before.flags !== after.flags) return 'signature';
  const [a, b] = [before.type.split(OVERLOADS), after.type.split(OVERLOADS)];
  const added = b.filter((o) => !a.includes(o));
  const removed = a.filter((o) => !b.includes(o));
  if (added.length > 0 && removed.length > 0) return 'signature';
  return [...added.map((o) => `overload added: ${o}`), ...removed.map((o) => `overload removed: ${o}`)].join(OVERLOADS);
}

const byOwner = <T extends { owner: string; member: string }>(a: T, b: T): number => a.owner.localeCompare(b.owner) || a.member.localeCompare(b.member);

/** What `from` exports that `to` does not (a name that differs only in case is a rename), what `to` adds, and each changed member. */
export function diffSurfaces(from: Surface, to: Surface): SurfaceDiff {
  const lower = new Map([...to.exports.keys()].filter((n) => !from.exports.has(n)).map((n) => [n.toLowerCase(), n]));
  const removedExports = [...from.exports].filter(([n]) => !to.exports.has(n)).map(([name, kind]) => {
    const renamed = lower.get(name.toLowerCase());
    return { name, kind, note: renamed ? `renamed: ${renamed}` : 'removed' };
  }).sort((a, b) => a.name.localeCompare(b.name));
  const renamedTo = new Set(removedExports.flatMap((r) => (r.note.startsWith('renamed: ') ? [r.note.slice(9)] : [])));
  const addedExports = [...to.exports].filter(([n]) => !from.exports.has(n) && !renamedTo.has(n))
    .map(([name, kind]) => ({ name, kind })).sort((a, b) => a.name.localeCompare(b.name));
  const diff: SurfaceDiff = { removedExports, addedExports, removedMembers: [], addedMembers: [], changedMembers: [], changedFunctions: [] };
  for (const [owner, before] of from.members) {
    const after = to.members.get(owner);
    if (!after) continue;
    for (const [member, shape] of before) {
      const next = after.get(member);
      if (!next) diff.removedMembers.push({ owner, member, before: memberLine(shape) });
      else if (memberLine(next) !== memberLine(shape)) diff.changedMembers.push({ owner, member, before: memberLine(shape), after: memberLine(next), change: changeOf(shape, next) });
    }
    for (const [member, shape] of after) if (!before.has(member)) diff.addedMembers.push({ owner, member, after: memberLine(shape) });
  }
  for (const [name, before] of from.functions) {
    const after = to.functions.get(name);
    if (after !== undefined && after !== before) diff.changedFunctions.push({ name, before, after });
  }
  diff.removedMembers.sort(byOwner);
  diff.addedMembers.sort(byOwner);
  diff.changedMembers.sort(byOwner);
  diff.changedFunctions.sort((a, b) => a.name.localeCompare(b.name));
  return diff;
}
