// Site notes (content/api-notes, read by src/content/api-notes.ts) checked
// against the API model and rendered through the Markdown pipeline of the
// docs pages (links rewritten and checked, raw HTML screened), ready for the
// item page: the item's own note and one per member it names.
import type { ApiMember, ApiModel, ApiPageItem } from '../api/model.ts';
import { isPageItem } from '../api/model.ts';
import type { ApiNoteFile } from '../content/api-notes.ts';
import { docContext, type DocRenderContext } from '../content/render-docs.ts';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ItemNotes } from '../render/api/index.ts';
import { findMember } from '../routes/api-urls.ts';

/** Checks every note file names a page item and each section one of its members. */
export function checkApiNotes(notes: readonly ApiNoteFile[], model: ApiModel): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const note of notes) {
    const item = pageItem(model, note.item);
    if (!item) {
      const elsewhere = model.items.find((i) => i.name === note.item);
      diagnostics.push(error('content', 'content/api-note-unknown-item', elsewhere
        ? `The site note file is about ${note.item}, a ${elsewhere.kind} without a page of its own: notes go on class, interface and enumeration pages.`
        : `The site note file is about "${note.item}", which is not a class, interface or enumeration of ${model.packageName} ${model.version}.`, {
        file: note.file, line: 1, column: 1,
        hint: 'Name the file after the item whose page it belongs on (content/api-notes/Certificate.md), or remove it.',
      }));
      continue;
    }
    for (const section of note.sections) {
      if (memberOf(item, section)) continue;
      diagnostics.push(error('content', 'content/api-note-unknown-member', `The site note section "## ${section.heading}" names no ${section.static ? 'static ' : ''}member of ${item.name}.`, {
        file: note.file, line: section.line, column: 1,
        hint: `Use a member listed on the ${item.name} page ("## static name()" for a static one), or remove the section.`,
      }));
    }
  }
  return diagnostics;
}

function pageItem(model: ApiModel, name: string): ApiPageItem | undefined {
  return model.items.find((i): i is ApiPageItem => i.name === name && isPageItem(i));
}

function memberOf(item: ApiPageItem, section: { name: string; static: boolean }): ApiMember | undefined {
  if (section.name === 'constructor' && !section.static) return item.members.find((m) => m.kind === 'constructor');
  return findMember(item, section.name, section.static);
}

/** The rendered notes of one item (undefined when it has none), with what rendering them reported. */
export function renderItemNotes(
  item: ApiPageItem,
  notes: readonly ApiNoteFile[],
  ctx: DocRenderContext,
): { notes?: ItemNotes; diagnostics: Diagnostic[] } {
  const note = notes.find((n) => n.item === item.name);
  if (!note) return { diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const render = (markdown: string, line: number): string => {
    const docCtx = docContext(note.file, line - 1, ctx, diagnostics);
    return withoutHeadingIds(ctx.markdown(markdown, { path: note.file, data: { doc: docCtx } }).html);
  };
  const out: ItemNotes = { members: new Map() };
  if (note.intro) out.item = render(note.intro.markdown, note.intro.line);
  for (const section of note.sections) {
    const member = memberOf(item, section);
    if (member) out.members.set(member, render(section.markdown, section.line + 1));
  }
  return { notes: out, diagnostics };
}

/** A heading inside a note must not take an id (it could be a member's anchor) nor enter the outline under the h3. */
function withoutHeadingIds(html: string): string {
  return html.replace(/<(\/?)h([1-6])(?: id="[^"]*")?>/g, (_, close: string, level: string) => `<${close}h${Math.max(5, Number(level))}>`);
}
