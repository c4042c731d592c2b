// `serve` and `check` read the base URL back from the built site's 404 page:
// only a well-formed path prefix counts, and a rebuild is seen at once.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { siteBase } from '../../../src/output/site-base.ts';
import { ROOT } from '../../support/cli.ts';

const OUT = join(ROOT, 'test/.tmp/unit-output-site-base');
const PAGE = join(OUT, '404.html');

/** Writes the 404 page with this base (or none), dated `seconds` after the epoch. */
function page(base: string | undefined, seconds: number, before = ''): void {
  const meta = base === undefined ? '' : `<meta name="pkidocs:base-url" content="${base}">`;
  writeFileSync(PAGE, `<!doctype html><html><head>${before}${meta}</head><body>Not found</body></html>`);
  utimesSync(PAGE, seconds, seconds);
}

beforeEach(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the base URL of a built site', () => {
  it('is / before there is a site', () => {
    expect(siteBase(OUT)()).toBe('/');
    expect(siteBase(join(OUT, 'missing'))()).toBe('/');
  });

  it('is read from the 404 page, and is / when the page has none', () => {
    page('/pkijs/docs/', 1000);
    expect(siteBase(OUT)()).toBe('/pkijs/docs/');
    page(undefined, 2000);
    expect(siteBase(OUT)()).toBe('/');
  });

  it('counts only a path of whole segments from the root, ending in /', () => {
    for (const bad of ['', 'pkijs/', '/pkijs', '//evil.example/', '/a//b/', '/a?b/', '/a#b/', 'https://evil.example/']) {
      page(bad, 1000);
      expect(siteBase(OUT)(), bad).toBe('/');
    }
    page('/', 1000);
    expect(siteBase(OUT)()).toBe('/');
  });

  it('reads only the head of the page (the first 4096 characters)', () => {
    page('/far/', 1000, 'x'.repeat(4096));
    expect(siteBase(OUT)()).toBe('/');
    page('/near/', 1000, 'x'.repeat(3900));
    expect(siteBase(OUT)()).toBe('/near/');
    page('/near/', 1000, 'é'.repeat(2040)); // characters, not bytes: past 4096 bytes but within 4096 characters
    expect(siteBase(OUT)()).toBe('/near/');
  });

  it('sees a rebuild with a new base at once, and reads the page again only when it changed', () => {
    const base = siteBase(OUT);
    page('/one/', 1000);
    expect(base()).toBe('/one/');
    page('/two/', 1000); // same date: the cached base stands
    expect(base()).toBe('/one/');
    page('/two/', 2000);
    expect(base()).toBe('/two/');
    rmSync(PAGE);
    expect(base()).toBe('/'); // out/ deleted
  });
});
