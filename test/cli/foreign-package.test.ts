// A package nobody tuned the reference for, built with the real CLI: the
// constructs fixture (test/fixtures/api/constructs) with a README as npm
// packages ship them, relative links to files of the repository npm left
// out and an emoji heading. With a `repository` in package.json the links
// open the files there at the version's tag; without one the build still
// succeeds, and prints a warning with the README's own line. Its namespaces
// (Geometry, Geometry.Units) get pages and sidebar entries, and an export the
// reference leaves out (a renamed re-export) is a warning with its line.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, type CliResult } from '../support/cli.ts';
import { FIXTURE_HOME } from '../support/fixture-site.ts';

const TMP = join(ROOT, `test/.tmp/foreign-package-${process.pid}`);
const FIXTURE = join(ROOT, 'test/fixtures/api/constructs');

// Line 7 holds the relative links, line 9 raw HTML ones; lines 1-4 are the header the page strips.
const README = `<h1 align="center">constructs</h1>

[![npm](https://img.shields.io/npm/v/constructs.svg)](https://www.npmjs.com/package/constructs)

## ⚙️ Setup

Read [the contributing guide](CONTRIBUTING.md), [the design notes](docs/design.md#shapes) and [setup](#️-setup).

<p align="center"><img src="docs/banner.png" alt="banner"> <a href="LICENSE">license</a></p>
`;

const config = (dir: string): string => `export default {
  title: 'constructs', tagline: 'constructs',
  library: { package: 'constructs', version: '1.0.0', dir: '${relative(ROOT, dir)}', entry: 'index.d.ts' },
  repositoryUrl: 'https://github.com/example/constructs', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
`;

/** Builds a site documenting a copy of the fixture whose package.json is `edit`ed; its out/ folder and the CLI's result. */
async function build(name: string, edit: (pkg: Record<string, unknown>) => void): Promise<{ out: string; result: CliResult; readme: string }> {
  const dir = join(TMP, name);
  const lib = join(dir, 'lib/constructs');
  cpSync(FIXTURE, lib, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(lib, 'package.json'), 'utf8')) as Record<string, unknown>;
  edit(pkg);
  writeFileSync(join(lib, 'package.json'), JSON.stringify(pkg));
  writeFileSync(join(lib, 'README.md'), README);
  // A renamed re-export: TypeDoc makes it a Reference, a kind the reference does not document.
  writeFileSync(join(lib, 'index.d.ts'), `${readFileSync(join(lib, 'index.d.ts'), 'utf8')}export { VERSION as RELEASE };\n`);
  const content = join(dir, 'content');
  for (const d of ['docs', 'pages', 'static']) mkdirSync(join(content, d), { recursive: true });
  writeFileSync(join(content, 'site.config.ts'), config(lib));
  writeFileSync(join(content, 'docs/installation.md'), '---\ntitle: Installation\ndescription: How to install constructs.\n---\n\nRun `npm install constructs`.\n');
  writeFileSync(join(content, 'pages/index.ts'), FIXTURE_HOME);
  writeFileSync(join(content, 'static/logo.svg'), readFileSync(join(ROOT, 'content/static/logo.svg')));
  const out = join(dir, 'out');
  const result = await runCli(['build', '--config', join(content, 'site.config.ts'), '--out', out]);
  return { out, result, readme: join(lib, 'README.md') };
}

const page = (out: string, path: string) => cheerio.load(readFileSync(join(out, path, 'index.html'), 'utf8'));

let linked: Awaited<ReturnType<typeof build>>;
let unlinked: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  linked = await build('linked', () => {});
  unlinked = await build('unlinked', (pkg) => delete pkg.repository);
}, 300_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe("a package's README", () => {
  it("links to the repository's files at the version's tag, and the emoji heading's own anchor", () => {
    expect(linked.result.code, linked.result.stderr).toBe(0);
    const $ = page(linked.out, 'docs/api/constructs');
    const hrefs = $('main a').map((_, a) => $(a).attr('href')).get();
    expect(hrefs).toEqual(expect.arrayContaining([
      'https://github.com/example/constructs/blob/v1.0.0/CONTRIBUTING.md',
      'https://github.com/example/constructs/blob/v1.0.0/docs/design.md#shapes',
      'https://github.com/example/constructs/blob/v1.0.0/LICENSE',
    ]));
    expect($('main img[alt="banner"]').attr('src')).toBe('https://github.com/example/constructs/raw/v1.0.0/docs/banner.png');
    const anchor = hrefs.find((h) => h.startsWith('#') && h.includes('setup'))!;
    expect($(`h2[id="${decodeURIComponent(anchor.slice(1))}"]`).text()).toContain('Setup');
  });

  it('without a repository, builds with the links as text and a warning naming the README line', () => {
    expect(unlinked.result.code, unlinked.result.stderr).toBe(0);
    const output = unlinked.result.stdout + unlinked.result.stderr;
    expect(output).toContain(`${relative(ROOT, unlinked.readme)}:7`);
    expect(output).toMatch(/The README's link "CONTRIBUTING\.md" names a file of the package/);
    expect(output).toContain(`${relative(ROOT, unlinked.readme)}:9`);
    expect(output).toMatch(/The README's image "docs\/banner\.png" names a file of the package/);
    const $ = page(unlinked.out, 'docs/api/constructs');
    expect($('main p:contains("Read the contributing guide")').find('a').map((_, a) => $(a).attr('href')).get()).toEqual([expect.stringMatching(/^#/)]);
  });
});

describe("a package's namespaces", () => {
  it('each have a page listing their members, linked from the sidebar of every API page', () => {
    expect(linked.result.code, linked.result.stderr).toBe(0);
    const $ = page(linked.out, 'docs/api/namespaces/Geometry');
    expect($('main h1').text()).toBe('Namespace Geometry');
    const links = $('main dl a').map((_, a) => $(a).attr('href')).get();
    expect(links).toEqual(['/docs/api/namespaces/Geometry.Units', '/docs/api/classes/Geometry.Circle', '/docs/api/interfaces/Geometry.Point']);
    expect($('main h3').map((_, h) => $(h).text()).get()).toEqual(['Pair', 'UNIT', 'area()']);
    expect(page(linked.out, 'docs/api/namespaces/Geometry.Units')('main h3').map((_, h) => $(h).text()).get()).toEqual(['Length', 'toLength()']);
    const globals = page(linked.out, 'docs/api/globals');
    const sidebar = globals('nav a').map((_, a) => globals(a).attr('href')).get();
    expect(sidebar).toEqual(expect.arrayContaining(['/docs/api/namespaces/Geometry', '/docs/api/namespaces/Geometry.Units']));
  });

  it('prints the warning of an export left out, with its file and line, and exits 0', () => {
    const output = linked.result.stdout + linked.result.stderr;
    const line = readFileSync(join(FIXTURE, 'index.d.ts'), 'utf8').split('\n').length;
    expect(output).toMatch(new RegExp(`index\\.d\\.ts:${line}:\\d+ warning The export RELEASE is a Reference`));
  });
});
