// "None is copied unverified": every page a docs version shares with the
// default one (docs.versions[].shares) shows code that a test runs against
// that version's release (test/support/shared-pages.ts), read from the real
// config, the real pages and the projects of vitest.config.ts.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.ts';
import { loadConfig } from '../../src/config/load.ts';
import type { SiteConfig } from '../../src/config/schema.ts';
import { readDocs, type DocSource } from '../../src/content/docs.ts';
import { versionedDocs } from '../../src/content/versioned-docs.ts';
import { codeFilesOf, globRegExp, untestedSharedCode, type TestProject } from '../support/shared-pages.ts';
import { ROOT } from '../support/cli.ts';

const MODULES = resolve(`test/.tmp/shared-pages-modules-${process.pid}`);
const FIXTURE = resolve(`test/.tmp/shared-pages-fixture-${process.pid}`);
afterAll(() => {
  rmSync(MODULES, { recursive: true, force: true });
  rmSync(FIXTURE, { recursive: true, force: true });
});

interface ProjectConfig { test?: { name?: string; include?: string[]; exclude?: string[]; env?: Record<string, string> } }
const projects: TestProject[] = ((vitestConfig as { test?: { projects?: ProjectConfig[] } }).test?.projects ?? []).map((p) => ({
  name: p.test?.name ?? '', include: p.test?.include ?? [], ...(p.test?.env?.PKIDOCS_PKIJS_RELEASE ? { release: p.test.env.PKIDOCS_PKIJS_RELEASE } : {}),
}));

let config: SiteConfig;
let docs: DocSource[];

beforeAll(async () => {
  const loaded = await loadConfig(join(ROOT, 'content/site.config.ts'), MODULES);
  config = loaded.config!;
  const read = await readDocs(join(ROOT, 'content/docs'), { root: ROOT });
  docs = versionedDocs(config, read.docs, 'content/site.config.ts').docs;
});

describe('the pages 4.0 shares with 3.3.2', () => {
  it('show only code that a test runs against pkijs 4.0.0', async () => {
    const shared = docs.filter((d) => d.sharedFrom !== undefined);
    // Not vacuous: every example and the shared guides, with the modules their code comes from.
    expect(shared.map((d) => d.id)).toEqual(expect.arrayContaining(['4.0/examples/certificates-and-revocation/create-and-validate-certificate', '4.0/guides/concepts', '4.0/guides/migrating-to-4']));
    expect(new Set(shared.flatMap(codeFilesOf)).size).toBeGreaterThan(30);
    expect(await untestedSharedCode(ROOT, config, docs, projects)).toEqual([]);
  });

  it('would fail without the guides-4.0 project: the guides\' code is then run on 3.3.2 alone', async () => {
    const untested = await untestedSharedCode(ROOT, config, docs, projects.filter((p) => p.name !== 'guides-4.0'));
    const files = new Set(untested.map((u) => u.file));
    // security.ts stays covered: the examples' tests import validateLeaf from it, and run on 4.0.0 in examples-4.0.
    expect(files.has('content/docs/guides/security.ts')).toBe(false);
    expect([...files]).toEqual(expect.arrayContaining(['content/docs/guides/concepts.ts', 'content/docs/guides/troubleshooting.ts', 'content/docs/guides/migrating-to-4/require-before.cjs']));
    expect(untested.find((u) => u.file === 'content/docs/guides/concepts.ts')).toEqual({ page: '4.0/guides/concepts', file: 'content/docs/guides/concepts.ts', release: '4.0.0' });
  });
});

describe('the check itself, on a fixture', () => {
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(FIXTURE, file)), { recursive: true });
    writeFileSync(join(FIXTURE, file), text);
  };
  const page = (id: string, body: string): DocSource => ({ id, file: join(FIXTURE, 'content/docs', `${id}.md`), data: { title: id, description: id }, body, lineOffset: 0 });

  it('names a shared page whose module or script no test of the release runs, and passes the one that is run', async () => {
    write('content/docs/guides/tested.ts', 'export const tested = 1;\n');
    write('content/docs/guides/helper.ts', 'export const helper = 2;\n');
    write('content/docs/guides/via-helper.ts', "export { helper } from './helper.ts';\n");
    write('content/docs/guides/untested.ts', 'export const untested = 3;\n');
    write('content/docs/guides/run.cjs', 'module.exports = 4;\n');
    write('test/four/a.test.ts', "import { tested } from '../../content/docs/guides/tested.ts';\nimport { helper } from '../../content/docs/guides/helper.ts';\nexport const x = [tested, helper];\n");
    write('test/three/b.test.ts', "import { untested } from '../../content/docs/guides/untested.ts';\nconst script = 'run.cjs';\nexport const y = [untested, script];\n");
    const files = [
      page('guides/one', '```ts include=./tested.ts#a\n```\n'),
      page('guides/two', '```ts include=./untested.ts\n```\n\n```js include=./run.cjs\n```\n'),
      page('guides/three', '```table rows=./via-helper.ts#helper\nA = a\n```\n'),
    ];
    const fixture: SiteConfig = { ...config, docs: { ...config.docs, versions: [
      { name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: 'x', entry: 'build/index.d.ts' }, shares: ['guides'] },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ] } };
    const all = versionedDocs(fixture, files, 'site.config.ts').docs;
    const fourAndThree: TestProject[] = [{ name: 'four', release: '4.0.0', include: ['test/four/**/*.test.ts'] }, { name: 'three', include: ['test/three/**/*.test.ts'] }];
    // Tested on 3.3.2 only, untested.ts and run.cjs fail; via-helper.ts is reached by no test, though what it re-exports is.
    expect(await untestedSharedCode(FIXTURE, fixture, all, fourAndThree)).toEqual([
      { page: '4.0/guides/three', file: 'content/docs/guides/via-helper.ts', release: '4.0.0' },
      { page: '4.0/guides/two', file: 'content/docs/guides/untested.ts', release: '4.0.0' },
      { page: '4.0/guides/two', file: 'content/docs/guides/run.cjs', release: '4.0.0' },
    ]);
    // The same tests run on 4.0.0 as well: nothing is left.
    expect(await untestedSharedCode(FIXTURE, fixture, all, [...fourAndThree, { name: 'three-on-4', release: '4.0.0', include: ['test/three/**/*.test.ts'] }]))
      .toEqual([{ page: '4.0/guides/three', file: 'content/docs/guides/via-helper.ts', release: '4.0.0' }]);
  });

  it('reads the globs of vitest.config.ts and refuses syntax it does not know', () => {
    expect(globRegExp('test/examples/**/*.test.ts').test('test/examples/attacks/ocsp.test.ts')).toBe(true);
    expect(globRegExp('test/examples/**/*.test.ts').test('test/examples/ocsp.test.ts')).toBe(true);
    expect(globRegExp('test/examples/**/*.test.ts').test('test/guides/ocsp.test.ts')).toBe(false);
    expect(globRegExp('test/examples/**/*.test.ts').test('test/examples/ocsp.test.tsx')).toBe(false);
    expect(() => globRegExp('test/!(unit|site)/**/*.test.{ts,tsx}')).toThrow(/does not read/);
  });
});
