// Syntax errors in the declaration files. TypeDoc runs with
// skipErrorChecking (type errors are the library's business), which also hides
// syntax errors: a d.ts with garbage appended converted "fine" into a partial
// model. TypeScript has parsed every file by the time TypeDoc converts, so
// asking the program for its syntactic diagnostics costs next to nothing.
import { relative } from 'node:path';
import type { Program } from 'typescript';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';

/** Reported one by one; the rest are counted. */
const SHOWN = 3;

export function syntaxErrors(programs: readonly Program[], cwd: string): Diagnostic[] {
  const found = programs.flatMap((program) =>
    program.getSourceFiles()
      .filter((file) => !program.isSourceFileDefaultLibrary(file))
      .flatMap((file) => program.getSyntacticDiagnostics(file)),
  );
  const shown: Diagnostic[] = found.slice(0, SHOWN).map((d) => {
    const text = typeof d.messageText === 'string' ? d.messageText : d.messageText.messageText;
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return {
      code: 'api/dts-syntax',
      category: 'config',
      severity: 'error',
      message: `The declaration file has a syntax error, so the API reference would be incomplete: ${text} (TS${d.code})`,
      hint: 'Reinstall the library (npm ci) or fix library.entry in the site config; a declaration file must parse as TypeScript.',
      ...(d.file && { file: relative(cwd, d.file.fileName) }),
      ...(at && { line: at.line + 1, column: at.character + 1 }),
    };
  });
  if (found.length > SHOWN) {
    shown.push({
      code: 'api/dts-syntax',
      category: 'config',
      severity: 'error',
      message: `${found.length - SHOWN} more syntax error(s) in the declaration files are not shown.`,
      hint: 'Fix the ones above first.',
    });
  }
  return shown;
}
