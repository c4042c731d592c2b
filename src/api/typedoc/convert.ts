// Runs TypeDoc's converter on the declaration file and turns the project into
// an ApiModel. This module (and what it imports) is loaded only on a cache miss.
import {
  Application,
  type CommentTag,
  Converter,
  type DeclarationReflection,
  type ProjectReflection,
  type Reflection,
  ReflectionKind,
} from 'typedoc';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { CompilerOptions } from 'typescript';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { compareNames, type ApiItem, type ApiModel, type ApiNamespace } from '../model.ts';
import { convertDoc, plainSummary } from './comments.ts';
import { COMPILER_OPTIONS, TYPEDOC_OPTIONS } from '../options.ts';
import { createContext, itemKindOf, qualifiedName } from './context.ts';
import { itemConverters } from './items.ts';
import { convertObjectType } from './members.ts';
import { type KeywordAliases, trackKeywordAliases } from './keyword-aliases.ts';
import { DiagnosticLogger } from './logger.ts';
import { refuseFileTags } from './no-file-tags.ts';
import { confinedProgram, tsLibDir } from './confined-program.ts';
import { declaredOutside } from './published-files.ts';
import { syntaxErrors } from './syntax.ts';

export interface ConvertResult {
  model: ApiModel | undefined;
  diagnostics: Diagnostic[];
  /** Every file TypeScript's program read (the cache key covers them all). */
  inputs: string[];
}

/** Thrown out of the conversion when the trimmed lib.dom lacks a name the package uses. */
class NeedsFullLib extends Error {}

/**
 * `packageDir`: the documented package's folder, the only one whose declarations may be published.
 * `trimLib`: give the program only the lib.dom declarations the package uses
 * (trimmed-lib.ts); when its files name one the trimmed lib left out, the
 * conversion starts again with the whole lib.
 */
export async function convertDeclarations(entry: string, packageDir: string, cwd = process.cwd(), trimLib = true): Promise<ConvertResult> {
  if (!trimLib) return convertWith(entry, packageDir, cwd, false);
  try {
    return await convertWith(entry, packageDir, cwd, true);
  } catch (e) {
    if (e instanceof NeedsFullLib) return convertWith(entry, packageDir, cwd, false);
    throw e;
  }
}

async function convertWith(entry: string, packageDir: string, cwd: string, trimLib: boolean): Promise<ConvertResult> {
  // No option readers: a typedoc.json or tsconfig.json lying around must not change the pages.
  const app = await Application.bootstrap({ ...TYPEDOC_OPTIONS, entryPoints: [entry], compilerOptions: COMPILER_OPTIONS }, []);
  const logger = new DiagnosticLogger(cwd);
  app.logger = logger;
  // TypeDoc's own program reads whatever the d.ts names; this one reads nothing outside the package (confined-program.ts).
  const compilerOptions = app.options.getCompilerOptions(logger);
  const { program, refused, trimmed } = confinedProgram(entry, packageDir, compilerOptions, cwd, trimLib);
  if (refused.length) return { model: undefined, diagnostics: refused, inputs: [] };
  const sourceFile = program.getSourceFile(entry);
  app.getEntryPoints = () => (sourceFile ? [{ displayName: 'index', sourceFile, program }] : undefined);
  refuseFileTags(app);
  const keptTags = new Map<Reflection, CommentTag[]>();
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => keepTagsReplacedByInheritDoc(context.project, keptTags));
  const keywordAliases = trackKeywordAliases(app);
  let syntax: Diagnostic[] = [];
  let inputs: string[] = [];
  app.converter.on(Converter.EVENT_BEGIN, (context) => {
    const unmet = trimmed?.unmet(context.programs) ?? [];
    if (unmet.length) throw new NeedsFullLib(`lib.dom names left out: ${unmet.join(', ')}`);
    syntax = syntaxErrors(context.programs, cwd);
    inputs = context.programs.flatMap((p) => p.getSourceFiles().map((f) => f.fileName));
  });
  const project = await app.convert();
  return finish(project, { entry, packageDir, cwd, compilerOptions, syntax, inputs, keptTags, keywordAliases, logger });
}

interface Converted {
  entry: string;
  packageDir: string;
  cwd: string;
  compilerOptions: CompilerOptions;
  syntax: Diagnostic[];
  /** Every file TypeScript's program read. */
  inputs: string[];
  keptTags: Map<Reflection, CommentTag[]>;
  keywordAliases: KeywordAliases;
  logger: DiagnosticLogger;
}

