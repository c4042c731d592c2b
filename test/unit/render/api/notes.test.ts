// Site notes on API pages (content/api-notes): split at their `##` headings,
// checked against the model (an unknown item or member is an error at its
// file:line), and merged into the item page as asides at the item and member.
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../../src/api/model.ts';
import { apiNotesDigest, apiNotesMarkdown, parseApiNote, readApiNotes } from '../../../../src/content/api-notes.ts';
import { checkApiNotes, renderItemNotes } from '../../../../src/pages/api-notes.ts';
import { renderApiItemPage, type ApiRenderContext } from '../../../../src/render/api/index.ts';
import { createDocMarkdown } from '../../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../../src/content/highlight.ts';
import { apiHrefs } from '../../../../src/routes/api.ts';
import { buildSearchIndex } from '../../../../src/search/build-index.ts';
import { item, loadPkijs, loadSample, renderContext, ROOT } from '../../api/support.ts';

const NOTE = `The item note, with a [link](https://example.org/).

## area()

Area note.

\`\`\`md
## not a heading: inside a fence
\`\`\`

## static compare()

Compare note.

## constructor

Constructor note.
`;

let sample: ApiModel;
let ctx: ApiRenderContext;
beforeAll(async () => {
  ({ model: sample } = await loadSample());
  ctx = await renderContext(sample);
});

const docCtx = async (model: ApiModel) => ({
  markdown: createDocMarkdown(await loadHighlighter(), apiHrefs(model)),
  routeOfFile: () => undefined,
  contentDir: join(ROOT, 'content'),
});

describe('reading a note file', () => {
  it('splits it into the item note and one section per member heading, ignoring headings in code fences', () => {
    const { note, diagnostics } = parseApiNote('/c/api-notes/Circle.md', NOTE);
    expect(diagnostics).toEqual([]);
    expect(note.item).toBe('Circle');
    expect(note.intro?.markdown.trim()).toBe('The item note, with a [link](https://example.org/).');
    expect(note.sections.map((s) => [s.heading, s.name, s.static, s.line])).toEqual([
      ['area()', 'area', false, 3],
      ['static compare()', 'compare', true, 11],
      ['constructor', 'constructor', false, 15],
    ]);
    expect(note.sections[0]!.markdown).toContain('## not a heading: inside a fence');
  });

  it('reports a heading that names no member at its line', () => {
    const { diagnostics } = parseApiNote('/c/api-notes/Circle.md', 'Intro.\n\n## How to use it\n\nText.\n');
    expect(diagnostics).toMatchObject([{ code: 'content/api-note-heading', category: 'content', file: '/c/api-notes/Circle.md', line: 3 }]);
  });

  it('gives the notes as Markdown for the Markdown twins, and a digest that changes with them', () => {
    const { note } = parseApiNote('/c/api-notes/Circle.md', NOTE);
    const md = apiNotesMarkdown(note);
    expect(md).toMatch(/^### Site note on Circle\n\nThe item note/);
    expect(md).toContain('### Site note on Circle.static compare()\n\nCompare note.');
    const other = parseApiNote('/c/api-notes/Circle.md', NOTE.replace('Area note.', 'Area note!')).note;
    expect(apiNotesDigest([note])).not.toBe(apiNotesDigest([other]));
  });

  it('reads the site\'s own notes without a problem, every one about a pkijs page item and its members', async () => {
    const { notes, diagnostics } = await readApiNotes(join(ROOT, 'content/api-notes'), { root: ROOT });
    expect(diagnostics).toEqual([]);
    expect(notes.map((n) => n.item)).toEqual(expect.arrayContaining(['Certificate', 'OCSPResponse', 'SignedData', 'SignedDataVerifyParams', 'TimeStampResp']));
    const { model } = await loadPkijs();
    expect(checkApiNotes(notes, model)).toEqual([]);
  });
});

describe('checking notes against the model', () => {
  it('an unknown item is content/api-note-unknown-item at line 1 of its file', () => {
    const { note } = parseApiNote('/c/api-notes/Triangle.md', 'Text.\n');
    expect(checkApiNotes([note], sample)).toMatchObject([
      { code: 'content/api-note-unknown-item', category: 'content', severity: 'error', file: '/c/api-notes/Triangle.md', line: 1 },
    ]);
    // A type alias has no page to merge into.
    const alias = parseApiNote('/c/api-notes/UnionT.md', 'Text.\n').note;
    expect(checkApiNotes([alias], sample)[0]!.message).toContain('without a page of its own');
  });

  it('an unknown member, or the wrong static-ness, is content/api-note-unknown-member at its heading line', () => {
    const { note } = parseApiNote('/c/api-notes/Circle.md', 'Intro.\n\n## perimeter()\n\nText.\n\n## static area()\n\nText.\n');
    expect(checkApiNotes([note], sample)).toMatchObject([
      { code: 'content/api-note-unknown-member', file: '/c/api-notes/Circle.md', line: 3, message: expect.stringContaining('"## perimeter()"') },
      { code: 'content/api-note-unknown-member', file: '/c/api-notes/Circle.md', line: 7, message: expect.stringContaining('static member of Circle') },
    ]);
  });
});

describe('notes on the item page', () => {
  it('puts the item note under the doc comment and each member note in that member, as a labelled aside', async () => {
    const { note } = parseApiNote(join(ROOT, 'content/api-notes/Circle.md'), NOTE);
    const circle = item(sample, 'class', 'Circle');
    const { notes, diagnostics } = renderItemNotes(circle, [note], await docCtx(sample));
    expect(diagnostics).toEqual([]);
    const $ = cheerio.load(renderApiItemPage(circle, ctx, notes).html);
    const asides = $('aside.nt');
    expect(asides.map((_, a) => $(a).attr('aria-label')).get()).toEqual([
      'Site note on Circle', 'Site note on new Circle()', 'Site note on Circle.area()', 'Site note on Circle.compare()',
    ]);
    expect(asides.first().find('a').attr('href')).toBe('https://example.org/');
    expect($('h3#area').next('.am').find('aside.nt p').not('.nt-t').first().text()).toBe('Area note.');
    expect($('h3#compare').next('.am').find('aside.nt').text()).toContain('Compare note.');
    // A heading inside a note takes no id and stays out of the outline.
    expect($('aside.nt [id]')).toHaveLength(0);
  });

  it('are found by search: one section per note, at the member it is about', async () => {
    const { note } = parseApiNote(join(ROOT, 'content/api-notes/Circle.md'), NOTE);
    const circle = item(sample, 'class', 'Circle');
    const { notes } = renderItemNotes(circle, [note], await docCtx(sample));
    const body = renderApiItemPage(circle, ctx, notes);
    const page = { path: '/docs/api/classes/Circle', kind: 'api-class' as const, sidebar: 'docs' as const, title: 'Circle', html: body.html, toc: body.toc };
    const index = buildSearchIndex(sample, [page]);
    expect(index.pages).toEqual([['/docs/api/classes/Circle', 'Circle', 'docs', [
      ['', 'Site note on Circle', 'The item note, with a link.'],
      ['constructor', 'Site note on new Circle()', 'Constructor note.'],
      // Its only code block is plain text (the fixture's highlighter knows no md): shown, not told, so marked.
      ['area', 'Site note on Circle.area()', 'Area note.', '', '', 1],
      ['compare', 'Site note on Circle.compare()', 'Compare note.'],
    ]]]);
  });

  it('a page without notes has no aside', () => {
    expect(cheerio.load(renderApiItemPage(item(sample, 'class', 'Square'), ctx).html)('aside')).toHaveLength(0);
  });
});
