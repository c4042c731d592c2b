// A TypeDoc logger that records warnings and errors as Diagnostics instead of
// printing them: the CLI decides what reaches the terminal.
import { relative } from 'node:path';
import { Logger, LogLevel, type MinimalNode, type MinimalSourceFile } from 'typedoc';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';

interface Location {
  file: string;
  line: number;
  column: number;
}

/** TypeDoc appends "… at ./path.d.ts:12" to some messages; the location belongs beside the message. */
const TRAILING_LOCATION = /(?<!\s)\s+(?:in comment )?at (\.?\.?\/?[^\s]+?):(\d+)$/;

export class DiagnosticLogger extends Logger {
  readonly diagnostics: Diagnostic[] = [];
  private pending: Location | undefined;

  constructor(private readonly cwd: string) {
    super();
    this.level = LogLevel.Warn;
  }

  protected override addContext(
    message: string,
    _level: Exclude<LogLevel, LogLevel.None>,
    ...args: [MinimalNode?] | [number, MinimalSourceFile]
  ): string {
    this.pending = this.locate(args);
    return message;
  }

  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    const location = this.pending;
    this.pending = undefined;
    if (level < LogLevel.Warn || level === LogLevel.None) return;
    this.diagnostics.push(toDiagnostic(message, level, location));
  }

  private locate(args: [MinimalNode?] | [number, MinimalSourceFile]): Location | undefined {
    const [first, second] = args;
    if (first === undefined) return undefined;
    const file = typeof first === 'number' ? second : first.getSourceFile();
    const pos = typeof first === 'number' ? first : first.getStart();
    if (!file) return undefined;
    const { line, character } = file.getLineAndCharacterOfPosition(pos);
    return { file: relative(this.cwd, file.fileName), line: line + 1, column: character + 1 };
  }
}

function toDiagnostic(raw: string, level: LogLevel, location: Location | undefined): Diagnostic {
  let message = raw.trim();
  let where: Partial<Location> | undefined = location;
  const trailing = TRAILING_LOCATION.exec(message);
  if (trailing) {
    message = message.slice(0, trailing.index);
    where ??= { file: trailing[1]?.replace(/^\.\//, ''), line: Number(trailing[2]) };
  }
  return {
    code: 'api/typedoc',
    category: 'content',
    severity: level === LogLevel.Error ? 'error' : 'warning',
    message: `TypeDoc: ${message}`,
    hint: level === LogLevel.Error
      ? 'Fix the declaration file or the API options; the API reference cannot be trusted until then.'
      : warningHint(where?.file),
    ...where,
  };
}

/**
 * A doc comment of an installed package is not the site's to fix: its author
 * can report it upstream, or correct what the page says with a site note.
 */
function warningHint(file: string | undefined): string {
  if (file?.split(/[\\/]/).includes('node_modules')) {
    return 'The API reference was still generated. This doc comment is the package\'s own, not the site\'s: if the page reads wrong, report it to the package\'s authors, or correct the page with a site note in content/api-notes.';
  }
  return 'The API reference was still generated; fix the doc comment if the page looks wrong.';
}
