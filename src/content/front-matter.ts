// Reads and validates a Markdown file's front matter. YAML errors and schema
// errors both come back as diagnostics pointing at the file and line.
import matter from 'gray-matter';
import * as z from 'zod';
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

/**
 * gray-matter picks an engine from the text after the opening '---' and evals
 * `---js` front matter. Only YAML is allowed: the language is checked first,
 * and every engine but YAML is replaced by one that refuses, so its eval engine
 * is unreachable even if the check were bypassed.
 */
const refuse = (): never => {
  throw new Error('only YAML front matter is allowed');
};
const ENGINES = Object.fromEntries(
  ['javascript', 'js', 'json', 'coffee', 'coffeescript', 'cson', 'toml'].map((name) => [name, { parse: refuse, stringify: refuse }]),
);
const YAML_NAMES = new Set(['', 'yaml', 'yml']);

/** The language written after the opening '---' ('' for none), as gray-matter reads it. */
function frontMatterLanguage(source: string): string | undefined {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  // '----' opens no front matter (gray-matter's rule too).
  if (!text.startsWith('---') || text[3] === '-') return undefined;
  const first = text.slice(3, text.search(/\r?\n|$/));
  return first.trim().toLowerCase();
}

export function parseFrontMatter(source: string, file: string): { parsed?: ParsedMarkdown; diagnostics: Diagnostic[] } {
  const language = frontMatterLanguage(source);
  if (language !== undefined && !YAML_NAMES.has(language)) {
    return {
      diagnostics: [error('content', 'content/front-matter-language', `The front matter is marked as "${language}"; only YAML front matter is allowed (other languages, JavaScript among them, would run or parse code at build time).`, {
        file, line: 1, hint: 'Write the front matter in YAML between two plain --- lines.',
      })],
    };
  }
  // gray-matter reads an unclosed block to the end of the file: the page's text would be read as YAML.
  if (language !== undefined && !closed(source)) {
    return {
      diagnostics: [error('content', 'content/unclosed-front-matter', 'The front matter opened by the --- on line 1 is never closed.', {
        file, line: 1, hint: 'Add a line holding only --- after the last front matter field, before the page\'s text.',
      })],
    };
  }
  let result: matter.GrayMatterFile<string>;
  try {
    // An empty options object bypasses gray-matter's cache, which would hide edits.
    result = matter(source, { language: 'yaml', engines: ENGINES });
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
        hint: 'Fix the YAML of that line (between the two --- lines at the top of the file): put a value in quotes when it starts with [ { " \' * & ! | > @ or holds ": ", and start each field at the start of its line.',
      })],
    };
  }
  const checked = frontMatterSchema.safeParse(result.data);
  if (!checked.success) {
    return {
      diagnostics: checked.error.issues.map((issue) =>
        error('content', 'content/invalid-front-matter', issue.code === 'unrecognized_keys'
          ? `Unknown front matter ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((k) => `"${k}"`).join(', ')}.`
          : `Front matter field "${formatPath(issue.path)}" ${problem(issue, (result.data as Record<PropertyKey, unknown>)[issue.path[0]!])}.`, {
          file,
          line: lineOfKey(source, issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]),
          hint: 'Front matter accepts title, description (both required), sidebar_label, sidebar_position and hide_table_of_contents.',
        })),
    };
  }
  const lineOffset = source.slice(0, source.length - result.content.length).split('\n').length - 1;
  return { parsed: { data: checked.data, body: result.content, lineOffset }, diagnostics: [] };
}

/** What is wrong with a field, in words (zod's own text reads "Invalid input: expected string, received undefined"). */
function problem(issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined) return 'is missing';
  if (issue.code === 'invalid_type') return `must be ${issue.expected === 'string' ? 'text' : `a ${issue.expected}`}, not ${Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value}`}`;
  if (issue.code === 'too_small') return 'is empty';
  return 'has a value it cannot take';
}

/** Whether a line holding only --- closes the block the first line opens. */
function closed(source: string): boolean {
  return source.split('\n').some((l, i) => i > 0 && /^---\s*$/.test(l));
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
