import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildFailure } from '../../../src/diagnostics/diagnostic.ts';
import { listStaticFiles } from '../../../src/output/copy-static.ts';
import { MARKER, MARKER_TEXT } from '../../../src/output/out-dir.ts';
import { writeSite } from '../../../src/output/write.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-write');
const OUT = join(TMP, 'out');

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('writeSite', () => {
  it('replaces the whole output folder at once, copies static files and marks the folder', async () => {
    mkdirSync(join(OUT, 'stale'), { recursive: true });
    writeFileSync(join(OUT, 'stale/index.html'), 'old');
    writeFileSync(join(OUT, MARKER), 'written by an earlier build');
    mkdirSync(join(TMP, 'static'));
    writeFileSync(join(TMP, 'static/logo.svg'), '<svg/>');
    const { bytes } = await writeSite(OUT, [
      { path: 'index.html', contents: 'home' },
      { path: 'docs/a/index.html', contents: new TextEncoder().encode('page a') },
    ], listStaticFiles(join(TMP, 'static'), ROOT).files);
    expect(bytes).toBe(10);
    expect(readdirSync(OUT).sort()).toEqual([MARKER, 'docs', 'index.html', 'logo.svg']);
    expect(readFileSync(join(OUT, 'docs/a/index.html'), 'utf8')).toBe('page a');
    expect(readFileSync(join(OUT, MARKER), 'utf8')).toBe(MARKER_TEXT);
    expect(readdirSync(TMP).sort()).toEqual(['out', 'static']);
  });

  it('writes its own marker over a static file or page of that name', async () => {
    mkdirSync(join(TMP, 'static'));
    writeFileSync(join(TMP, 'static', MARKER), 'from static');
    await writeSite(OUT, [{ path: MARKER, contents: 'from a page' }], listStaticFiles(join(TMP, 'static'), ROOT).files);
    expect(readFileSync(join(OUT, MARKER), 'utf8')).toBe(MARKER_TEXT);
  });

  it('refuses to swap out a folder pkidocs did not write, even one that appeared during the build', async () => {
    mkdirSync(OUT);
    writeFileSync(join(OUT, 'thesis.tex'), 'three years of work');
    const e = await writeSite(OUT, [{ path: 'index.html', contents: 'home' }]).then(() => undefined, (err: unknown) => err);
    expect(e).toBeInstanceOf(BuildFailure);
    expect((e as BuildFailure).diagnostics.map((d) => [d.category, d.code])).toEqual([['usage', 'output/not-ours']]);
    expect(readdirSync(OUT)).toEqual(['thesis.tex']);
    expect(readdirSync(TMP)).toEqual(['out']); // the new site was dropped, nothing left beside
  });

  it('creates a missing output folder, parents included', async () => {
    const out = join(TMP, 'a/b/site');
    await writeSite(out, [{ path: 'index.html', contents: 'home' }]);
    expect(readdirSync(out).sort()).toEqual([MARKER, 'index.html']);
    expect(existsSync(`${out}.old-${process.pid}`)).toBe(false);
  });
});
