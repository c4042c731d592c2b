// The build's link check drops a trailing ".html" from a link's path before it
// looks the page up (normalizePath), so /docs/installation.html, and the same
// with the dot encoded (installation%2ehtml), pass as /docs/installation and
// the build exits 0. On a static host, pages are folders (installation/index.html):
// there is no file installation.html, the host answers 404, and `pkidocs check`
// on the same out/ finds both links broken. (The 404 page's script sends a
// browser with JavaScript on; without it, and for every crawler, the link is
// broken.) The build reports success on a broken site.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const LINKS = ['/docs/installation.html', '/docs/installation%2ehtml'];
const PAGE = `---\ntitle: Links\ndescription: Links ending in .html.\n---\n\n${LINKS.map((l, i) => `- [link ${i}](${l})`).join('\n')}\n`;
const CONFIG = join(CHECKOUT, 'content/site.config.ts');

/** `pkidocs check --out out/` through the real CLI: its exit code and output. */
const check = (): Promise<{ code: number; output: string }> => new Promise((done) => {
  execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'check', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
    done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
  });
});

describe('links to a page ending in .html', () => {
  it('`check` finds both answering 404 on a static host (control)', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/links.md'), PAGE);
    // With broken links made warnings, out/ is written whatever the gate thinks.
    const config = readFileSync(CONFIG, 'utf8');
    writeFileSync(CONFIG, config.replace('  docs: {', "  onBrokenLinks: 'warn',\n  docs: {"));
    try {
      const built = await build();
      expect(built.code, built.output).toBe(0);
      expect(readFileSync(join(OUT, 'docs/links/index.html'), 'utf8')).toContain(`href="${LINKS[0]}"`);
      const checked = await check();
      expect(checked.code, checked.output).toBe(4);
      for (const link of LINKS) expect(checked.output).toContain(link);
    } finally {
      writeFileSync(CONFIG, config);
    }
  }, 120_000);

  it('the build fails with exit 4 naming each link, as `check` does', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/links.md'), PAGE);
    const built = await build();
    expect(built.code, built.output).toBe(4);
    for (const link of LINKS) expect(built.output).toContain(`The link "${link}" on /docs/links`);
  }, 120_000);
});
