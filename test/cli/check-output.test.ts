// What `pkidocs check` tells a newcomer, on a small hand-made site (no real
// build): what it is doing while it works (stderr), a result in the build's
// words for pages and links, the built pages no link reaches, why a link is
// tried again, and a folder without a manifest refused in the README's words.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { entryOf, listTree, MANIFEST, manifestText, type Manifest } from '../../src/output/manifest.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/check-output');
const SITE = join(TMP, 'site');
const page = (body: string): string => `<!doctype html><html lang="en"><head><meta name="pkidocs:base-url" content="/"><title>t</title></head><body>${body}</body></html>`;

/** A site folder with its manifest, as a build leaves it. */
async function seal(dir: string): Promise<void> {
  const manifest: Manifest = new Map();
  for (const path of (await listTree(dir)).files) manifest.set(path, entryOf(readFileSync(join(dir, path))));
  writeFileSync(join(dir, MANIFEST), manifestText(manifest));
}

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
  await seal(SITE);
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

  it('says why a link is tried again: a 503 is "answered 503", not "asked to wait"', async () => {
    // Another site that fails its first two requests (linkinator's HEAD, then its GET), then answers.
    let requests = 0;
    const flaky = createServer((_req, res) => void res.writeHead(++requests <= 2 ? 503 : 200).end());
    await new Promise<void>((done) => flaky.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/flaky`;
    const site = join(TMP, 'external');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), page(`<a href="${url}">flaky</a>`));
    writeFileSync(join(site, '404.html'), page('<h1>Page Not Found</h1>'));
    await seal(site);
    try {
      const { code, stderr } = await runCli(['check', '--out', site, '--external']);
      expect(code).toBe(ExitCode.Ok);
      expect(stderr).toMatch(new RegExp(`^${url} answered 503: trying again in \\d s\\.$`, 'm'));
      expect(stderr).not.toContain('asked to wait');
    } finally {
      flaky.close();
    }
  }, 60_000);
});