/** The model of a converted project, or the reasons there is none. */
function finish(project: ProjectReflection | undefined, { entry, packageDir, cwd, compilerOptions, syntax, inputs, keptTags, keywordAliases, logger }: Converted): ConvertResult {
  if (syntax.length) return { model: undefined, diagnostics: [...syntax, ...logger.diagnostics], inputs };
  if (!project) {
    logger.diagnostics.push({
      code: 'api/convert-failed',
      category: 'content',
      severity: 'error',
      message: 'TypeDoc could not convert the declaration file, so there is no API reference to build.',
      hint: "Check that it is a valid declaration file; TypeDoc's own messages, reported with this one, say what went wrong.",
      file: entry,
    });
    return { model: undefined, diagnostics: logger.diagnostics, inputs };
  }
  const outside = declaredOutside(project, packageDir, tsLibDir(compilerOptions), cwd);
  if (outside.length) return { model: undefined, diagnostics: [...outside, ...logger.diagnostics], inputs };
  const model = toModel(project, keptTags, keywordAliases, logger.diagnostics, cwd);
  return { model, diagnostics: logger.diagnostics, inputs };
}

function toModel(
  project: ProjectReflection,
  keptTags: Map<Reflection, CommentTag[]>,
  keywordAliases: KeywordAliases,
  diagnostics: Diagnostic[],
  cwd: string,
): ApiModel {
  const cx = createContext(project, keptTags, keywordAliases, convertObjectType);
  const items: ApiItem[] = [];
  const namespaces: ApiNamespace[] = [];
  const add = (children: readonly DeclarationReflection[] | undefined): void => {
    for (const child of children ?? []) {
      // A namespace has a page; its members are items under their qualified names (`Geometry.area`).
      if (child.kindOf(ReflectionKind.Namespace)) {
        const doc = convertDoc(child, cx);
        namespaces.push({ name: qualifiedName(child), summary: plainSummary(child.comment), ...(doc ? { doc } : {}) });
        add(child.children);
        continue;
      }
      const kind = itemKindOf(child);
      if (!kind) {
        diagnostics.push(unsupported(child, cwd));
        continue;
      }
      items.push({ ...itemConverters[kind](child, cx), name: qualifiedName(child) });
    }
  };
  add(project.children);
  items.sort((a, b) => compareNames(a.name, b.name));
  namespaces.sort((a, b) => compareNames(a.name, b.name));
  return { packageName: project.packageName ?? project.name, version: project.packageVersion ?? '', items, ...(namespaces.length ? { namespaces } : {}) };
}

/**
 * A bare `@inheritDoc` makes TypeDoc replace the whole comment with the
 * parent's, dropping the block tags written next to it. pkijs puts the ASN.1
 * schema of every `schema()` method there (`@asn`), so keep those tags.
 */
function keepTagsReplacedByInheritDoc(project: ProjectReflection, kept: Map<Reflection, CommentTag[]>): void {
  const replaced = new Set(['@inheritDoc', '@remarks', '@returns', '@param', '@typeParam']);
  for (const reflection of Object.values(project.reflections)) {
    const tags = reflection.comment?.blockTags;
    if (!tags?.some((t) => t.tag === '@inheritDoc' && !t.name)) continue;
    const own = tags.filter((t) => !replaced.has(t.tag)).map((t) => t.clone());
    if (own.length) kept.set(reflection, own);
  }
}

function unsupported(decl: DeclarationReflection, cwd: string): Diagnostic {
  return {
    ...declaredAt(decl, cwd),
    code: 'api/unsupported-export',
    category: 'content',
    severity: 'warning',
    message: `The export ${qualifiedName(decl)} is a ${ReflectionKind[decl.kind]}, a kind the API reference does not document, so it is left out.`,
    hint: 'Export it as a class, interface, enum, type alias, function or variable, or ask for a converter for its kind.',
  };
}

/** The file and line of the export's declaration (sources are off, so from TypeScript's symbol), to name it in a warning. */
function declaredAt(decl: DeclarationReflection, cwd: string): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  const id = decl.project.getSymbolIdFromReflection(decl);
  if (!id?.fileName) return {};
  let before: string[];
  try {
    before = readFileSync(id.fileName, 'utf8').slice(0, Math.max(0, id.pos)).split('\n');
  } catch {
    return { file: relative(cwd, id.fileName) };
  }
  return { file: relative(cwd, id.fileName), line: before.length, column: before.at(-1)!.length + 1 };
}
