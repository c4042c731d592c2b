// Site notes on API pages: content/api-notes/<Item>.md holds what the site
// wants to add to an item's generated page (traps, defaults the d.ts cannot
// show, corrections of upstream examples). The part before the first `##` is
// about the item itself; each `## name()`, `## static name()`, `## name` or
// `## constructor` section is about that member. Read here as hostile content
// (read-file.ts); checked against the API model and rendered by src/pages.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { DEFAULT_MAX_PAGE_BYTES } from '../config/schema.ts';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { problemAt, readContentFile, realpathOrUndefined } from './read-file.ts';
import { listContentFiles } from './walk.ts';

export interface ApiNoteSection {
  /** As written after `## `: `sign()`, `static schema()`, `constructor`, `tbsView`. */
  heading: string;
  name: string;
  static: boolean;
  markdown: string;
  /** 1-based line of the `##` heading. */
  line: number;
}

export interface ApiNoteFile {
  /** Absolute path. */
  file: string;
  /** The item the file is about: its name without `.md`. */
  item: string;
  /** The note on the item itself, with the 1-based line it starts on. */
  intro?: { markdown: string; line: number };
  sections: ApiNoteSection[];
}

const MEMBER = /^(static\s+)?([A-Za-z_$][\w$]*)(\(\))?$/;
const FENCE = /^\s*(```|~~~)/;

export interface ReadApiNotesOptions {
  root: string;
  maxPageBytes?: number;
}

export async function readApiNotes(dir: string, options: ReadApiNotesOptions): Promise<{ notes: ApiNoteFile[]; diagnostics: Diagnostic[] }> {
  const listing = listContentFiles(dir, { root: options.root, accept: (rel) => rel.endsWith('.md') });
  const notes: ApiNoteFile[] = [];
  const diagnostics: Diagnostic[] = [...listing.diagnostics];
  for (const { path } of listing.files) {
    const read = readContentFile(path, {
      boundary: realpathOrUndefined(options.root) ?? options.root,
      boundaryName: 'the repository',
      maxBytes: options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES,
    });
    if (read.problem) {
      diagnostics.push(problemAt(read.problem, path));
      continue;
    }
    const parsed = parseApiNote(path, read.text);
    diagnostics.push(...parsed.diagnostics);
    notes.push(parsed.note);
  }
  notes.sort((a, b) => a.item.localeCompare(b.item));
  return { notes, diagnostics };
}

/** Splits a note file at its `##` headings (outside code fences). */
export function parseApiNote(file: string, text: string): { note: ApiNoteFile; diagnostics: Diagnostic[] } {
  const note: ApiNoteFile = { file, item: basename(file, '.md'), sections: [] };
  const diagnostics: Diagnostic[] = [];
  const lines = text.split(/\r?\n/);
  let fence: string | undefined;
  let current: { heading?: ApiNoteSection; start: number; body: string[] } = { start: 1, body: [] };
  const flush = () => {
    const markdown = current.body.join('\n').trim();
    if (current.heading) note.sections.push({ ...current.heading, markdown });
    else if (markdown) note.intro = { markdown: current.body.join('\n'), line: current.start };
  };
  lines.forEach((text, i) => {
    const marker = FENCE.exec(text)?.[1];
    if (marker) fence = fence === undefined ? marker : fence === marker ? undefined : fence;
    const heading = fence === undefined && !marker ? headingText(text) : undefined;
    if (!heading) {
      current.body.push(text);
      return;
    }
    flush();
    const member = MEMBER.exec(heading);
    if (!member) {
      diagnostics.push(error('content', 'content/api-note-heading', `The site note heading "## ${heading}" does not name a member.`, {
        file, line: i + 1, column: 1,
        hint: 'Write "## name()" for a method, "## static name()" for a static one, "## name" for a property or "## constructor".',
      }));
    }
    current = {
      heading: member ? { heading, name: member[2]!, static: Boolean(member[1]), markdown: '', line: i + 1 } : undefined,
      start: i + 2,
      body: [],
    };
  });
  flush();
  return { note, diagnostics };
}

/** The names of the items that have site notes (their pages' notes are searched as prose). */
export function notedItems(notes: readonly ApiNoteFile[]): Set<string> {
  return new Set(notes.map((n) => n.item));
}

/** sha256 of every note file's name and content: part of the key of cached API bodies. */
export function apiNotesDigest(notes: readonly ApiNoteFile[]): string {
  const hash = createHash('sha256');
  for (const n of notes) hash.update(JSON.stringify([n.item, n.intro, n.sections]));
  return hash.digest('hex').slice(0, 12);
}

/**
 * An item's notes as Markdown, for the Markdown twins of API pages: the item's
 * note, then one `### Site note on Item.member` section per member.
 */
export function apiNotesMarkdown(note: ApiNoteFile): string {
  const parts: string[] = [];
  if (note.intro) parts.push(`### Site note on ${note.item}\n\n${note.intro.markdown.trim()}`);
  for (const s of note.sections) parts.push(`### Site note on ${note.item}.${memberLabel(s)}\n\n${s.markdown}`);
  return parts.join('\n\n');
}

/** `sign()`, `static schema()`, `constructor`: as the heading wrote it, normalised. */
export function memberLabel(s: Pick<ApiNoteSection, 'heading'>): string {
  return s.heading.replace(/\s+/g, ' ');
}

/**
 * The text of a `## heading` line, trimmed; undefined for any other line.
 * Not a regex: `^##\s+(.+?)\s*$` backtracks quadratically on a long heading
 * of spaces, and a site note is content.
 */
function headingText(line: string): string | undefined {
  if (!/^##\s/.test(line)) return undefined;
  return line.slice(3).trim() || undefined;
}
