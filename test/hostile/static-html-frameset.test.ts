// A static HTML file is checked by its <html>, <head> and <body>
// (src/content/static-markup.ts), but a document whose body is a <frameset>
// has no <body> at all: the HTML parser puts the frameset where the body
// would be. Its event handlers and its frames' URLs run at the site's origin
// in Chromium.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();

describe('a static HTML file whose body is a <frameset>', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['onload.html', '<!doctype html><html><head><title>frames</title></head><frameset onload="document.title = \'PWNED\'"><frame></frameset></html>\n'],
    ['frame-src.html', '<!doctype html><html><head><title>frames</title></head><frameset><frame src="javascript:parent.document.title = \'PWNED\'"></frameset></html>\n'],
  ])('content/static/%s: the build refuses it, or no script of it runs in Chromium', async (name, text) => {
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
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.title)).not.toBe('PWNED');
    } finally {
      await context.close();
      await server.close();
    }
  }, 120_000);
});
