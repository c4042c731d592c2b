// A static file wins over a generated file of the same path (builder.ts: "an
// author's own robots.txt"), and that rule covers the generated assets too.
// Asset names are content hashes and builds are reproducible, so whoever
// writes content/static/ knows the client bundle's name in advance: a .js file
// there of that name is published in its place, unchecked (only HTML and SVG
// are read), and every page loads it. Content must run no script but the
// site's own bundle. The navigation chunks (_pkidocs/chunks/*.json, whose
// HTML the client puts in the page on a link click) are shadowed the same way.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const PWN = 'window.__pwned = 1;';

describe('a static file named like a generated asset', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('content/static/_pkidocs/<the client bundle name>.js: the build refuses it, or its script runs in no page', async () => {
    expect((await build()).code).toBe(0);
    const page = readFileSync(join(OUT, 'docs/installation/index.html'), 'utf8');
    const script = /<script[^>]*\bsrc="\/(_pkidocs\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const planted = join(CHECKOUT, 'content/static', script!);
    mkdirSync(dirname(planted), { recursive: true });
    writeFileSync(planted, `${PWN}\n${readFileSync(join(OUT, script!), 'utf8')}`);

    const { code, output } = await build();
    if (code !== 0) {
      expect(output).toContain(script!.split('/').pop());
      return;
    }
    const server = await serveStatic(OUT);
    const { page: tab, context } = await openPage(browser);
    try {
      await tab.goto(`${server.origin}/docs/installation`);
      await tab.waitForTimeout(300);
      expect(await tab.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      await context.close();
      await server.close();
    }
  }, 120_000);

  it('content/static/_pkidocs/chunks/docs/installation.json: the build refuses it, or its HTML runs no script on navigation', async () => {
    expect((await build()).code).toBe(0);
    const chunk = JSON.parse(readFileSync(join(OUT, '_pkidocs/chunks/docs/installation.json'), 'utf8')) as { html: string };
    chunk.html = `<p><img src="x" onerror="${PWN}"></p>${chunk.html}`;
    const planted = join(CHECKOUT, 'content/static/_pkidocs/chunks/docs/installation.json');
    mkdirSync(dirname(planted), { recursive: true });
    writeFileSync(planted, JSON.stringify(chunk));

    const { code, output } = await build();
    if (code !== 0) {
      expect(output).toContain('installation.json');
      return;
    }
    const server = await serveStatic(OUT);
    const { page: tab, context } = await openPage(browser);
    try {
      await tab.goto(`${server.origin}/`);
      await tab.click('a[href="/docs/installation"]');
      await tab.waitForURL(/\/docs\/installation$/);
      await tab.waitForTimeout(300);
      expect(server.requests).toContain('/_pkidocs/chunks/docs/installation.json');
      expect(await tab.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      await context.close();
      await server.close();
    }
  }, 120_000);
});
