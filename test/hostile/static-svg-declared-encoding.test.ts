// A static SVG file is checked as text read in UTF-8 and published as that
// text, but a browser decodes an .svg file (image/svg+xml, no charset) in the
// encoding its XML declaration names. In ISO-2022-JP, ESC $ B makes the bytes
// that follow two-byte kanji until ESC ( B: the "<!" that opens a comment to
// the check is one kanji to Chromium, so the <script> the check read inside
// that comment is an SVG <script> element, run at the site's origin.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, type BrowserHandle } from '../e2e/support/browser.ts';
import { freshCheckout } from './support/fresh-checkout.ts';
import { expectRefusedOrInert } from './support/static-script.ts';

const fresh = freshCheckout();
const ESC = '\u001b';
const SVG = `<?xml version="1.0" encoding="ISO-2022-JP"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${ESC}$B<!${ESC}(B-- <script>document.title = "PWNED"</script> --></text></svg>\n`;

describe('a static SVG file that declares another encoding', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('content/static/kanji.svg in ISO-2022-JP: the build refuses it, or no script of it runs in Chromium', async () => {
    await expectRefusedOrInert(fresh, browser, 'kanji.svg', SVG);
  }, 120_000);
});
