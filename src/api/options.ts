// The TypeDoc and compiler options of the API stage. They live apart from the
// converter so the cache key can include them without loading typedoc (the
// type import below is erased at runtime).
import type { TypeDocOptions } from 'typedoc';

/** Bump when the converter or the model changes shape: old caches then miss. */
export const CONVERTER_VERSION = 13;

/**
 * Compiler options for reading the declaration file. `types: []` keeps
 * whatever @types packages happen to be installed out of the program (faster,
 * and the pages do not change with the machine); `lib` matches what pkijs
 * targets, so inherited members of built-ins (Error) are those of ES2020.
 */
export const COMPILER_OPTIONS = {
  target: 'es2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  lib: ['es2020', 'dom'],
  types: [] as string[],
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  strict: true,
};

export const TYPEDOC_OPTIONS = {
  // Type errors are the library's business; checking costs a second here.
  skipErrorChecking: true,
  includeVersion: true,
  disableSources: true,
  disableGit: true,
  // pkidocs renders the README itself (its relative links become repository
  // URLs); TypeDoc's reading of it only warned about those links.
  readme: 'none',
  excludePrivate: true,
  excludeExternals: false,
  // Keep `@throws {RangeError}`'s type instead of dropping it.
  preservedTypeAnnotationTags: ['@throws'],
  // Declaration order (which follows the ASN.1 structure) and enum members by
  // value; convertMembers then groups members and puts own ones first.
  sort: ['kind', 'instance-first', 'enum-value-ascending', 'source-order'],
} satisfies TypeDocOptions;
