// Incremental writes when a generated file and a static file share a name:
// the static file wins, and the generated file's removal never deletes it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listStaticFiles } from '../../../src/output/copy-static.ts';
import { own } from '../../../src/output/guard.ts';
import { stageIncremental } from '../../../src/site/write-changes.ts';

const DIR = join(import.meta.dirname, '../../.tmp/write-changes');

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('stageIncremental', () => {
  it('keeps a static file that took the place of a generated one', async () => {
    rmSync(DIR, { recursive: true, force: true });
    const out = join(DIR, 'out');
    const staticDir = join(DIR, 'static');
    mkdirSync(out, { recursive: true });
    mkdirSync(staticDir, { recursive: true });
    // The last build wrote a generated robots.txt; the author has since added static/robots.txt.
    writeFileSync(join(out, 'robots.txt'), 'generated');
    writeFileSync(join(staticDir, 'robots.txt'), 'the author’s own');
    const forget = await own(out, 'write-changes-test');
    const { files: staticFiles } = listStaticFiles(staticDir, DIR);
    const staged = stageIncremental({
      outDir: out,
      before: new Map([['robots.txt', 'generated'], ['index.html', 'home']]),
      after: new Map([['index.html', 'home']]),
      staticDir,
      statics: new Set([join(staticDir, 'robots.txt')]),
      staticFiles,
    });
    await staged.commit();
    forget();
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe('the author’s own');
  });
});
