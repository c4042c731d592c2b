// The layout's ids (reserved-ids.ts) are kept from Markdown headings and raw
// HTML, but an API member's anchor is the GitHub slug of its name
// (routes/api-urls.ts) and never meets that check. The package's d.ts is
// content, so a member named like a layout id gives its h3 that id:
// - `__pkidocs`: the h3 sits inside #root, before the hydration data script,
//   so getElementById finds the heading, JSON.parse fails and the page stays
//   static (no search, no client navigation), yet the build reports success;
//   a function of that name does the same to the globals page, whose anchors
//   are the lower-cased names (globalsAnchor), not slugs;
// - `content`: a second id="content" after the page's own container, so a
//   link to the member (`#content`) lands on the container instead. The real
//   site has it: ContentInfo.content.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { pkg: PKG, out: OUT, build } = freshCheckout();
const PAGE = 'docs/api/classes/Certificate/index.html';

function plantMember(name: string): void {
  const dts = `/** A certificate. */\nexport declare class Certificate {\n  /** Its version. */\n  version: number;\n  /** A member named like a layout id. */\n  ${name}: number;\n}\n`;
  // Written after the checkout's beforeEach made the fake package.
  writeFileSync(join(PKG, 'build/index.d.ts'), dts);
}

function idCount(html: string, id: string): number {
  return html.split(`id="${id}"`).length - 1;
}

describe('an API member named like an id of the page layout', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** The warnings of a client that gave up on the page at `route` ("the page stays static"). */
  async function staticWarnings(route: string): Promise<string[]> {
    const server = await serveStatic(OUT);
    const tab = await openPage(browser);
    try {
      tab.page.setDefaultTimeout(5000);
      await tab.page.goto(`${server.origin}${route}`);
      await hydrated(tab.page).catch(() => undefined); // never, when the client gave up
      return tab.warnings().filter((w) => w.includes('stays static'));
    } finally {
      await tab.context.close();
      await server.close();
    }
  }

  it('a member "__pkidocs": the build refuses it, or the page still hydrates and holds the id once', async () => {
    plantMember('__pkidocs');
    const { code } = await build();
    if (code !== 0) return;
    expect(await staticWarnings('/docs/api/classes/Certificate')).toEqual([]);
    expect(idCount(readFileSync(join(OUT, PAGE), 'utf8'), '__pkidocs')).toBe(1);
  }, 120_000);

  it('a function "__pkidocs" (its anchor on the globals page, by globalsAnchor): refused, or the globals page still hydrates', async () => {
    writeFileSync(join(PKG, 'build/index.d.ts'), `/** A certificate. */\nexport declare class Certificate {\n  /** Its version. */\n  version: number;\n}\n/** A function named like a layout id. */\nexport declare function __pkidocs(): void;\n`);
    const { code } = await build();
    if (code !== 0) return;
    expect(await staticWarnings('/docs/api/globals')).toEqual([]);
  }, 120_000);

  it('a member "content": the build refuses it, or the page holds id="content" once', async () => {
    plantMember('content');
    const { code } = await build();
    if (code !== 0) return;
    const html = readFileSync(join(OUT, PAGE), 'utf8');
    expect(idCount(html, 'content')).toBe(1);
    // The member keeps the id the site pkidocs replaces gave it, so old deep links still land on it.
    expect(html).toMatch(/<h3[^>]*\bid="content"/);
  }, 120_000);
});
