// A Markdown page with more h2/h3 headings than search keeps as results of
// their own (MAX_PAGE_SECTIONS, #30: each keystroke scores every matching
// record, so 5 000 sections cost 60 ms a keystroke): the build warns, naming
// the file and the first heading past the cap, and the sections past it stay
// findable as part of the last one kept.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { pageSections } from '../../../src/search/page-rows.ts';
import { MAX_PAGE_SECTIONS } from '../../../src/shared/search-words.ts';
import { ROOT } from '../../support/cli.ts';

let markdown: RenderMarkdown;
beforeAll(async () => {
  markdown = createDocMarkdown(await loadHighlighter(), new Map());
});

const COUNT = MAX_PAGE_SECTIONS + 50;

describe(`a page of ${COUNT} sections`, () => {
  it('warns naming the file and the first heading past the cap, and keeps the rest searchable', () => {
    // Line 1 is the h1; section i has its heading on line 3 + 4i.
    const body = `# Profiles\n\n${Array.from({ length: COUNT }, (_, i) => `## Profile ${i}\n\nAccepts algorithm${i}x.\n`).join('\n')}`;
    const file = join(ROOT, 'content/docs/profiles.md');
    const { page, diagnostics } = renderDoc({ file, body, lineOffset: 0, data: { title: 'Profiles' } }, { markdown, routeOfFile: () => undefined, contentDir: join(ROOT, 'content') });
    expect(page.toc).toHaveLength(COUNT);
    const warnings = diagnostics.filter((d) => d.code === 'content/too-many-sections');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', file, line: 3 + 4 * MAX_PAGE_SECTIONS });
    expect(warnings[0]!.message).toContain(`"Profile ${MAX_PAGE_SECTIONS}"`);

    const rows = pageSections(page.html, page.toc);
    // The text before the first h2, then MAX_PAGE_SECTIONS sections.
    expect(rows).toHaveLength(MAX_PAGE_SECTIONS + 1);
    const last = rows.at(-1)!;
    expect(last[0]).toBe(`profile-${MAX_PAGE_SECTIONS - 1}`);
    expect(`${last[2]} ${last[3] ?? ''}`.split(' ')).toContain(`algorithm${COUNT - 1}x`);
  });

  it('under the cap, gives every section a row and warns about nothing', () => {
    const body = `# Few\n\n${Array.from({ length: 3 }, (_, i) => `## Part ${i}\n\nText ${i}.\n`).join('\n')}`;
    const { page, diagnostics } = renderDoc({ file: join(ROOT, 'content/docs/few.md'), body, lineOffset: 0, data: { title: 'Few' } }, { markdown, routeOfFile: () => undefined, contentDir: join(ROOT, 'content') });
    expect(diagnostics).toEqual([]);
    expect(pageSections(page.html, page.toc).map((r) => r[0])).toEqual(['', 'part-0', 'part-1', 'part-2']);
  });
});
