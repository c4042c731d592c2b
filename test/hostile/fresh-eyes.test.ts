// Attacks of a reviewer with fresh eyes, each through the real CLI on a
// throw-away checkout (support/fresh-checkout.ts):
// - the documented package's type definitions are content, yet a d.ts that
//   re-exports a .ts file outside the package folder gets that file read by
//   the TypeScript program and its declarations published on API pages;
// - static files are content, yet an HTML or SVG file in content/static/ is
//   published as it is and runs its script at the site's origin;
// - .pkidocs-cache/ is content, yet the cached CLI bundle and the compiled
//   site modules are imported when they match hashes the same folder holds:
//   whoever writes the cache (a restored CI cache) runs code on the next build;
//   and the cached client bundle, API page bodies, highlighted code and
//   Markdown bodies are published as they are, so a planted one runs script
//   in the built pages.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { DTS, freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, pkg: PKG, out: OUT, build, filesHolding } = freshCheckout();
/** A file of the machine outside the package folder (and outside the content folder). */
const SECRET_DIR = join(TMP, 'elsewhere');
const SECRET = 'SECRET-f7c1e9a2-never-published';

beforeAll(() => {
  mkdirSync(SECRET_DIR, { recursive: true });
  writeFileSync(join(SECRET_DIR, 'secret.ts'), `/** The key: ${SECRET} */\nexport declare const apiKey = "${SECRET}";\n`);
});

describe('fresh eyes: the package d.ts reads nothing outside the package folder', () => {
  it('a d.ts re-exporting a .ts file outside the package folder publishes nothing of that file', async () => {
    const path = relative(join(PKG, 'build'), join(SECRET_DIR, 'secret.ts')).replace(/\.ts$/, '.js');
    writeFileSync(join(PKG, 'build/index.d.ts'), `${DTS}export * from '${path}';\n`);
    const { output } = await build();
    expect(output.includes(SECRET)).toBe(false);
    expect(filesHolding(SECRET)).toEqual([]);
  }, 120_000);
});

