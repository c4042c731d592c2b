// content/static/ refuses the XML documents a browser renders by their usual
// names (.xml, .xhtml, .xsl, .svgz, …), but a static host picks the content
// type from the extension with the mime-db table (GitHub Pages, Netlify,
// Cloudflare, `serve`, express), and that table gives .xsd and .rng the type
// application/xml. Chromium renders such a file as an XML document and runs an
// XHTML <script> in it at the site's origin. The files are served here with
// the type mime-db (1.52) gives their extension, as such a host does.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
/** mime-db's type of each extension tried (its "application/xml" entry lists xml, xsl, xsd, rng). */
const HOST_TYPES: Record<string, string> = { '.xsd': 'application/xml', '.rng': 'application/xml' };
const XHTML = '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>schema</title></head><body><script>document.title = "PWNED"</script></body></html>\n';

/** Serves out/ with the content type a mime-db host gives each file's extension. */
async function serveLikeAHost(root: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://h').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = readFileSync(join(root, rel));
      res.writeHead(200, { 'content-type': HOST_TYPES[extname(rel)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe('static XML documents under another extension', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each(['schema.xsd', 'grammar.rng'])('content/static/%s (application/xml on a static host) with an XHTML <script>: refused, or runs no script in Chromium', async (name) => {
    mkdirSync(join(CHECKOUT, 'content/static'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'content/static', name), XHTML);
    const { code, output } = await build();
    if (code !== 0) {
      expect(output).toContain(name);
      return;
    }
    const server = await serveLikeAHost(OUT);
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
