// The build's link check is the gate of every build (exit 4 on a broken
// link), but it read only <a href> (src/links/collect.ts): an image of a
// Markdown page that names a missing file, and the favicon every page's head
// linked (/favicon.svg) when content/static/ had none, passed it. The build
// exited 0, and `pkidocs check` on the same out/ found each one answering 404.
// (As first written, this test ran `check` after a build it expected to fail:
// a failed build writes no out/, so the two halves are checked apart here.)
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const PAGE = '---\ntitle: Diagram\ndescription: A page with an image.\n---\n\n![The diagram](/img/missing-diagram.png)\n';
const CONFIG = join(CHECKOUT, 'content/site.config.ts');

/** `pkidocs check --out out/` through the real CLI: its exit code and output. */
const check = (): Promise<{ code: number; output: string }> => new Promise((done) => {
  execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'check', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
    done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
  });
});

describe('the build gate and files the pages load', () => {
  it('an image of a missing static file: the build fails naming it; the broken links `check` finds are the ones the build warns of', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/diagram.md'), PAGE);
    const built = await build();
    expect(built.code, built.output).toBe(4);
    expect(built.output).toContain('The page /docs/diagram loads "/img/missing-diagram.png", which is not a file of the site.');
    // The site has no icon, so no page links one.
    expect(built.output).not.toContain('/favicon.svg');

    // With broken links made warnings, out/ is written: `check` finds the same file missing, and nothing else.
    const config = readFileSync(CONFIG, 'utf8');
    writeFileSync(CONFIG, config.replace('  docs: {', "  onBrokenLinks: 'warn',\n  docs: {"));
    try {
      const warned = await build();
      expect(warned.code, warned.output).toBe(0);
      expect(warned.output).toContain('warning The page /docs/diagram loads "/img/missing-diagram.png"');
      const checked = await check();
      expect(checked.code, checked.output).toBe(4);
      expect(checked.output).toContain('/img/missing-diagram.png');
      expect(checked.output).not.toContain('/favicon.svg');
    } finally {
      writeFileSync(CONFIG, config);
    }
  }, 120_000);

  it('with the image and an icon in content/static: every page links the icon, and the build and `check` both pass', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/diagram.md'), PAGE);
    mkdirSync(join(CHECKOUT, 'content/static/img'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'content/static/img/missing-diagram.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(join(CHECKOUT, 'content/static/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
    const built = await build();
    expect(built.code, built.output).toBe(0);
    expect(readFileSync(join(OUT, 'docs/diagram/index.html'), 'utf8')).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const checked = await check();
    expect(checked.code, checked.output).toBe(0);
  }, 120_000);
});
