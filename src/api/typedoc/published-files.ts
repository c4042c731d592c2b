// The second wall behind confined-program.ts: every reflection TypeDoc made
// must be declared in a file of the documented package (or in TypeScript's
// lib, for members inherited from built-ins such as Error). A dependency's
// declaration file is in the program so that its types resolve, but
// `import { X } from 'dep'; export { X }`, or a class extending one of its
// classes, would publish its names and doc comments: refused, naming them.
import { relative } from 'node:path';
import type { ProjectReflection } from 'typedoc';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.ts';
import { isInside } from '../../shared/path-inside.ts';
import { realPath } from './confined-program.ts';

/** Reported one by one; the rest are counted. */
const SHOWN = 5;

export function declaredOutside(project: ProjectReflection, packageDir: string, libDir: string, cwd: string): Diagnostic[] {
  const pkg = realPath(packageDir);
  const outside: { name: string; file: string }[] = [];
  // Thousands of reflections come from a few dozen files: one realpath each (0.2 s of lstat calls before).
  const resolved = new Map<string, string>();
  for (const reflection of Object.values(project.reflections)) {
    const file = project.getSymbolIdFromReflection(reflection)?.fileName;
    if (!file) continue;
    const path = resolved.get(file) ?? realPath(file);
    resolved.set(file, path);
    if (!isInside(path, pkg) && !isInside(path, libDir)) outside.push({ name: reflection.getFriendlyFullName(), file: path });
  }
  const found = outside.slice(0, SHOWN).map(({ name, file }) => error('content', 'api/dts-outside-package', `${name} is declared in ${relative(cwd, file)}, outside the documented package's folder ${pkg}: pkidocs publishes only declarations from files inside it, so the API reference is not built.`, {
    hint: 'Document the package that declares it, or have the documented package declare what it exports in its own type definitions.',
  }));
  if (outside.length > SHOWN) found.push(error('content', 'api/dts-outside-package', `${outside.length - SHOWN} more declaration(s) from outside the package folder are not shown.`, { hint: 'Fix the ones above first.' }));
  return found;
}
