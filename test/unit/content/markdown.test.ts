import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { ROOT } from '../../support/cli.ts';

const dir = join(ROOT, 'test/.tmp/markdown-test');
let markdown: RenderMarkdown;
const routes = new Map([[join(dir, 'other.md'), '/docs/other']]);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
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

describe('a page a docs version shares (src/content/versioned-docs.ts)', () => {
  /** A sitePath that knows 4.0's copies of the installation page and of Certificate. */
  const in4 = new Set(['/docs/4.0/installation', '/docs/4.0/api/classes/Certificate']);
  const sitePath = (path: string): string => {
    const [route = '', hash] = path.split('#');
    const copy = `/docs/4.0${route.slice('/docs'.length)}`;
    return route.startsWith('/docs/') && in4.has(copy) ? copy + (hash === undefined ? '' : `#${hash}`) : path;
  };
  const hrefs = (sharedPage: boolean) => {
    const body = '[a](/docs/api/classes/Certificate#verify) [b](/docs/installation) [c](/docs/guides/only-3) [d](//cdn.example/x) [e](https://example.com/docs/installation) [f](./other.md)';
    const out = renderDoc({ file: join(dir, 'page.md'), body, lineOffset: 0, data: { title: 'Page' } }, {
      markdown, routeOfFile: (f) => (f === join(dir, 'other.md') ? '/docs/4.0/other' : undefined), siteOrigin: 'https://pkijs.org', sitePath, contentDir: dir, ...(sharedPage ? { sharedPage } : {}),
    });
    const $ = cheerio.load(out.page.html);
    return $('a').map((_, a) => $(a).attr('href')).get();
  };

  it('leads its site links to the version\'s copies where there are some, and leaves other links alone', () => {
    expect(hrefs(true)).toEqual(['/docs/4.0/api/classes/Certificate#verify', '/docs/4.0/installation', '/docs/guides/only-3', '//cdn.example/x', 'https://example.com/docs/installation', '/docs/4.0/other']);
  });

  it('keeps the site links of a page written for the version as written', () => {
    expect(hrefs(false)).toEqual(['/docs/api/classes/Certificate#verify', '/docs/installation', '/docs/guides/only-3', '//cdn.example/x', 'https://example.com/docs/installation', '/docs/4.0/other']);
  });
});

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

  it('never gives a heading an id the layout uses, and keeps every other slug', () => {
    const { $, page } = render('## Content\n\n## Main content\n\n## Root\n\n## Mobile menu\n\n## __pkidocs\n\n## __pkidocs data\n\n## Content\n\n## Contents');
    const ids = $('h2').map((_, e) => $(e).attr('id')).get();
    expect(ids).toEqual(['content', 'main-content', 'root', 'mobile-menu', '___pkidocs', '___pkidocs-data', 'content-1', 'contents']);
    expect(page.toc.map((t) => t.id)).toEqual(ids);
  });

  it('refuses includes outside the content folder: absolute paths, ../ escapes and links leading out', () => {
    const content = join(dir, 'content');
    mkdirSync(content, { recursive: true });
    writeFileSync(join(dir, 'secret.ts'), 'secret');
    rmSync(join(content, 'leak.ts'), { force: true });
    symlinkSync(join(dir, 'secret.ts'), join(content, 'leak.ts'));
    const out = renderDoc({ file: join(content, 'page.md'), body: '```ts include=/etc/passwd\n```\n\n```ts include=../secret.ts\n```\n\n```ts include=./leak.ts\n```\n\n```ts include=/proc/self/environ\n```', lineOffset: 3, data: { title: 'Page' } }, {
      markdown, routeOfFile: () => undefined, contentDir: content,
    });
    expect(out.diagnostics.map((d) => [d.code, d.line, d.file])).toEqual([
      ['content/include-outside', 4, join(content, 'page.md')],
      ['content/include-outside', 7, join(content, 'page.md')],
      ['content/link-outside', 10, join(content, 'page.md')],
      ['content/include-outside', 13, join(content, 'page.md')],
    ]);
    expect(out.diagnostics[0]!.message).toBe('The code block includes "/etc/passwd", which is outside the content folder. Includes are read from the content folder only.');
    expect(out.diagnostics[2]!.message).toMatch(/leak\.ts is a symbolic link to .*secret\.ts, which is outside the content folder/);
    expect(out.page.html).not.toContain('secret');
    expect(out.page.html).not.toContain('root:');
  });

  it('refuses an include bigger than the page limit, or one that is not a regular file', () => {
    writeFileSync(join(dir, 'big.ts'), 'x'.repeat(101));
    const out = renderDoc({ file: join(dir, 'page.md'), body: '```ts include=./big.ts\n```\n\n```ts include=./\n```', lineOffset: 0, data: { title: 'Page' } }, {
      markdown, routeOfFile: () => undefined, contentDir: dir, maxPageBytes: 100,
    });
    expect(out.diagnostics.map((d) => [d.code, d.line])).toEqual([['content/too-large', 1], ['content/not-a-file', 4]]);
    expect(out.diagnostics[0]!.message).toMatch(/big\.ts is 101 bytes, more than the limit of 100 bytes \(limits\.maxPageBytes\)\./);
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
