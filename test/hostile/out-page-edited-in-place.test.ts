// A warm build hard-links the unchanged pages of the previous out/ into the
// new one instead of writing them again (src/site/page-cache.ts reusable).
// out/ between runs is content, like the cache: a file there is linked only
// when it "holds exactly the contents" the cache recorded, but that is judged
// by its size, mtime and inode, never by its bytes. A page rewritten in place
// with as many bytes, its mtime put back (touch -r), keeps all three, and the
// next build publishes it: here a <script> in the docs page.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const PLANTED = '<script>1</script>';

/** `pkidocs build` over the out/ of the last one (fresh.build() deletes it first). */
function buildOver(): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(fresh.checkout, 'bin/pkidocs.js'), 'build', '--out', fresh.out], { cwd: fresh.checkout, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
    });
  });
}

describe('a page of the previous out/ rewritten in place, its size and mtime kept', () => {
  it('is not linked into the next site', async () => {
    expect((await fresh.build()).code).toBe(0);
    const page = join(fresh.out, 'docs/installation/index.html');
    const html = readFileSync(page, 'utf8');
    const paragraph = '<p>Install it.</p>';
    expect(paragraph.length).toBe(PLANTED.length);
    expect(html).toContain(paragraph);
    const stamp = join(fresh.tmp, 'stamp');
    copyFileSync(page, stamp);
    execFileSync('touch', ['-r', page, stamp]);
    writeFileSync(page, html.replace(paragraph, PLANTED), { flag: 'r+' });
    execFileSync('touch', ['-r', stamp, page]);

    const again = await buildOver();
    expect(again.code, again.output).toBe(0);
    expect(readFileSync(page, 'utf8'), again.output).not.toContain(PLANTED);
  }, 180_000);
});
