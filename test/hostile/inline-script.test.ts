// Script in the published site, through the inline head script and the
// <html> element: a page path and the announcement id under a baseUrl other
// than `/` end up inside the script, and run nothing in Chromium; the locale
// and the announcement colours are validated with the config (exit 2), so
// no markup or url(…) gets into <html lang> or a style.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { scriptJson } from '../../src/shared/script-json.ts';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-inline-script');
const VALID_DOCS = join(ROOT, 'test/fixtures/sites/valid/docs');
const PAGE = '---\ntitle: Odd name\ndescription: A page whose path closes the script.\n---\n\nText.\n';
/** A folder `a<` and a file in it: the page's path is /docs/a</script><img …>. */
const FOLDER = 'a<';
const FILE = 'script><img src=x onerror=window.__pwned=1>.md';
const ANNOUNCEMENT_ID = '</script><img src=x onerror=window.__pwned=2>';

function site(name: string, configExtra: string, make: (dir: string) => void = () => undefined): string {
  const dir = join(TMP, name);
  mkdirSync(join(dir, 'docs'), { recursive: true });
  writeFileSync(join(dir, 'docs/installation.md'), readFileSync(join(VALID_DOCS, 'installation.md')));
  mkdirSync(join(dir, 'pages'));
  writeFileSync(join(dir, 'pages/index.tsx'), "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Fixture home'); }\n");
  const define = relative(dir, join(ROOT, 'src/config/define.ts'));
  const base = relative(dir, join(ROOT, 'test/fixtures/sites/base.config.ts'));
  writeFileSync(join(dir, 'site.config.ts'), `import { defineConfig } from '${define}';\nimport { base } from '${base}';\n\nexport default defineConfig({ ...base${configExtra} });\n`);
  make(dir);
  return dir;
}

async function build(dir: string) {
  const r = await runCli(['build', '--config', join(dir, 'site.config.ts'), '--out', `${dir}-out`]);
  return { code: r.code, output: r.stderr + r.stdout };
}

beforeAll(() => rmSync(TMP, { recursive: true, force: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('values in the inline head script', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a page path and an announcement id that close the script run nothing (baseUrl /sub/)', async () => {
    const dir = site('odd-path', `, baseUrl: '/sub/', announcementBar: { id: ${JSON.stringify(ANNOUNCEMENT_ID)}, content: 'News.' }`, (d) => {
      mkdirSync(join(d, 'docs', FOLDER));
      writeFileSync(join(d, 'docs', FOLDER, FILE), PAGE);
    });
    const { code, output } = await build(dir);
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(ExitCode.Ok);
    for (const page of [join(FOLDER, FILE.replace(/\.md$/, '')), 'installation']) {
      const html = readFileSync(join(`${dir}-out`, 'docs', page, 'index.html'), 'utf8');
      const $ = cheerio.load(html);
      // One inline script in the head, whole: the values stayed inside it.
      expect($('head script:not([src])').length).toBe(1);
      expect($('img').length).toBe(0);
      const t = await openPage(browser);
      await t.page.setContent(html);
      await t.page.waitForTimeout(300);
      expect(await t.page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(await t.page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true); // the script itself ran
      expect(t.errors().filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await t.context.close();
    }
  }, 300_000);

  it('one serialiser: JSON with <, >, & and U+2028/2029 escaped, equal to the value', () => {
    const value = { s: '</script><!--<script>&\u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the config refuses values that would leave their attribute or style', () => {
  it.each([
    ['locale', `locale: ${JSON.stringify('en"><img src=x onerror=alert(1)>')}`, /locale[^\n]*must be a BCP 47 language tag/],
    ['locale', "locale: 'en_US!'", /locale[^\n]*must be a BCP 47 language tag/],
    ['backgroundColor', "announcementBar: { id: 'n', content: 'News.', backgroundColor: 'red;background-image:url(https://attacker.example/t)' }", /announcementBar\.backgroundColor[^\n]*must be a CSS colour/],
    ['textColor', "announcementBar: { id: 'n', content: 'News.', textColor: 'url(https://attacker.example/t)' }", /announcementBar\.textColor[^\n]*must be a CSS colour/],
  ])('%s: %s', async (_, extra, message) => {
    const dir = site(`config-${Math.random().toString(36).slice(2)}`, `, ${extra}`);
    const { code, output } = await build(dir);
    expect(output).toMatch(message);
    expect(code).toBe(ExitCode.Config);
  }, 120_000);

  it('accepts real tags and colours', async () => {
    const dir = site('config-valid', ", locale: 'pt-BR', announcementBar: { id: 'n', content: 'News.', backgroundColor: 'rgb(255 243 205 / 90%)', textColor: 'rebeccapurple' }");
    const { code, output } = await build(dir);
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(ExitCode.Ok);
    const $ = cheerio.load(readFileSync(join(`${dir}-out`, 'docs/installation/index.html'), 'utf8'));
    expect($('html').attr('lang')).toBe('pt-BR');
    expect($('.announcement').attr('style')).toBe('background-color:rgb(255 243 205 / 90%);color:rebeccapurple');
  }, 300_000);
});
