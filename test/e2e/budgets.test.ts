// First-load budgets of the real site, in gzipped bytes (deterministic, so
// asserted exactly rather than measured in a browser): the JavaScript a page
// loads, React's runtime included, and its CSS.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pageFile } from '../../src/shared/paths.ts';
import { realSite } from './support/site.ts';

const KB = 1024;
const PAGES = ['/', '/docs', '/docs/installation', '/docs/examples/timestamping/creating-a-timestamp-request', '/docs/api/pkijs', '/docs/api/globals',
  '/docs/api/classes/Certificate', '/docs/api/interfaces/ICertificate', '/docs/api/enumerations/PKIStatus', '/404'];

const gzipped = (text: string | Buffer) => gzipSync(text).length;

function firstLoad(path: string): { js: number; css: number; scripts: string[] } {
  const $ = cheerio.load(readFileSync(join(realSite(), pageFile(path)), 'utf8'));
  const scripts = $('script[src]').map((_, s) => $(s).attr('src')!).get();
  const styles = $('link[rel=stylesheet]').map((_, l) => $(l).attr('href')!).get();
  const read = (url: string) => readFileSync(join(realSite(), url));
  const inline = $('script:not([src]):not([type="application/json"])').map((_, s) => $(s).html() ?? '').get().join('');
  return {
    js: scripts.reduce((n, url) => n + gzipped(read(url)), 0) + (inline ? gzipped(inline) : 0),
    css: styles.reduce((n, url) => n + gzipped(read(url)), 0),
    scripts,
  };
}

describe('first-load budgets', () => {
  it.each(PAGES)('%s loads at most 80 KB of JavaScript and 20 KB of CSS, gzipped', (path) => {
    const { js, css, scripts } = firstLoad(path);
    expect(scripts).toHaveLength(1);
    expect(js).toBeLessThanOrEqual(80 * KB);
    expect(css).toBeLessThanOrEqual(20 * KB);
  });

  it('ships one self-contained script: no further modules are imported at load', () => {
    const [script] = firstLoad('/').scripts;
    const code = readFileSync(join(realSite(), script!), 'utf8');
    expect(code).not.toMatch(/\bimport\s*\(\s*["'`]|\bimport\s*["'{*]|from\s*["']\.\//);
    // The one dynamic import is the search chunk, on first use (its URL comes from the page).
    expect(code.match(/\bimport\s*\(/g)).toHaveLength(1);
  });
});
