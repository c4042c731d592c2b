// Reads and validates a Markdown file's front matter. YAML errors and schema
// errors both come back as diagnostics pointing at the file and line.
import matter from 'gray-matter';
import { z } from 'zod';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatPath } from '../config/issues.ts';

export const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  hide_table_of_contents: z.boolean().optional(),
});

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface ParsedMarkdown {
  data: FrontMatter;
  body: string;
  /** Lines taken by the front matter block, to map body lines back to the file. */
  lineOffset: number;
}

export function parseFrontMatter(source: string, file: string): { parsed?: ParsedMarkdown; diagnostics: Diagnostic[] } {
  let result: matter.GrayMatterFile<string>;
  try {
    // An empty options object bypasses gray-matter's cache, which would hide edits.
    result = matter(source, {});
  } catch (e) {
    const mark = (e as { mark?: { line: number; column: number } }).mark;
    const reason = (e as { reason?: string }).reason ?? (e as Error).message;
    return {
      diagnostics: [error('content', 'content/bad-front-matter', `The front matter is not valid YAML: ${reason}.`, {
        file,
        // YAML lines count from the first line after the opening '---'; an error found at the
        // end of the block (an unclosed bracket) is reported on its last line.
        line: mark ? Math.min(mark.line + 2, closingLine(source) - 1) : 1,
        column: mark ? mark.column + 1 : undefined,
        hint: 'Fix the YAML between the two --- lines at the top of the file.',
      })],
    };
  }
  const checked = frontMatterSchema.safeParse(result.data);
  if (!checked.success) {
    return {
      diagnostics: checked.error.issues.map((issue) =>
        error('content', 'content/invalid-front-matter', issue.code === 'unrecognized_keys'
          ? `Unknown front matter key(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}.`
          : `Front matter field "${formatPath(issue.path)}" is invalid: ${issue.message}.`, {
          file,
          line: lineOfKey(source, issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]),
          hint: 'Front matter accepts title, description (both required), sidebar_label, sidebar_position and hide_table_of_contents.',
        })),
    };
  }
  const lineOffset = source.slice(0, source.length - result.content.length).split('\n').length - 1;
  return { parsed: { data: checked.data, body: result.content, lineOffset }, diagnostics: [] };
}

/** Line of the '---' that closes the front matter (or the last line). */
function closingLine(source: string): number {
  const lines = source.split('\n');
  const idx = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return idx > 0 ? idx + 1 : lines.length;
}

function lineOfKey(source: string, key: PropertyKey | undefined): number {
  if (typeof key !== 'string') return 1;
  const idx = source.split('\n').findIndex((l) => l.startsWith(`${key}:`));
  return idx >= 0 ? idx + 1 : 1;
}
