// The build's link check decodes a link's path before it looks the page up,
// then cuts the decoded path at "?" or "#" (normalizePath): a link to
// /docs/installation%3Fv=1 or /docs/installation%23top is taken for a link to
// /docs/installation, and the build exits 0. A browser and any static host
// keep %3F and %23 in the path: they ask for a file named "installation?v=1",
// which the site does not hold, and `pkidocs check` finds both links answering
// 404 on the same out/. The build reports success on a broken site.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const LINKS = ['/docs/installation%3Fv=1', '/docs/installation%23top'];
const PAGE = `---\ntitle: Links\ndescription: Links with an encoded ? and #.\n---\n\n${LINKS.map((l, i) => `- [link ${i}](${l})`).join('\n')}\n`;
const CONFIG = join(CHECKOUT, 'content/site.config.ts');

/** `pkidocs check --out out/` through the real CLI: its exit code and output. */
const check = (): Promise<{ code: number; output: string }> => new Promise((done) => {
  execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'check', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
    done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
  });
});

describe('links whose path holds an encoded ? or #', () => {
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
