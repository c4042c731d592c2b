// .pkidocs-cache may be a link to an empty folder, which pkidocs claims as its
// cache. A committed link could aim it at an empty folder another program
// reads: ~/.bashrc.d (many shells source every file there) or fish's conf.d.
// The cache holds content text in JSON strings (pages.json, highlight.jsonl),
// so a `$(…)` in a Markdown code block would run when the next shell starts.
// The cache stays inside the checkout: a link leading out is refused.
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, cache: CACHE, out: OUT, build } = freshCheckout();

/** Makes `folder` (empty) and commits .pkidocs-cache as a link to it. */
function linkCacheTo(folder: string): void {
  mkdirSync(folder, { recursive: true });
  rmSync(CACHE, { recursive: true, force: true });
  symlinkSync(folder, CACHE);
}

describe('.pkidocs-cache committed as a link to an empty folder outside the checkout', () => {
  it('to ~/.bashrc.d: refused (exit 2) before a file is written there, and out/ is not built', async () => {
    const sourced = join(TMP, 'home/.bashrc.d');
    linkCacheTo(sourced);
    const result = await build();
    expect({ code: result.code, written: readdirSync(sourced) }, result.output).toEqual({ code: 2, written: [] });
    expect(result.output).toContain('outside the checkout: pkidocs keeps its cache inside the checkout');
    expect(existsSync(join(OUT, 'index.html'))).toBe(false);
  }, 180_000);

  it('to an empty folder inside the checkout: claimed, and the build succeeds', async () => {
    const inside = join(CHECKOUT, 'caches/pkidocs');
    linkCacheTo(inside);
    const result = await build();
    expect(result.code, result.output).toBe(0);
    expect(readdirSync(inside)).toContain('CACHEDIR.TAG');
  }, 180_000);
});
