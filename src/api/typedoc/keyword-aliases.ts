// Aliases of keyword types (`type SchemaType = any`). TypeScript erases such an
// alias wherever it resolves a declaration's type, so TypeDoc shows `any` in
// 231 pkijs signatures while object types still say `SchemaType`. Reading the
// type annotation as written gives the name back, so pages say the same thing
// everywhere.
import ts from 'typescript';
import { type Application, type Context, Converter, type Reflection } from 'typedoc';

const KEYWORDS = new Set([
  ts.SyntaxKind.AnyKeyword,
  ts.SyntaxKind.UnknownKeyword,
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.NumberKeyword,
  ts.SyntaxKind.BooleanKeyword,
  ts.SyntaxKind.ObjectKeyword,
  ts.SyntaxKind.BigIntKeyword,
  ts.SyntaxKind.SymbolKeyword,
  ts.SyntaxKind.NeverKeyword,
  ts.SyntaxKind.UndefinedKeyword,
  ts.SyntaxKind.VoidKeyword,
]);

/** The alias name a reflection's type annotation uses, when it is a keyword alias. */
export type KeywordAliases = ReadonlyMap<Reflection, string>;

/** Listens to the converter and records each reflection whose declared type is a keyword alias. */
export function trackKeywordAliases(app: Application): KeywordAliases {
  const found = new Map<Reflection, string>();
  let aliases = new Set<string>();
  app.converter.on(Converter.EVENT_BEGIN, (context) => (aliases = keywordAliasNames(context.programs)));
  const record = (reflection: Reflection, type: ts.TypeNode | undefined) => {
    if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments && aliases.has(type.typeName.text)) {
      found.set(reflection, type.typeName.text);
    }
  };
  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (_cx, reflection, node) => {
    if (node && 'type' in node) record(reflection, node.type as ts.TypeNode | undefined);
  });
  // TypeDoc passes no node with this event; the parameter's symbol has it.
  app.converter.on(Converter.EVENT_CREATE_PARAMETER, (context: Context, reflection) => {
    const decl = context.getSymbolFromReflection(reflection)?.valueDeclaration;
    if (decl && ts.isParameter(decl)) record(reflection, decl.type);
  });
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context: Context, reflection) => {
    const decl = context.getSymbolFromReflection(reflection)?.valueDeclaration;
    if (decl && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl) || ts.isVariableDeclaration(decl))) record(reflection, decl.type);
  });
  return found;
}

/** Top-level `type X = <keyword>` declarations of the documented files. */
function keywordAliasNames(programs: readonly ts.Program[]): Set<string> {
  const names = new Set<string>();
  for (const program of programs) {
    for (const file of program.getSourceFiles()) {
      if (program.isSourceFileDefaultLibrary(file) || file.fileName.includes('/node_modules/typescript/')) continue;
      for (const statement of file.statements) {
        if (ts.isTypeAliasDeclaration(statement) && !statement.typeParameters && KEYWORDS.has(statement.type.kind)) names.add(statement.name.text);
      }
    }
  }
  return names;
}
