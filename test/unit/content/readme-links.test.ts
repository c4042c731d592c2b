// The package README's relative links name files of the package's repository
// (npm ships none of them): they become the repository's URLs at the
// documented version, or text with a warning when the package names no
// repository. Warnings name the README's own line, header stripped or not, and
// an emoji heading's id is what its own anchor link says.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { loadHighlighter } from '../../../src/content/highlight.ts';
import type { RenderMarkdown } from '../../../src/content/markdown.ts';
import { packageRepositoryLink, parseRepository } from '../../../src/content/package-repository.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { readmeBody } from '../../../src/pages/bodies.ts';
import { ROOT } from '../../support/cli.ts';

const dir = join(ROOT, `test/.tmp/readme-links-${process.pid}`);
let markdown: RenderMarkdown;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  markdown = createDocMarkdown(await loadHighlighter(), new Map());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The README page as bodies.ts renders it: header stripped, `# name` on top, repository from package.json. */
function renderReadme(readme: string, packageJson: object) {
  const pkg = join(dir, `p${Math.random().toString(36).slice(2)}`);
  mkdirSync(pkg);
  writeFileSync(join(pkg, 'package.json'), JSON.stringify(packageJson));
  const file = join(pkg, 'README.md');
  const out = renderDoc({ file, body: `# pkg\n\n${readmeBody(readme)}`, lineOffset: -2, data: { title: 'pkg' } },
    { markdown, routeOfFile: () => undefined, contentDir: dir }, 'strip', { link: packageRepositoryLink(pkg) });
  return { ...out, file, $: cheerio.load(out.page.html) };
}

const HEADER = '<h1 align="center">pkg</h1>\n\n[![npm](https://img.shields.io/npm/v/pkg.svg)](https://npmjs.com/pkg)\n[![ci](https://example.org/ci.svg)](https://example.org)\n\n<div align="center"></div>\n\n';

describe("the package README's links", () => {
  it('point at the repository file at the version tag, `directory` honoured, hash kept', () => {
    const { $, diagnostics } = renderReadme(
      `${HEADER}See [CONTRIBUTING.md](CONTRIBUTING.md), [the guide][g], [part](docs/x.md#y) and [home](https://example.org).\n\n[g]: ./.github/contributing.md\n`,
      { name: 'pkg', version: '4.0.0', repository: { type: 'git', url: 'git+https://github.com/owner/repo.git', directory: 'packages/pkg' } },
    );
    expect(diagnostics).toEqual([]);
    expect($('a').map((_, a) => $(a).attr('href')).get()).toEqual([
      'https://github.com/owner/repo/blob/v4.0.0/packages/pkg/CONTRIBUTING.md',
      'https://github.com/owner/repo/blob/v4.0.0/packages/pkg/.github/contributing.md',
      'https://github.com/owner/repo/blob/v4.0.0/packages/pkg/docs/x.md#y',
      'https://example.org',
    ]);
  });

  it('in raw HTML and images too: a link opens the file, an image loads the raw file', () => {
    const { $, diagnostics } = renderReadme('![logo](docs/logo.png)\n\n<p align="center"><img src="./docs/banner.png" alt="banner"> <a href="LICENSE">license</a></p>\n', { version: '2.1.0', repository: 'github:owner/repo' });
    expect(diagnostics).toEqual([]);
    expect($('img').map((_, i) => $(i).attr('src')).get()).toEqual(['https://github.com/owner/repo/raw/v2.1.0/docs/logo.png', 'https://github.com/owner/repo/raw/v2.1.0/docs/banner.png']);
    expect($('a').attr('href')).toBe('https://github.com/owner/repo/blob/v2.1.0/LICENSE');
  });

  it('in raw HTML without a repository: text and alt text, each with a warning at its line', () => {
    const { $, diagnostics } = renderReadme('Intro.\n\n<p><img src="docs/banner.png" alt="banner"> <a href="LICENSE">license</a></p>\n', { version: '1.0.0' });
    expect($('main, body').text()).toContain('banner license');
    expect($('a, img').length).toBe(0);
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, expect.stringContaining('The README\'s image "docs/banner.png" names a file of the package')],
      [3, expect.stringContaining('The README\'s link "LICENSE" names a file of the package')],
    ]);
  });

  it('use the commit npm recorded (gitHead) when there is one', () => {
    const { $ } = renderReadme('[c](CONTRIBUTING.md)\n', { version: '1.0.0', gitHead: 'abc1234def', repository: 'github:owner/repo' });
    expect($('a').attr('href')).toBe('https://github.com/owner/repo/blob/abc1234def/CONTRIBUTING.md');
  });

  it('are text, with a warning naming the README line, when the package names no repository', () => {
    const { $, diagnostics, file } = renderReadme(`${HEADER}Intro.\n\nSee [CONTRIBUTING.md](CONTRIBUTING.md) or [the guide][g].\n\n[g]: docs/guide.md\n`, { name: 'pkg', version: '1.0.0' });
    expect($('a').length).toBe(0);
    expect($('p').last().text()).toBe('See CONTRIBUTING.md or the guide.');
    // Both links are on line 10 of the README (the stripped header takes lines 1-7).
    expect(diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.column])).toEqual([
      ['warning', 'links/readme-relative-link', file, 10, 5],
      ['warning', 'links/readme-relative-link', file, 10, 43],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('"CONTRIBUTING.md"'),
      expect.stringContaining('"docs/guide.md"'),
    ]);
  });

  it('give an emoji heading the id its own anchor link names', () => {
    const { $ } = renderReadme('## ⚙️ Config\n\n## 🚀 Fast\n\n[config](#️-config), [fast](#-fast), [encoded](#%EF%B8%8F-config)\n', { version: '1.0.0' });
    const ids = new Set($('h2').map((_, h) => $(h).attr('id')).get());
    const anchors = $('a').map((_, a) => decodeURIComponent($(a).attr('href')!.slice(1))).get();
    expect(anchors.filter((a) => !ids.has(a))).toEqual([]);
    expect([...ids]).toEqual(['-config', '-fast']);
  });
});

describe('package.json repository forms', () => {
  it.each([
    ['owner/name', 'https://github.com/owner/name'],
    ['github:owner/name', 'https://github.com/owner/name'],
    ['gitlab:group/name', 'https://gitlab.com/group/name'],
    ['git+https://github.com/owner/name.git', 'https://github.com/owner/name'],
    ['git://github.com/PeculiarVentures/PKI.js.git', 'https://github.com/PeculiarVentures/PKI.js'],
    ['git+ssh://git@github.com/owner/name.git', 'https://github.com/owner/name'],
    ['git@github.com:owner/name.git', 'https://github.com/owner/name'],
    ['https://github.com/PeculiarVentures/PKI.js', 'https://github.com/PeculiarVentures/PKI.js'],
  ])('%s', (url, web) => {
    expect(parseRepository(url)?.web).toBe(web);
    expect(parseRepository({ type: 'git', url })?.web).toBe(web);
  });

  it('refuses an unknown host and a directory that climbs out', () => {
    expect(parseRepository('https://git.example.org/owner/name.git')).toBeUndefined();
    expect(parseRepository({ url: 'github:o/n', directory: '../other' })).toBeUndefined();
    expect(parseRepository(42)).toBeUndefined();
  });
});
