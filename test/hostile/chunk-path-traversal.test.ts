// Client navigation fetches a page's content chunk at a URL made from the
// clicked link's path alone: /_pkidocs/chunks<path>.json (client/links.ts),
// and puts the chunk's `html` into the page as it is. A path holding encoded
// slashes (`/docs/..%2F..%2F..%2Fevil`) names a chunk outside the chunks
// folder on a host that decodes the path before it resolves it (the browser
// tests' server, Python's http.server), so a static file of the content,
// content/static/evil.json, becomes the page's content. The link check
// leaves the link alone as external when it names a scheme: the site's own
// origin in raw HTML, or no host at all (`http:/docs/…`, which a browser
// resolves against the page's own origin), in a plain Markdown link.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic, type StaticServer } from '../e2e/support/server.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();

const CHUNK = {
  page: { path: '/docs/installation', kind: 'doc', title: 'Installation', documentTitle: 'Installation | fixture', description: 'How to install.', sidebar: 'docs', toc: [] },
  html: '<h1>Installation</h1><img src="data:," onerror="document.title = \'PWNED\'">',
};

describe('a link whose path climbs out of the chunks folder', () => {
  let browser: BrowserHandle;
  let server: StaticServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Started first: the page links to the origin it serves the site at.
    server = await serveStatic(fresh.out);
  });
  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  /** Writes the page holding `link` and the fake chunk, and builds. */
  async function buildWith(link: string): ReturnType<typeof fresh.build> {
    mkdirSync(join(fresh.checkout, 'content/static'), { recursive: true });
    writeFileSync(join(fresh.checkout, 'content/static/evil.json'), JSON.stringify(CHUNK));
    writeFileSync(join(fresh.checkout, 'content/docs/installation.md'), `---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it, then read the ${link}.\n`);
    return fresh.build();
  }

  it.each([
    ['http:/docs/..%2F..%2F..%2Fevil'],
    ['https:docs/x'],
    ['https:/docs/x#top'],
  ])('a Markdown link with a web scheme and no "//" (%j) fails the build', async (href) => {
    const { code, output } = await buildWith(`[next step](<${href}>)`);
    expect(code, output).toBe(4);
    expect(output).toContain('[links/no-host]');
    expect(output).toContain('installation.md');
  }, 180_000);

  it('a raw <a> to the site origin: content/static/evil.json shown as the page runs no script when the link is clicked', async () => {
    const { code, output } = await buildWith(`<a href="${server.origin}/docs/..%2F..%2F..%2Fevil">next step</a>`);
    expect(code, output).toBe(0);
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.origin}/docs/installation`);
      await hydrated(page);
      await page.click('text=next step');
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => document.title)).not.toBe('PWNED');
    } finally {
      await context.close();
    }
  }, 180_000);
});
