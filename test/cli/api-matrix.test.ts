// The parity matrix: pkidocs builds the API reference of pkijs 3.3.2, 3.4.3 and
// 4.0.0 and of a fixture with one of each construct (test/fixtures/api/matrix),
// each as a site of its own through the CLI; TypeDoc's CLI writes its JSON for
// the same declaration file with the options of the API stage. Every export,
// member, flag and signature TypeDoc documents must be found in the built HTML
// where a reader looks for it (api-matrix/expected.ts says where), and each
// member's declarations in the Markdown twins (api-matrix/twins.ts): zero misses.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.ts';
import { FIXTURE_HOME } from '../support/fixture-site.ts';
import { expectedFacts, keywordAliases, normaliseCode } from './api-matrix/expected.ts';
import { pageFacts } from './api-matrix/pages.ts';
import { expectedTwinFacts, twinFacts } from './api-matrix/twins.ts';
import { typedocJson } from './api-matrix/typedoc-json.ts';

const TMP = join(ROOT, `test/.tmp/api-matrix-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Library { package: string; version: string; dir: string; entry: string }
const MATRIX: [string, Library][] = [
  ['pkijs 3.3.2', { package: 'pkijs', version: '3.3.2', dir: 'node_modules/pkijs', entry: 'build/index.d.ts' }],
  ['pkijs 3.4.3', { package: 'pkijs', version: '3.4.3', dir: 'node_modules/pkijs-3.4.3', entry: 'build/index.d.ts' }],
  ['pkijs 4.0.0', { package: 'pkijs', version: '4.0.0', dir: 'content/versions/pkijs-4.0/node_modules/pkijs', entry: 'build/index.d.ts' }],
  ['the constructs fixture', { package: 'matrix', version: '1.0.0', dir: 'test/fixtures/api/matrix', entry: 'index.d.ts' }],
];

const config = (lib: Library): string => `export default {
  title: '${lib.package}', tagline: '${lib.package}',
  library: ${JSON.stringify(lib)},
  repositoryUrl: 'https://github.com/example/${lib.package}', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
`;

/** Builds a site documenting `lib` (an installation page and the API reference) with the real CLI; its out/ folder. */
async function buildSite(lib: Library, dir: string): Promise<string> {
  const content = join(dir, 'content');
  for (const d of ['docs', 'pages', 'static']) mkdirSync(join(content, d), { recursive: true });
  writeFileSync(join(content, 'site.config.ts'), config(lib));
  writeFileSync(join(content, 'docs/installation.md'), `---\ntitle: Installation\ndescription: How to install ${lib.package}.\n---\n\nRun \`npm install ${lib.package}\`.\n`);
  writeFileSync(join(content, 'pages/index.ts'), FIXTURE_HOME);
  writeFileSync(join(content, 'static/logo.svg'), readFileSync(join(ROOT, 'content/static/logo.svg')));
  const out = join(dir, 'out');
  const result = await runCli(['build', '--config', join(content, 'site.config.ts'), '--out', out]);
  if (result.code !== 0) throw new Error(`pkidocs build of ${lib.package} ${lib.version} exited ${result.code}:\n${result.stderr}`);
  return out;
}

describe('the API reference against TypeDoc', () => {
  it.each(MATRIX)('%s: every export, member, flag and signature TypeDoc documents is on its page', async (name, lib) => {
    const dir = join(TMP, name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    // One after the other: each is a process of its own, on a machine of two cores.
    const json = await typedocJson(resolve(ROOT, lib.dir, lib.entry));
    const out = await buildSite(lib, dir);
    const keywords = keywordAliases(json);
    const code = (text: string) => normaliseCode(text, keywords);
    const theirs = expectedFacts(json, code);
    const ours = new Set(pageFacts(out, code));
    const misses = theirs.filter((f) => !ours.has(f));
    const twinsExpected = expectedTwinFacts(json, code);
    const twins = new Set(twinFacts(out, code));
    const twinMisses = twinsExpected.filter((f) => !twins.has(f));
    console.log(`${name}: ${theirs.length} facts of TypeDoc's JSON looked for in the HTML pages, ${misses.length} missed; ${twinsExpected.length} in the Markdown twins, ${twinMisses.length} missed`);
    expect(theirs.length).toBeGreaterThan(60);
    expect(misses).toEqual([]);
    expect(twinMisses).toEqual([]);
  });
});
