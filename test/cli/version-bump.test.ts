// A site bumped to another release says that release everywhere: a fixture
// that documents pkijs 4.0.0 (the content/versions/pkijs-4.0 workspace) is
// built with the real CLI, and no file of its out/ names 3.3.2, the release
// the templates and the config used to spell out by hand.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, type CliResult } from '../support/cli.ts';
import { FIXTURE_HOME } from '../support/fixture-site.ts';

const TMP = join(ROOT, `test/.tmp/version-bump-${process.pid}`);
const OUT = join(TMP, 'out');
const RELEASE = join(ROOT, 'content/versions/pkijs-4.0/node_modules');
// A copy of the 4.0.0 release, its dependencies linked beside it. Its README links to CONTRIBUTING.md,
// a file of its repository npm does not ship: the page links to it in the repository, at v4.0.0.
const LIB = join(TMP, 'lib/node_modules');
const CONFIG = `export default {
  title: 'bumped', tagline: 'bumped',
  library: { package: 'pkijs', version: '4.0.0', dir: '${relative(ROOT, join(LIB, 'pkijs'))}' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }, { type: 'docsVersionDropdown' }, { type: 'search' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }, { title: 'Version', text: 'Version: {version}' }] },
  docs: { versions: [{ name: '4.0.0', label: '4.0' }], mainPage: 'installation' },
};
`;

/** Every file under `dir`, as a path relative to it. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(dir, join(prefix, e.name)) : [join(prefix, e.name)]));
}

let result: CliResult;
beforeAll(async () => {
  cpSync(join(RELEASE, 'pkijs'), join(LIB, 'pkijs'), { recursive: true });
  for (const dep of readdirSync(RELEASE)) if (dep !== 'pkijs') symlinkSync(join(RELEASE, dep), join(LIB, dep));
  const content = join(TMP, 'content');
  for (const d of ['docs', 'pages', 'static']) mkdirSync(join(content, d), { recursive: true });
  writeFileSync(join(content, 'site.config.ts'), CONFIG);
  writeFileSync(join(content, 'docs/installation.md'), '---\ntitle: Installation\ndescription: How to install pkijs.\n---\n\nRun `npm install pkijs`.\n');
  writeFileSync(join(content, 'pages/index.ts'), FIXTURE_HOME);
  writeFileSync(join(content, 'static/logo.svg'), readFileSync(join(ROOT, 'content/static/logo.svg')));
  result = await runCli(['build', '--config', join(content, 'site.config.ts'), '--out', OUT]);
}, 300_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('a site bumped to pkijs 4.0.0', () => {
  it('builds, with the footer naming 4.0.0', () => {
    expect(result.code, result.stderr).toBe(0);
    const page = readFileSync(join(OUT, 'docs/installation/index.html'), 'utf8');
    expect(page).toMatch(/<p class="footer__text">Version: 4\.0\.0<\/p>/);
  });

  it("links the README's CONTRIBUTING.md to the repository's file at v4.0.0", () => {
    const readme = readFileSync(join(OUT, 'docs/api/pkijs/index.html'), 'utf8');
    expect(readme).toContain('href="https://github.com/PeculiarVentures/PKI.js/blob/v4.0.0/CONTRIBUTING.md"');
  });

  it('names 3.3.2 in no file of out/', () => {
    const stale = files(OUT).filter((f) => readFileSync(join(OUT, f), 'latin1').includes('3.3.2'));
    expect(stale).toEqual([]);
  });
});
