// Turns whatever stopped a rebuild into diagnostics the terminal and the
// browser overlay can show: the build's own BuildFailure, esbuild's syntax
// errors (client code, templates) and exceptions thrown by templates or page
// modules, located at the first stack frame in the project's own files.
import { isAbsolute, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildFailure, error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { isInside } from '../shared/path-inside.ts';

interface EsbuildMessage {
  text: string;
  location: { file: string; line: number; column: number } | null;
}

function isEsbuildFailure(e: unknown): e is Error & { errors: EsbuildMessage[] } {
  const errors = e instanceof Error ? (e as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) && errors.length > 0;
}

export function toDiagnostics(e: unknown, root: string): Diagnostic[] {
  if (e instanceof BuildFailure) return e.diagnostics;
  if (isEsbuildFailure(e)) {
    return e.errors.map((m) => error('content', 'dev/syntax-error', `The code does not compile: ${m.text}.`, {
      ...(m.location ? { file: resolve(root, m.location.file), line: m.location.line, column: m.location.column + 1 } : {}),
      hint: 'Fix the code; the site is rebuilt as soon as the file is saved.',
    }));
  }
  const err = e instanceof Error ? e : new Error(String(e));
  return [error('internal', 'dev/exception', `Rendering threw an error: ${err.message}`, {
    ...projectFrame(err.stack ?? '', root),
    hint: 'Fix the template or page module at this location; the stack trace is printed in the terminal.',
  })];
}

/** The first stack frame in the project's own files (not node_modules, not generated code). */
export function projectFrame(stack: string, root: string): { file?: string; line?: number; column?: number } {
  for (const line of stack.split('\n').slice(1)) {
    const m = /\(?(?<![^\s()])((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?\s*$/.exec(line);
    if (!m) continue;
    const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
    if (!isAbsolute(file) || !isInside(file, root)) continue;
    if (file.includes(`${sep}node_modules${sep}`) || file.includes(`${sep}.pkidocs-cache${sep}`)) continue;
    return { file, line: Number(m[2]), column: Number(m[3]) };
  }
  return {};
}
