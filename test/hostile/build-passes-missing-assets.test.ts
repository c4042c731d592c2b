// The build's link check is the gate of every build (exit 4 on a broken
// link), but it reads only <a href> (src/links/collect.ts): an image of a
// Markdown page that names a missing file, and the favicon every page's head
// links (/favicon.svg) when content/static/ has none, pass it. The build exits
// 0, and `pkidocs check` on the same out/ finds each one answering 404.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const PAGE = '---\ntitle: Diagram\ndescription: A page with an image.\n---\n\n![The diagram](/img/missing-diagram.png)\n';

/** `pkidocs check --out out/` through the real CLI: its exit code and output. */
const check = (): Promise<{ code: number; output: string }> => new Promise((done) => {
  execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'check', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
    done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
  });
});

describe('the build gate and files the pages load', () => {
  it('an image of a missing static file and a missing favicon: the build does not report success', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/diagram.md'), PAGE);
    const built = await build();
    // What the published site holds: `check` serves out/ as a static host does.
    const checked = await check();
    expect(checked.output).toContain('/img/missing-diagram.png');
    expect(checked.output).toContain('/favicon.svg');
    expect(checked.code).toBe(4);
    // The build must not call that site good.
    expect(built.code, built.output).not.toBe(0);
  }, 120_000);
});
