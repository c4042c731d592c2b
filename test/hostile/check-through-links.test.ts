// `pkidocs check` compares out/ with its build's manifest, file by file. A
// folder of out/ swapped for a link to a folder elsewhere must not be read
// through: the log would then tell whether a file outside out/ has a guessed
// size and sha256 (nothing said when it matches, its size when it does not).
// Every link is reported as one, the same way whatever lies behind it.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { entryOf, listTree, MANIFEST, manifestText, type Manifest } from '../../src/output/manifest.ts';
import { runCli } from '../support/cli.ts';

const TMP = mkdtempSync(join(tmpdir(), 'pkidocs-check-links-'));
const SITE = join(TMP, 'site');
const OUTSIDE = join(TMP, 'outside');
const PAGE = '<!doctype html><html lang="en"><head><meta name="pkidocs:base-url" content="/"><title>t</title></head><body><a href="/docs/a">a</a></body></html>';
const SECRET = 'a secret of 27 bytes, here.';

beforeAll(async () => {
  mkdirSync(join(SITE, 'docs/a'), { recursive: true });
  writeFileSync(join(SITE, 'index.html'), PAGE);
  writeFileSync(join(SITE, 'docs/a/index.html'), PAGE);
  writeFileSync(join(SITE, '404.html'), PAGE);
  const manifest: Manifest = new Map();
  for (const path of (await listTree(SITE)).files) manifest.set(path, entryOf(readFileSync(join(SITE, path))));
  writeFileSync(join(SITE, MANIFEST), manifestText(manifest));
  // out/docs becomes a link to a folder outside out/, holding a file where docs/a/index.html was.
  mkdirSync(join(OUTSIDE, 'a'), { recursive: true });
  renameSync(join(SITE, 'docs'), join(TMP, 'docs-was'));
  symlinkSync(OUTSIDE, join(SITE, 'docs'));
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function checkWithOutside(contents: string): Promise<{ code: number; stderr: string }> {
  writeFileSync(join(OUTSIDE, 'a/index.html'), contents);
  const { code, stderr } = await runCli(['check', '--out', SITE]);
  return { code, stderr };
}

describe('pkidocs check with links inside out/', () => {
  it('reports a folder link as a link, reads nothing through it, and says the same whether a guess matches or not', async () => {
    const guessed = await checkWithOutside(PAGE); // the size and sha256 the manifest lists
    const other = await checkWithOutside(SECRET);
    expect(guessed.code).toBe(ExitCode.BrokenLinks);
    expect(other.code).toBe(ExitCode.BrokenLinks);
    expect(other.stderr).toContain(`${join(SITE, 'docs')} is a symbolic link, which no build makes: it was not followed (1 file of the manifest not read).`);
    expect(other.stderr).not.toContain('27 bytes');
    expect(other.stderr).not.toContain('docs/a/index.html');
    expect(guessed.stderr).toBe(other.stderr);
  });

  it('reports a page swapped for a link to a file as a link, not as missing', async () => {
    const page = join(SITE, 'index.html');
    renameSync(page, join(TMP, 'index-was.html'));
    writeFileSync(join(TMP, 'elsewhere.html'), PAGE);
    symlinkSync(join(TMP, 'elsewhere.html'), page);
    try {
      const { code, stderr } = await checkWithOutside(PAGE);
      expect(code).toBe(ExitCode.BrokenLinks);
      expect(stderr).toContain(`${page} is a symbolic link, which no build makes: it was not followed (1 file of the manifest not read).`);
      expect(stderr).not.toContain(`${page} is missing`);
    } finally {
      rmSync(page);
      renameSync(join(TMP, 'index-was.html'), page);
    }
  });
});
