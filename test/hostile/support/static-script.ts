// The check every static-file attack ends with: the build refuses the file
// (naming it), or, when it builds, the file served as a static host serves
// it runs no script in Chromium (the payload sets document.title to PWNED).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openPage, type BrowserHandle } from '../../e2e/support/browser.ts';
import { serveStatic } from '../../e2e/support/server.ts';
import type { FreshCheckout } from './fresh-checkout.ts';

export async function expectRefusedOrInert(fresh: FreshCheckout, browser: BrowserHandle, name: string, content: string | Uint8Array): Promise<void> {
  mkdirSync(join(fresh.checkout, 'content/static'), { recursive: true });
  writeFileSync(join(fresh.checkout, 'content/static', name), content);
  const { code, output } = await fresh.build();
  if (code !== 0) {
    expect(output).toContain(name);
    return;
  }
  const server = await serveStatic(fresh.out);
  const { page, context } = await openPage(browser);
  try {
    await page.goto(`${server.origin}/${name}`);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.title)).not.toBe('PWNED');
  } finally {
    await context.close();
    await server.close();
  }
}
