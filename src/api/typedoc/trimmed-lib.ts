// A trimmed lib.dom.d.ts for the TypeDoc program. lib.dom is ~68% of the
// program's text and ~1 s of the child's CPU, while a package like pkijs names
// a few dozen of its declarations (CryptoKey, SubtleCrypto, BufferSource…).
// A compiler host given to trimDomLib hands TypeScript a lib.dom.d.ts holding
// only the declarations that the package's files name, and those these name in
// turn. The file keeps its path, so a reference to a DOM type is still one into
// TypeScript's lib (same `package`, same default-library status): the pages do
// not change.
// Derived, not listed: the names come from the files the host gave TypeScript
// before it asked for the lib (the entry and what it imports, already parsed),
// and `unmet()` checks the finished program's files, so a caller can convert
// again with the full lib when a file named something the trimmed lib left out.
import { dirname, join } from 'node:path';
import ts from 'typescript';

export interface TrimmedDomLib {
  /** Names of lib.dom declarations that the program's own files use and the trimmed lib lacks. */
  unmet(programs: readonly ts.Program[]): string[];
}

/** Makes `host` serve the trimmed lib.dom; call before the program is created. */
export function trimDomLib(host: ts.CompilerHost): TrimmedDomLib {
  const libDir = dirname(ts.getDefaultLibFilePath({}));
  const domFile = join(libDir, 'lib.dom.d.ts');
  const getSourceFile = host.getSourceFile.bind(host);
  /** The package's files given so far (before the lib, as TypeScript reads roots and imports first). */
  const given: ts.SourceFile[] = [];
  let dom: { index: Map<string, Chunk[]>; kept: Set<string> } | undefined;

  host.getSourceFile = (fileName, language, onError, create) => {
    const text = fileName === domFile ? host.readFile(fileName) : undefined;
    const lib = text === undefined ? undefined : splitLib(text);
    if (lib) {
      const seeds = new Set<string>();
      for (const file of given) globalNamesUsed(file, seeds);
      dom = { index: lib.index, kept: closure(seeds, lib.index) };
      return ts.createSourceFile(fileName, trimmedText(lib, dom.kept), language, true);
    }
    // A lib of a layout this does not know is given whole, with nothing to check.
    const file = getSourceFile(fileName, language, onError, create);
    if (file && !fileName.startsWith(libDir)) given.push(file);
    return file;
  };

  return {
    unmet(programs) {
      if (!dom) return [];
      const used = new Set<string>();
      for (const program of programs) {
        for (const file of program.getSourceFiles()) if (!program.isSourceFileDefaultLibrary(file) && !file.fileName.startsWith(libDir)) globalNamesUsed(file, used);
      }
      const { index, kept } = dom;
      return [...used].filter((name) => index.has(name) && !kept.has(name)).sort();
    },
  };
}

interface SplitLib {
  header: string;
  /** Each top-level declaration's text (its doc comment first), by name. */
  index: Map<string, Chunk[]>;
}
interface Chunk {
  start: number;
  text: string;
}

/** A top-level declaration of TypeScript's generated lib files: each starts a line. */
const DECLARATION = /^(?:declare )?(?:interface|type|var|const|let|function|namespace) ([\w$]+)/gm;
const DECLARATION_LINE = new RegExp(DECLARATION.source);
/** What else may start a line between two declarations: a closing brace, a comment. */
const BETWEEN = /^(?:\}|\/\/|\/\*|\s\*|\s*$|\s)/;

/**
 * lib.dom split into its declarations by its layout, not parsed: parsing its
 * 1.9 MB is most of what trimming saves. undefined when a line starts with
 * something else (a lib of another layout is then used whole).
 */
function splitLib(text: string): SplitLib | undefined {
  const starts: { start: number; name: string }[] = [];
  for (const m of text.matchAll(DECLARATION)) {
    // `*/` right above: the declaration's doc comment goes with it.
    const comment = text.startsWith('*/\n', m.index - 3) ? text.lastIndexOf('/**', m.index) : -1;
    starts.push({ start: comment > (starts.at(-1)?.start ?? -1) ? comment : m.index, name: m[1]! });
  }
  if (!starts.length) return undefined;
  const index = new Map<string, Chunk[]>();
  for (const [i, { start, name }] of starts.entries()) {
    const chunk = { start, text: text.slice(start, starts[i + 1]?.start ?? text.length) };
    const lines = chunk.text.split('\n');
    if (lines.some((line) => !BETWEEN.test(line) && !DECLARATION_LINE.test(line))) return undefined;
    const list = index.get(name);
    if (list) list.push(chunk);
    else index.set(name, [chunk]);
  }
  return { header: text.slice(0, starts[0]!.start), index };
}

