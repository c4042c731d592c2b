// Script in the published site, through markup: the spellings that got past
// the old text scan (htmlparser2 on a lone snippet) are refused by the real
// CLI at their file line in pages, site notes and the announcement bar, and
// the HTML the pipeline makes of them runs nothing in Chromium, where the
// same markup left as written does run (so each payload is live).
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { createDocMarkdown } from '../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../src/content/highlight.ts';
import { renderDoc } from '../../src/content/render-docs.ts';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-script-markup');
const VALID = join(ROOT, 'test/fixtures/sites/valid');

/** Each sets window.__pwned when it runs; the link runs when clicked. */
const PAYLOADS: Record<string, string> = {
  'svg-style': '<svg><style><img src=x onerror="window.__pwned=1"></style></svg>',
  'noscript-attribute': '<noscript><p title="</noscript><img src=x onerror=window.__pwned=2>"></noscript>',
  'svg-title': '<svg><title><img src=x onerror=window.__pwned=3></title></svg>',
  'mathml-mglyph-style': '<math><mtext><mglyph><style><img src=x onerror=window.__pwned=4></style></mglyph></mtext></math>',
  'percent-encoded-javascript-link': '[x](javascript:window.__pwned%3D5)',
};
const NAMES = Object.keys(PAYLOADS);

const FRONT_MATTER = '---\ntitle: Hostile\ndescription: Script in many spellings.\n---\n';
/** The page: front matter (4 lines), then each payload after a blank line, so payload i is on line 6 + 2i. */
const PAGE = `${FRONT_MATTER}${Object.values(PAYLOADS).map((p) => `\n${p}\n`).join('')}`;
const lineOf = (name: string): number => 6 + 2 * NAMES.indexOf(name);

function site(name: string, configExtra = ''): string {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(VALID, 'docs'), join(dir, 'docs'), { recursive: true });
  cpSync(join(VALID, 'pages'), join(dir, 'pages'), { recursive: true });
  const define = relative(dir, join(ROOT, 'src/config/define.ts'));
  const base = relative(dir, join(ROOT, 'test/fixtures/sites/base.config.ts'));
  writeFileSync(join(dir, 'site.config.ts'), `import { defineConfig } from '${define}';\nimport { base } from '${base}';\n\nexport default defineConfig({ ...base${configExtra} });\n`);
  return dir;
}

const build = async (dir: string) => {
  const r = await runCli(['build', '--config', join(dir, 'site.config.ts'), '--out', `${dir}-out`]);
  return { code: r.code, output: r.stderr + r.stdout };
};

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the build refuses each spelling at its file line', () => {
  it('in a Markdown page and a site note: exit 3, each named, nothing written', async () => {
    const dir = site('page');
    writeFileSync(join(dir, 'docs/hostile.md'), PAGE);
    mkdirSync(join(dir, 'api-notes'));
    writeFileSync(join(dir, 'api-notes/Certificate.md'), `A note.\n\n${PAYLOADS['svg-title']}\n`);
    const { code, output } = await build(dir);
    const page = relative(ROOT, join(dir, 'docs/hostile.md'));
    expect(output).toContain(`${page}:${lineOf('svg-style')}:1 error The page contains a <svg> element, which is not on the list of allowed HTML.`);
    // A browser ends the <svg> at the <img> (an HTML element in SVG breaks out), and so does the parser: the handler is its own problem.
    expect(output).toContain(`${page}:${lineOf('svg-style')}:13 error The page contains an inline event handler (onerror=) on <img>.`);
    expect(output).toContain(`${page}:${lineOf('noscript-attribute')}:1 error The page contains a <noscript> element, which is not on the list of allowed HTML.`);
    expect(output).toContain(`${page}:${lineOf('svg-title')}:1 error The page contains a <svg> element`);
    expect(output).toContain(`${page}:${lineOf('mathml-mglyph-style')}:1 error The page contains a <math> element`);
    expect(output).toContain(`${page}:${lineOf('percent-encoded-javascript-link')}:1 error The page contains a javascript: URL in the href attribute of <a>.`);
    expect(output).toContain(`${relative(ROOT, join(dir, 'api-notes/Certificate.md'))}:3:1 error The page contains a <svg> element`);
    expect(output).toMatch(/Build failed: 7 problems found/);
    expect(code).toBe(ExitCode.Content);
    expect(() => readFileSync(`${dir}-out/docs/hostile/index.html`)).toThrow(/ENOENT/);
  }, 300_000);

  it.each([
    ['an event handler', '<b onmouseover=alert(1)>news</b>', 'an inline event handler (onmouseover=) on <b>'],
    ['an SVG nest', PAYLOADS['svg-style']!, 'a <svg> element'],
    ['a javascript: link', '<a href="javascript:alert(1)">news</a>', 'a javascript: URL in the href attribute of <a>'],
  ])('in the announcement bar (%s): exit 2, naming the config', async (_, content, what) => {
    const dir = site(`announcement-${NAMES.length}-${what.length}`, `, announcementBar: { id: 'news', content: ${JSON.stringify(content)} }`);
    const { code, output } = await build(dir);
    expect(output).toContain(`${relative(ROOT, join(dir, 'site.config.ts'))} error announcementBar.content contains ${what}`);
    expect(code).toBe(ExitCode.Config);
  }, 120_000);
});

describe('in Chromium, the HTML the pipeline makes of each runs nothing', () => {
  let browser: BrowserHandle;
  let pageHtml: (markdown: string) => string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const markdown = createDocMarkdown(await loadHighlighter(), new Map());
    // As the package's README is rendered: cleaned, with warnings, so there is HTML to load.
    pageHtml = (md) => renderDoc({ file: join(TMP, 'page.md'), body: md, lineOffset: 0, data: { title: 'T' } }, { markdown, routeOfFile: () => undefined, contentDir: TMP }, 'strip').page.html;
  });
  afterAll(() => browser?.close());

  /** window.__pwned after loading `html` in a page and clicking its links. */
  async function pwned(html: string): Promise<unknown> {
    const t = await openPage(browser);
    await t.page.setContent(`<!doctype html><html><body>${html}</body></html>`);
    for (const a of await t.page.locator('a').all()) await a.click({ timeout: 2000 }).catch(() => undefined);
    await t.page.waitForTimeout(300);
    const flag = await t.page.evaluate(() => (window as { __pwned?: unknown }).__pwned);
    await t.context.close();
    return flag;
  }

  it.each(NAMES)('%s: live as written, inert once rendered', async (name) => {
    const payload = PAYLOADS[name]!;
    const asWritten = name.endsWith('link') ? '<a href="javascript:window.__pwned%3D5">x</a>' : payload;
    expect(await pwned(asWritten)).toBeDefined();
    const html = pageHtml(payload);
    const $ = cheerio.load(html);
    expect($('svg, math, noscript, style, script, [onerror], a[href]').length).toBe(0);
    expect(await pwned(html)).toBeUndefined();
  }, 60_000);
});
