// A static HTML file is checked by its <html>, <head> and <body>
// (src/content/static-markup.ts), but a document whose body is a <frameset>
// has no <body> at all: the HTML parser puts the frameset where the body
// would be. Its event handlers and its frames' URLs run at the site's origin
// in Chromium.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, type BrowserHandle } from '../e2e/support/browser.ts';
import { freshCheckout } from './support/fresh-checkout.ts';
import { expectRefusedOrInert } from './support/static-script.ts';

const fresh = freshCheckout();

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
    await expectRefusedOrInert(fresh, browser, name, text);
  }, 120_000);
});
