// The API model cache (.pkidocs-cache/api-<key>.json) is trusted by a
// checksum in its own header: an unkeyed sha256 of the payload, which anyone
// who writes the cache can recompute. It is not sealed, unlike the caches of
// code and markup (cache-seal.ts). Some parts of the model are printed as HTML
// unescaped because TypeDoc only ever puts keywords there: an intrinsic type's
// name (type-html.ts `intrinsic: (t) => t.name`). A planted model with an
// intrinsic type named `<svg onload=…>` (and the API page bodies cache
// removed, so the pages are rendered again) publishes the handler, and it
// runs in the page.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { cache: CACHE, out: OUT, build } = freshCheckout();
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const HANDLER = '<svg onload="window.__pwned=1"></svg>';

describe('a planted API model in the cache folder', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an intrinsic type named like markup, with a recomputed checksum: no script runs in the class page', async () => {
    expect((await build()).code).toBe(0);
    const file = join(CACHE, readdirSync(CACHE).find((n) => /^api-[0-9a-f]+\.json$/.test(n))!);
    const text = readFileSync(file, 'utf8');
    const cut = text.indexOf('\n');
    const head = JSON.parse(text.slice(0, cut)) as { sha256: string };
    // Certificate.version: number → the planted intrinsic.
    const body = text.slice(cut + 1).replace('{"type":"intrinsic","name":"number"}', JSON.stringify({ type: 'intrinsic', name: HANDLER }));
    expect(body).toContain('onload');
    writeFileSync(file, `${JSON.stringify({ ...head, sha256: sha256(body) })}\n${body}`);
    for (const name of readdirSync(CACHE).filter((n) => n.startsWith('api-bodies-'))) rmSync(join(CACHE, name));

    const { code, output } = await build();
    if (code !== 0) return; // refused: held
    const server = await serveStatic(OUT);
    const tab = await openPage(browser);
    try {
      await tab.page.goto(`${server.origin}/docs/api/classes/Certificate`);
      await tab.page.waitForLoadState('load');
      await tab.page.waitForTimeout(500);
      expect(await tab.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0), output).toBe(0);
    } finally {
      await tab.context.close();
      await server.close();
    }
  }, 120_000);
});
