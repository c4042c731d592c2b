// `pkidocs check`: the built site crawled over HTTP with linkinator. Offline:
// other sites are played by a local server answering 200, 404 and 429 with
// Retry-After.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { ROOT, runCli } from '../support/cli.ts';
import { siteOut } from '../support/site.ts';
import { entryOf, listTree, MANIFEST, manifestText, type Manifest } from '../../src/output/manifest.ts';

/** Writes `dir`'s manifest as a build would have, for a site these tests made or edited by hand (check compares out/ with it first). */
async function reseal(dir: string): Promise<void> {
  const manifest: Manifest = new Map();
  for (const path of (await listTree(dir)).files) if (!path.startsWith('.pkidocs-')) manifest.set(path, entryOf(readFileSync(join(dir, path))));
  writeFileSync(join(dir, MANIFEST), manifestText(manifest));
}

const TMP = join(ROOT, 'test/.tmp/check');

describe('pkidocs check', () => {
  it('passes the real site: every link, asset and #fragment resolves over HTTP', async () => {
    const { code, stdout, stderr } = await runCli(['check', '--out', siteOut()]);
    expect(code).toBe(ExitCode.Ok);
    expect(stderr).toMatch(/^Comparing the \d+ files of .* with the manifest its build wrote…\nCrawling .* over HTTP from its home page…\n$/);
    const m = /^Checked (\d+) pages \(those a link reaches from the home page\) and (\d+) links \(distinct URLs, each once\) in [\d.]+ s: none broken\.(?: \d+ built pages? (?:is|are) not linked from any page, so not crawled: .*)?\n$/.exec(stdout);
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(420); // every page a link reaches (not the 404 page)
    expect(Number(m?.[2])).toBeGreaterThan(800);
  });

  it('fails with exit 4 on a missing page and a missing anchor, naming each', async () => {
    const out = join(TMP, 'broken');
    rmSync(out, { recursive: true, force: true });
    cpSync(siteOut(), out, { recursive: true });
    const file = join(out, 'docs/installation/index.html');
    writeFileSync(file, readFileSync(file, 'utf8').replace('<main ', '<a href="/docs/nowhere">a</a><a href="/docs/installation#no-such-id">b</a><main '));
    await reseal(out); // as if a build had written these links
    const { code, stderr, stdout } = await runCli(['check', '--out', out]);
    expect(code).toBe(ExitCode.BrokenLinks);
    expect(stderr).toContain('The link "/docs/nowhere" on /docs/installation answered 404. [check/broken-link]');
    expect(stderr).toMatch(/The link "\/docs\/installation#no-such-id" on \S+ points to #no-such-id, which no element of that page has\./);
    expect(stdout + stderr).toMatch(/: 2 broken\.(?: |$)/m);
  });

  it('refuses a folder without a built site (exit 64)', async () => {
    mkdirSync(join(TMP, 'empty'), { recursive: true });
    const { code, stderr } = await runCli(['check', '--out', join(TMP, 'empty')]);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain('holds no built site');
  });

  describe('links to other sites', () => {
    const asked: string[] = [];
    let origin = '';
    let busy = 0;
    const other = createServer((req, res) => {
      asked.push(req.url!);
      if (req.url === '/busy' && busy++ === 0) return void res.writeHead(429, { 'retry-after': '1' }).end();
      res.writeHead(req.url === '/gone' ? 404 : 200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>');
    });
    const site = join(TMP, 'external');

    beforeAll(async () => {
      await new Promise<void>((done) => other.listen(0, '127.0.0.2', done));
      origin = `http://127.0.0.2:${(other.address() as AddressInfo).port}`;
      rmSync(site, { recursive: true, force: true });
      mkdirSync(site, { recursive: true });
      const page = (body: string) => `<!doctype html><html lang="en"><head><meta name="pkidocs:base-url" content="/"><title>t</title></head><body>${body}</body></html>`;
      writeFileSync(join(site, '404.html'), page('<h1>Page Not Found</h1>'));
      writeFileSync(join(site, 'index.html'), page(`<a href="${origin}/fine">a</a><a href="${origin}/gone">b</a><a href="${origin}/busy">c</a><a href="/">home</a>`));
      await reseal(site);
    });
    afterAll(() => new Promise<void>((done) => {
      other.closeAllConnections();
      other.close(() => done());
    }));

    it('skips them without --external', async () => {
      const { code, stdout } = await runCli(['check', '--out', site]);
      expect(code).toBe(ExitCode.Ok);
      expect(stdout).toMatch(/Checked 1 page \(those a link reaches from the home page\) and \d+ links? \(distinct URLs, each once\) in [\d.]+ s: none broken\./);
      expect(asked).toEqual([]);
    });

    it('checks them with --external: a 404 is broken, a 429 with Retry-After is tried again after the wait', async () => {
      const { code, stderr, stdout } = await runCli(['check', '--out', site, '--external']);
      expect(code).toBe(ExitCode.BrokenLinks);
      const output = stdout + stderr;
      const errors = output.split('\n').filter((l) => l.includes('[check/broken-link]'));
      expect(errors).toEqual([`error The link "${origin}/gone" on / answered 404. [check/broken-link]`]);
      expect(output).toContain(`${origin}/busy asked to wait: trying again in 1 s.`);
      expect(asked.filter((u) => u === '/busy')).toHaveLength(2);
      expect(output).toMatch(/other sites included\) in [\d.]+ s: 1 broken\./);
    });
  });
});
