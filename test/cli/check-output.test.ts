// What `pkidocs check` tells a newcomer, on a small hand-made site (no real
// build): what it is doing while it works (stderr), a result in the build's
// words for pages and links, the built pages no link reaches, and a folder
// without a manifest refused in the README's words.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { entryOf, listTree, MANIFEST, manifestText, type Manifest } from '../../src/output/manifest.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/check-output');
const SITE = join(TMP, 'site');
const page = (body: string): string => `<!doctype html><html lang="en"><head><meta name="pkidocs:base-url" content="/"><title>t</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(SITE, 'docs/a'), { recursive: true });
  mkdirSync(join(SITE, 'docs/orphan'), { recursive: true });
  writeFileSync(join(SITE, 'index.html'), page('<a href="/docs/a">a</a><a href="/docs/a">a again</a>'));
  writeFileSync(join(SITE, 'docs/a/index.html'), page('<a href="/">home</a>'));
  writeFileSync(join(SITE, 'docs/orphan/index.html'), page('<a href="/">home</a>'));
  writeFileSync(join(SITE, '404.html'), page('<h1>Page Not Found</h1>'));
  // The build writes the not-found page twice, as the real site holds it: 404.html and the route /404.
  mkdirSync(join(SITE, '404'));
  writeFileSync(join(SITE, '404/index.html'), page('<h1>Page Not Found</h1>'));
  const manifest: Manifest = new Map();
  for (const path of (await listTree(SITE)).files) manifest.set(path, entryOf(readFileSync(join(SITE, path))));
  writeFileSync(join(SITE, MANIFEST), manifestText(manifest));
  mkdirSync(join(TMP, 'no-manifest'));
  writeFileSync(join(TMP, 'no-manifest/404.html'), page('x'));
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('pkidocs check output', () => {
  it('says what it is doing on stderr, then counts pages and links in the build\'s words and names the pages no link reaches, each once', async () => {
    const { code, stdout, stderr } = await runCli(['check', '--out', SITE]);
    expect(code).toBe(ExitCode.Ok);
    expect(stderr).toBe(`Comparing the 5 files of ${SITE} with the manifest its build wrote…\nCrawling ${SITE} over HTTP from its home page…\n`);
    expect(stdout).toMatch(/^Checked 2 pages \(those a link reaches from the home page\) and \d+ links \(distinct URLs, each once\) in [\d.]+ s: none broken\. 2 built pages are not linked from any page, so not crawled: \/404, \/docs\/orphan\.\n$/);
  });

  it('refuses a folder without a manifest with exit 64, naming the manifest, as the README says', async () => {
    const { code, stderr } = await runCli(['check', '--out', join(TMP, 'no-manifest')]);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(`${join(TMP, 'no-manifest')} holds no built site: it has no ${MANIFEST}, the list of files a build of pkidocs writes`);
    expect(stderr).not.toContain('404.html');
  });
});
