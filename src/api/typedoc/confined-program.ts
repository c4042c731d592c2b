// The TypeScript program TypeDoc converts, confined to the documented package.
// The package's declaration files are content: a line such as
// `export * from '../../../elsewhere/secret.js'` made TypeScript read that
// file and TypeDoc publish its declarations. This program loads a file only
// when it is
// - inside the package folder,
// - one of TypeScript's own lib files, or
// - a declaration file under node_modules named by a bare specifier
//   (`import * as asn1js from 'asn1js'`): the package's dependencies, read so
//   their types resolve; publishing anything declared there is refused
//   afterwards (published-files.ts).
// A relative or absolute specifier of a package file that leads out of the
// folder, and any other file the program would read, is refused and reported
// with the line that named it.
import { realpathSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.ts';
import { isInside } from '../../shared/path-inside.ts';
import { trimDomLib, type TrimmedDomLib } from './trimmed-lib.ts';

export interface ConfinedProgram {
  program: ts.Program;
  /** One error per path the program was refused. */
  refused: Diagnostic[];
  /** Set when the program was given the trimmed lib.dom (trimmed-lib.ts). */
  trimmed?: TrimmedDomLib;
}

export const realPath = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/** TypeScript's lib folder (lib.es2020.d.ts, lib.dom.d.ts…). */
export const tsLibDir = (options: ts.CompilerOptions): string => realPath(dirname(ts.getDefaultLibFilePath(options)));

const isBare = (specifier: string): boolean => !/^(?:\.{1,2}(?:\/|$)|\/|[a-z]+:)/i.test(specifier);
const isDeclaration = (file: string): boolean => /\.d\.[cm]?ts$/.test(file);
const underNodeModules = (file: string): boolean => file.split('/').includes('node_modules');

export function confinedProgram(entry: string, packageDir: string, options: ts.CompilerOptions, cwd: string, trimLib: boolean): ConfinedProgram {
  const pkg = realPath(packageDir);
  const libDir = tsLibDir(options);
  const host = ts.createCompilerHost(options, true);
  const cache = ts.createModuleResolutionCache(cwd, (f) => f, options);
  /** Dependency declaration files a bare specifier resolved to. */
  const dependencies = new Set<string>();
  const refused = new Map<string, Diagnostic>();

  const refuse = (path: string, from?: { file: ts.SourceFile; node: ts.Node; specifier: string }): void => {
    if (refused.has(path)) return;
    const at = from?.file.getLineAndCharacterOfPosition(from.node.getStart(from.file));
    const named = from ? `'${from.specifier}' leads to ${path}` : `TypeScript was asked to read ${path}`;
    refused.set(path, error('content', 'api/dts-outside-package', `${named}, outside the documented package's folder ${pkg}: pkidocs publishes only declarations from files inside it (the type definitions are content), so the file was not read.`, {
      hint: 'Document a package whose type definitions stay in its own folder (reinstall it with npm ci if this line is not in the published package), or point library.package at the package that declares these names.',
      ...(from && { file: relative(cwd, from.file.fileName), line: at!.line + 1, column: at!.character + 1 }),
    }));
  };

  host.resolveModuleNameLiterals = (literals, containingFile, redirected, opts, containingSourceFile) =>
    literals.map((literal) => {
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, opts);
      const result = ts.resolveModuleName(literal.text, containingFile, opts, host, cache, redirected, mode);
      const target = result.resolvedModule && realPath(result.resolvedModule.resolvedFileName);
      if (!target || isInside(target, pkg)) return result;
      // A package file names its dependencies by bare specifier; a dependency's own files may name each other either way.
      const fromPackage = isInside(realPath(containingFile), pkg);
      if (isDeclaration(target) && underNodeModules(target) && (isBare(literal.text) || !fromPackage)) {
        dependencies.add(target);
        return result;
      }
      refuse(target, { file: containingSourceFile, node: literal, specifier: literal.text });
      return { resolvedModule: undefined };
    });

  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, create) => {
    const path = realPath(fileName);
    if (isInside(path, pkg) || isInside(path, libDir) || dependencies.has(path)) return getSourceFile(fileName, language, onError, create);
    refuse(path);
    return undefined;
  };

  // Around the confinement: the lib is trimmed by the names of the files the program was allowed.
  const trimmed = trimLib ? trimDomLib(host) : undefined;
  const program = ts.createProgram({ rootNames: [entry], options, host });
  locateReferences(program, pkg, refused, cwd);
  return { program, refused: [...refused.values()], trimmed };
}

/**
 * Names the `/// <reference path>` or `/// <reference types>` line of a
 * package file behind a refusal that has no location yet.
 */
function locateReferences(program: ts.Program, pkg: string, refused: Map<string, Diagnostic>, cwd: string): void {
  const place = (path: string, file: ts.SourceFile, ref: ts.FileReference, directive: string): void => {
    const found = refused.get(path);
    if (!found || found.file) return;
    const at = file.getLineAndCharacterOfPosition(ref.pos);
    refused.set(path, { ...found, message: found.message.replace(/^TypeScript was asked to read/, `/// <reference ${directive}="${ref.fileName}"/> leads to`), file: relative(cwd, file.fileName), line: at.line + 1, column: at.character + 1 });
  };
  for (const file of program.getSourceFiles()) {
    if (!isInside(realPath(file.fileName), pkg)) continue;
    for (const ref of file.referencedFiles) place(realPath(resolve(dirname(file.fileName), ref.fileName)), file, ref, 'path');
    for (const ref of file.typeReferenceDirectives) {
      const path = [...refused.keys()].find((p) => p.includes(`/node_modules/${ref.fileName}/`) || p.includes(`/node_modules/@types/${ref.fileName}/`));
      if (path) place(path, file, ref, 'types');
    }
  }
}
