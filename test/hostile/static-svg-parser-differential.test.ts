// A static SVG file is checked with the HTML parser (parse5), but a browser
// reads an .svg file as XML. Inside an SVG <title> or <desc> (HTML integration
// points) the HTML parser reads a nested <title> as an HTML title, whose
// content is text up to </title>: a <script> written there is text to the
// check, and an SVG <script> element to Chromium's XML parser, which runs it
// at the site's origin.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, type BrowserHandle } from '../e2e/support/browser.ts';
import { freshCheckout } from './support/fresh-checkout.ts';
import { expectRefusedOrInert } from './support/static-script.ts';

const fresh = freshCheckout();
const SCRIPT = '<script>document.title = "PWNED"</script>';
const svg = (inner: string): string => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inner}<rect width="10" height="10"/></svg>\n`;

describe('a static SVG file read as XML, checked as HTML', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['title-in-desc.svg', svg(`<desc><title>${SCRIPT}</title></desc>`)],
    ['title-in-title.svg', svg(`<title><title>${SCRIPT}</title></title>`)],
  ])('content/static/%s: the build refuses it, or no script of it runs in Chromium', async (name, text) => {
    await expectRefusedOrInert(fresh, browser, name, text);
  }, 120_000);
});