/** The seeds and every lib.dom name their declarations use, transitively. */
function closure(seeds: Set<string>, index: Map<string, Chunk[]>): Set<string> {
  const kept = new Set<string>();
  const queue = [...seeds].filter((name) => index.has(name));
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (kept.has(name)) continue;
    kept.add(name);
    const used = new Set<string>();
    for (const chunk of index.get(name)!) {
      const sourceFile = ts.createSourceFile('chunk.d.ts', chunk.text, ts.ScriptTarget.Latest, false);
      namesUsed(sourceFile, sourceFile, used);
    }
    for (const next of used) if (index.has(next) && !kept.has(next)) queue.push(next);
  }
  return kept;
}

/** The lib's header (its `/// <reference no-default-lib>`) and the kept declarations, in their order. */
function trimmedText(lib: SplitLib, kept: Set<string>): string {
  const chunks = [...kept].flatMap((name) => lib.index.get(name)!).sort((a, b) => a.start - b.start);
  return `${lib.header}${chunks.map((c) => c.text).join('')}`;
}

/**
 * The global names a file of the package uses: in a module, a name it declares
 * or imports itself shadows the global one (pkijs's own `Request` class is not
 * the DOM's); a global script's declarations merge with the lib's, so they stay,
 * as do the names a module declares in `declare global`.
 */
function globalNamesUsed(file: ts.SourceFile, into: Set<string>): void {
  const used = namesUsed(file, file, new Set());
  if (ts.isExternalModule(file)) for (const name of ownNames(file)) used.delete(name);
  for (const statement of file.statements) {
    if (ts.isModuleDeclaration(statement) && statement.name.text === 'global' && statement.body && ts.isModuleBlock(statement.body)) {
      for (const inner of statement.body.statements) for (const name of declaredNames(inner)) used.add(name);
    }
  }
  for (const name of used) into.add(name);
}

/** The names a module declares or imports at its top level. */
function ownNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    for (const name of declaredNames(statement)) names.add(name);
    if (ts.isImportDeclaration(statement) && statement.importClause) {
      const { name, namedBindings } = statement.importClause;
      if (name) names.add(name.text);
      if (namedBindings && ts.isNamespaceImport(namedBindings)) names.add(namedBindings.name.text);
      else if (namedBindings) for (const element of namedBindings.elements) names.add(element.name.text);
    } else if (ts.isImportEqualsDeclaration(statement)) {
      names.add(statement.name.text);
    }
  }
  return names;
}

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  const named = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isModuleDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement);
  return named && statement.name && ts.isIdentifier(statement.name) ? [statement.name.text] : [];
}

/**
 * The global names a node uses: the first identifier of every type reference,
 * heritage clause and `typeof` query, and every `{@link Name}` of its comments
 * (TypeDoc resolves those through the compiler too). Over-counting only keeps more.
 */
function namesUsed(node: ts.Node, sourceFile: ts.SourceFile, into: Set<string>): Set<string> {
  const first = (name: ts.EntityName | ts.Expression): void => {
    let n: ts.Node = name;
    while (ts.isQualifiedName(n) || ts.isPropertyAccessExpression(n)) n = ts.isQualifiedName(n) ? n.left : n.expression;
    if (ts.isIdentifier(n)) into.add(n.text);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n)) first(n.typeName);
    else if (ts.isExpressionWithTypeArguments(n)) first(n.expression);
    else if (ts.isTypeQueryNode(n)) first(n.exprName);
    ts.forEachChild(n, visit);
  };
  visit(node);
  const text = sourceFile.text.slice(node.pos, node.end);
  for (const link of text.matchAll(/\{@link(?:code|plain)?\s+([A-Za-z_$][\w$]*)/g)) into.add(link[1]!);
  return into;
}
