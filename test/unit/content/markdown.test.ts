import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';

const dir = mkdtempSync(join(tmpdir(), 'pkidocs-md-'));
let markdown: RenderMarkdown;
const routes = new Map([[join(dir, 'other.md'), '/docs/other']]);

beforeAll(async () => {
  markdown = createDocMarkdown(await loadHighlighter(), new Map([['Certificate', '/docs/api/classes/Certificate']]));
});

function render(body: string, lineOffset = 0) {
  const out = renderDoc({ file: join(dir, 'page.md'), body, lineOffset, data: { title: 'Page' } }, {
    markdown,
    routeOfFile: (f) => routes.get(f),
    siteOrigin: 'https://pkijs.org',
    contentDir: dir,
  });
  return { ...out, $: cheerio.load(out.page.html) };
}

describe('the Markdown pipeline', () => {
  it('adds the title as h1, stable heading ids and a TOC of h2/h3', () => {
    const { $, page } = render('## First step\n\ntext\n\n### Detail *one*\n\n## First step\n\n#### Deep');
    expect($('h1').text()).toBe('Page');
    expect($('h2').map((_, e) => $(e).attr('id')).get()).toEqual(['first-step', 'first-step-1']);
    expect(page.toc).toEqual([
      { depth: 2, id: 'first-step', text: 'First step' },
      { depth: 3, id: 'detail-one', text: 'Detail one' },
      { depth: 2, id: 'first-step-1', text: 'First step' },
    ]);
  });

  it('renders GFM tables', () => {
    const { $ } = render('| a | b |\n|---|---|\n| 1 | 2 |');
    expect($('table td').map((_, e) => $(e).text()).get()).toEqual(['1', '2']);
  });

  it('highlights code at build time and links API identifiers in TypeScript', () => {
    const { $ } = render('```ts\nconst cert = new Certificate();\n```\n\n```bash\nCertificate\n```');
    expect($('pre.shiki').length).toBe(2);
    expect($('pre.shiki span[style]').length).toBeGreaterThan(3);
    expect($('.code-block[data-lang="ts"] a.api-ref').attr('href')).toBe('/docs/api/classes/Certificate');
    expect($('.code-block[data-lang="bash"] a').length).toBe(0);
  });

  it('rewrites .md links and links to the production origin to routes', () => {
    const { $, diagnostics } = render('[a](./other.md#part) [b](https://pkijs.org/docs/installation) [c](https://example.com/x.md)');
    expect(diagnostics).toEqual([]);
    expect($('a').map((_, e) => $(e).attr('href')).get()).toEqual(['/docs/other#part', '/docs/installation', 'https://example.com/x.md']);
  });

  it('reports a .md link to a missing page at its file line', () => {
    const { diagnostics } = render('intro\n\nsee [gone](./gone.md)', 4);
    expect(diagnostics).toMatchObject([{ code: 'links/missing-page', line: 7, file: join(dir, 'page.md') }]);
    expect(diagnostics[0]!.message).toBe('The link "./gone.md" points to ./gone.md, which is not a page of the site.');
  });

  it('includes a whole file or a region, without region markers', () => {
    writeFileSync(join(dir, 'code.ts'), 'import x from "y";\n// #region make\nexport function make() {\n  return 1;\n}\n// #endregion make\n');
    const { $, page } = render('```ts include=./code.ts#make\n```\n\n```ts include=./code.ts\n```');
    const blocks = $('pre').map((_, e) => $(e).text()).get();
    expect(blocks[0]).toBe('export function make() {\n  return 1;\n}');
    expect(blocks[1]).toBe('import x from "y";\nexport function make() {\n  return 1;\n}');
    expect(page.dependencies).toEqual([join(dir, 'code.ts')]);
  });

  it('reports a missing include or region with the page and line', () => {
    const { diagnostics } = render('text\n\n```ts include=./missing.ts\n```\n\n```ts include=./code.ts#nope\n```', 5);
    expect(diagnostics.map((d: Diagnostic) => [d.code, d.line])).toEqual([
      ['content/missing-include', 8],
      ['content/missing-region', 11],
    ]);
  });

  it('groups consecutive tab fences into one accessible tab set', () => {
    const { $ } = render('```bash tab=npm group=pm\nnpm i x\n```\n\n```bash tab=yarn group=pm\nyarn add x\n```');
    expect($('.tabs').length).toBe(1);
    expect($('.tabs').attr('data-group')).toBe('pm');
    expect($('[role=tab]').map((_, e) => $(e).text()).get()).toEqual(['npm', 'yarn']);
    expect($('[role=tab]').first().attr('aria-selected')).toBe('true');
    const panels = $('[role=tabpanel]');
    expect(panels.length).toBe(2);
    expect(panels.eq(1).attr('data-tab-hidden')).toBe('');
    expect(panels.eq(1).find('pre').text()).toBe('yarn add x');
    expect($(`#${panels.eq(0).attr('aria-labelledby')}`).text()).toBe('npm');
  });
});
