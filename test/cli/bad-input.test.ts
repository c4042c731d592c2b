// Each bad input is a small fixture site named for what it proves. The build
// must fail with the right exit code and a message naming the file (and line),
// and leave the previous out/ exactly as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { MARKER } from '../../src/output/out-dir.ts';
import { ROOT, runCli } from '../support/cli.ts';

const SITES = join(ROOT, 'test/fixtures/sites');
const OUT = join(ROOT, 'test/.tmp/bad-input-out');
const SENTINEL = join(OUT, 'index.html');

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

beforeEach(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(SENTINEL, '<p>the previous build</p>');
  // A previous build's out/ carries the marker that lets pkidocs replace it.
  writeFileSync(join(OUT, MARKER), 'previous');
});

async function buildFixture(name: string) {
  const result = await runCli(['build', '--config', join(SITES, name, 'site.config.ts'), '--out', OUT]);
  // Nothing lost: the old out/ is intact and no temporary folder is left beside it.
  expect(readdirSync(OUT).sort()).toEqual([MARKER, 'index.html']);
  expect(readFileSync(SENTINEL, 'utf8')).toBe('<p>the previous build</p>');
  expect(readdirSync(dirname(OUT)).filter((f) => f.startsWith('bad-input-out.'))).toEqual([]);
  return { ...result, rel: (p: string) => relative(ROOT, join(SITES, name, p)) };
}

describe('bad input', () => {
  it('builds the valid fixture (the baseline the others differ from)', async () => {
    const { code, stdout } = await runCli(['build', '--config', join(SITES, 'valid/site.config.ts'), '--out', OUT]);
    expect(stdout).toMatch(/Built \d+ pages/);
    expect(code).toBe(ExitCode.Ok);
    expect(existsSync(join(OUT, 'docs/installation/index.html'))).toBe(true);
  });

  it('malformed front matter: content error at the file and line', async () => {
    const { code, stderr } = await buildFixture('bad-front-matter');
    expect(code).toBe(ExitCode.Content);
    expect(stderr).toMatch(/bad-front-matter\/docs\/installation\.md:3:\d+ error The front matter is not valid YAML/);
    expect(stderr).toMatch(/→ Fix the YAML of that line \(between the two --- lines/);
    expect(stderr).toMatch(/Build failed: 1 problem found/);
  });

  it('an unknown config key: config error naming the key', async () => {
    const { code, stderr } = await buildFixture('unknown-config-key');
    expect(code).toBe(ExitCode.Config);
    expect(stderr).toMatch(/unknown-config-key\/site\.config\.ts error Unknown key "colours" in \(root\)\. \[config\/unknown-key\]/);
  });

  it('a social image that is not a static file: config error naming the image', async () => {
    const { code, stderr } = await buildFixture('missing-social-image');
    expect(code).toBe(ExitCode.Config);
    expect(stderr).toMatch(/missing-social-image\/site\.config\.ts error The social image "img\/social\.png" \(image in the site config\) is not a file of the static folder\. \[config\/missing-image\]/);
  });

  it('a Markdown link to a page that does not exist: links error at the file and line', async () => {
    const { code, stderr } = await buildFixture('missing-page-link');
    expect(code).toBe(ExitCode.BrokenLinks);
    expect(stderr).toMatch(/missing-page-link\/docs\/installation\.md:8:5 error The link "\.\/guide\.md" points to \.\/guide\.md, which is not a page of the site\./);
  });

  it('links to #anchors that no element has: every one listed with a did-you-mean', async () => {
    const { code, stderr } = await buildFixture('broken-anchor');
    expect(code).toBe(ExitCode.BrokenLinks);
    expect(stderr).toMatch(/broken-anchor\/docs\/installation\.md:8 error The link "#set-up" on \/docs\/installation points to the anchor #set-up, which no element on this page has\./);
    expect(stderr).toMatch(/→ Did you mean "#setup"\?/);
    expect(stderr).toMatch(/error The link "\/docs\/api\/classes\/Certificate#isuer" on \/docs\/installation points to the anchor #isuer, which no element on \/docs\/api\/classes\/Certificate has\./);
    expect(stderr).toMatch(/→ Did you mean "\/docs\/api\/classes\/Certificate#issuer"\?/);
    expect(stderr).toMatch(/Build failed: 2 problems found/);
  });

  it('two pages claiming one path: content error naming both', async () => {
    const { code, stderr, rel } = await buildFixture('duplicate-path');
    expect(code).toBe(ExitCode.Content);
    expect(stderr).toContain(`error Two pages claim the path /docs/guide: ${rel('docs/guide.md')} and ${rel('docs/guide/index.md')}.`);
  });

  it('a page module without a default export: the spec message', async () => {
    const { code, stderr } = await buildFixture('no-default-export');
    expect(code).toBe(ExitCode.Content);
    expect(stderr).toContain("no-default-export/pages/index.tsx error The page component at / doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.");
  });

  it('a missing code include: content error naming the page and line', async () => {
    const { code, stderr } = await buildFixture('missing-include');
    expect(code).toBe(ExitCode.Content);
    expect(stderr).toMatch(/missing-include\/docs\/installation\.md:8 error The code block includes "\.\/gone\.ts", which does not exist\./);
  });

  it('pkijs at another version: config error', async () => {
    const { code, stderr } = await buildFixture('wrong-library-version');
    expect(code).toBe(ExitCode.Config);
    expect(stderr).toMatch(/site\.config\.ts error The installed pkijs is version 3\.3\.2, but the site config documents 3\.3\.1\./);
    expect(stderr).toMatch(/→ Install pkijs@3\.3\.1 exactly/);
  });

  it('the documented package missing: config error', async () => {
    const { code, stderr } = await buildFixture('missing-library');
    expect(code).toBe(ExitCode.Config);
    expect(stderr).toMatch(/node_modules\/pkijs-not-installed\/package\.json error The package "pkijs-not-installed" is not installed/);
    expect(stderr).toMatch(/→ Run `npm ci`/);
  });
});