describe('fresh eyes: static files run no script in a built site', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['evil.html', '<!doctype html><title>static</title><script>document.title = "PWNED"</script>\n'],
    ['evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "PWNED"</script></svg>\n'],
  ])('content/static/%s with a <script>: the build refuses it, or no script of it runs in Chromium', async (name, text) => {
    mkdirSync(join(CHECKOUT, 'content/static'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'content/static', name), text);
    const { code, output } = await build();
    if (code !== 0) {
      expect(output).toContain(name);
      return;
    }
    const server = await serveStatic(OUT);
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.origin}/${name}`);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => document.title)).not.toBe('PWNED');
    } finally {
      await context.close();
      await server.close();
    }
  }, 120_000);
});

describe('fresh eyes: a planted .pkidocs-cache runs no code', () => {
  const CACHE = join(CHECKOUT, '.pkidocs-cache');
  const RAN = join(TMP, 'cache-code-ran');
  const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
  const payload = `import { writeFileSync as __planted } from 'node:fs';\n__planted(${JSON.stringify(RAN)}, 'ran');\n`;

  // A fresh cache each time: the other test's planted bundle would run in this one's first build.
  beforeEach(() => {
    rmSync(CACHE, { recursive: true, force: true });
    rmSync(RAN, { force: true });
  });

  it.each(['', ' --no-cache'])('a cached CLI bundle whose main.js and manifest.json were both rewritten is not run (pkidocs build%s)', async (flag) => {
    expect((await build()).code).toBe(0); // writes .pkidocs-cache/cli-<key>/
    expect(existsSync(RAN)).toBe(false);
    const dir = join(CACHE, readdirSync(CACHE).find((n) => /^cli-[0-9a-f]{16}$/.test(n))!);
    const main = payload + readFileSync(join(dir, 'main.js'), 'utf8');
    writeFileSync(join(dir, 'main.js'), main);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: Record<string, string> };
    manifest.files['main.js'] = sha256(main);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    await build(...(flag ? [flag.trim()] : []));
    expect(existsSync(RAN)).toBe(false);
  }, 180_000);

  it('a cached CLI bundle whose manifest seal is a list of 32 numbers is rebuilt, not a crash', async () => {
    expect((await build()).code).toBe(0);
    const dir = join(CACHE, readdirSync(CACHE).find((n) => /^cli-[0-9a-f]{16}$/.test(n))!);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { seal: unknown };
    manifest.seal = new Array(32).fill(0); // JSON has no bytes, but a list is as long as a raw seal
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const { code, output } = await build();
    expect(output).toContain('is damaged');
    expect(output).not.toContain('ERR_INVALID_ARG_TYPE');
    expect(code).toBe(0);
  }, 180_000);

  it.each(['', ' --no-cache'])('a compiled site module named by its own hash, listed in a rewritten sources.json, is not run (pkidocs build%s)', async (flag) => {
    expect((await build()).code).toBe(0); // writes .pkidocs-cache/modules/site_config_ts-*
    expect(existsSync(RAN)).toBe(false);
    const modules = join(CACHE, 'modules');
    const list = join(modules, readdirSync(modules).find((n) => /^site_config_ts-[0-9a-f]{16}-sources\.json$/.test(n))!);
    const text = `${payload}export default {};\n`;
    const name = `planted-${sha256(text).slice(0, 16)}.mjs`;
    writeFileSync(join(modules, name), text);
    const sources = JSON.parse(readFileSync(list, 'utf8')) as { out: string };
    writeFileSync(list, JSON.stringify({ ...sources, out: name }));
    await build(...(flag ? [flag.trim()] : []));
    expect(existsSync(RAN)).toBe(false);
  }, 180_000);
});

describe('fresh eyes: a planted .pkidocs-cache runs no script in the built pages', () => {
  const CACHE = join(CHECKOUT, '.pkidocs-cache');
  const PWN = 'window.__pwned = 1';
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(() => {
    rmSync(CACHE, { recursive: true, force: true });
    writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n\n```ts\nconst x = 1;\n```\n');
  });
  afterAll(() => writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), INSTALLATION));

  /** Drops the page records of pages.json, so that every page is rendered again (from the other caches). */
  const forgetPages = (): void => {
    const file = join(CACHE, 'pages.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')) as object, pages: {} }));
  };

  /** Builds, lets `plant` rewrite a cache file, builds again and tells whether the planted script ran on `route`. */
  async function plantedScriptRuns(plant: () => void, route: string): Promise<boolean> {
    expect((await build()).code).toBe(0);
    plant();
    const { code, output } = await build();
    if (code !== 0) return false;
    expect(output).toMatch(/Built \d+ pages/);
    const server = await serveStatic(OUT);
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.origin}${route}`);
      await page.waitForTimeout(300);
      return await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned === 1);
    } finally {
      await context.close();
      await server.close();
    }
  }

  it('a client bundle planted in bundle.json runs in no page', async () => {
    const ran = await plantedScriptRuns(() => {
      const file = join(CACHE, 'bundle.json');
      const cache = JSON.parse(readFileSync(file, 'utf8')) as { bundle: { script: string; files: { url: string; base64: string }[] } };
      const app = cache.bundle.files.find((f) => f.url === cache.bundle.script)!;
      app.base64 = Buffer.from(`${PWN};\n${Buffer.from(app.base64, 'base64').toString('utf8')}`).toString('base64');
      writeFileSync(file, JSON.stringify(cache));
      forgetPages();
    }, '/docs/installation');
    expect(ran).toBe(false);
  }, 180_000);

  it('an event handler planted in the API page bodies cache runs in no page', async () => {
    const ran = await plantedScriptRuns(() => {
      const file = join(CACHE, readdirSync(CACHE).find((n) => /^api-bodies-.*\.json$/.test(n))!);
      const bodies = JSON.parse(readFileSync(file, 'utf8')) as [string, { html: string }][];
      const globals = bodies.find(([route]) => route === '/docs/api/globals')![1];
      globals.html = globals.html.replace('<div class="api">', `<div class="api"><img src="x" onerror="${PWN}">`);
      writeFileSync(file, JSON.stringify(bodies));
      forgetPages();
    }, '/docs/api/globals');
    expect(ran).toBe(false);
  }, 180_000);

  it('an event handler planted in highlight.jsonl runs in no page', async () => {
    const ran = await plantedScriptRuns(() => {
      const file = join(CACHE, 'highlight.jsonl');
      // Each line keeps its [key, html, seal] shape: only the seal, now of other HTML, can refuse it.
      const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as [string, string, string]);
      const planted = lines.map(([key, html, mac]) => JSON.stringify([key, html.replace('<code>', `<code><img src="x" onerror="${PWN}">`), mac]));
      writeFileSync(file, `${planted.join('\n')}\n`);
      rmSync(join(CACHE, 'pages.json')); // its Markdown bodies hold the highlighted code too
    }, '/docs/installation');
    expect(ran).toBe(false);
  }, 180_000);

  it('an event handler planted in the Markdown bodies of pages.json runs in no page', async () => {
    const ran = await plantedScriptRuns(() => {
      const file = join(CACHE, 'pages.json');
      const cache = JSON.parse(readFileSync(file, 'utf8')) as { bodies: Record<string, { body: { html: string } }> };
      const body = cache.bodies['/docs/installation']!.body;
      body.html = body.html.replace('<p>Install it.', `<p><img src="x" onerror="${PWN}">Install it.`);
      writeFileSync(file, JSON.stringify(cache));
      forgetPages();
    }, '/docs/installation');
    expect(ran).toBe(false);
  }, 180_000);
});
