// docs.versions: the rules of the documented versions (one at today's URLs,
// distinct names and paths, a release for each other one) and the installed
// release each one names, as loadConfig and resolveLibrary report them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveLibrary } from '../../../src/config/library.ts';
import { loadConfig } from '../../../src/config/load.ts';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { defaultVersion, libraryVersionOf, versionDocsPath } from '../../../src/config/versions.ts';

const definePath = resolve('src/config/define.ts');
const dir = mkdtempSync(join(tmpdir(), 'pkidocs-versions-'));
const MODULES = resolve(`test/.tmp/versions-modules-${process.pid}`);
let n = 0;
afterAll(() => {
  for (const made of [dir, MODULES]) rmSync(made, { recursive: true, force: true });
});

const BASE = {
  title: 'pki.js', tagline: 'pki.js', library: { package: 'demo', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'a@b.org',
  navbar: { logo: { alt: 'x', src: 'logo.svg', width: 80 }, items: [] },
  footer: { columns: [] },
  docs: { mainPage: 'installation', versions: [] as unknown[] },
};
const V4 = { name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: 'v4/node_modules/demo' } };
const V3 = { name: '3.3.2', label: '3.3.2' };

async function load(versions: unknown[], navbarItems: unknown[] = []) {
  const file = join(dir, `config-${n++}.ts`);
  const config = { ...BASE, navbar: { ...BASE.navbar, items: navbarItems }, docs: { ...BASE.docs, versions } };
  writeFileSync(file, `import { defineConfig } from ${JSON.stringify(definePath)};\nexport default defineConfig(${JSON.stringify(config)} as never);\n`);
  return loadConfig(file, MODULES);
}
const codes = async (versions: unknown[], items?: unknown[]) => (await load(versions, items)).diagnostics.map((d) => [d.code, d.message]);

describe('docs.versions', () => {
  it('takes 4.0.0 under /docs/4.0 beside 3.3.2 at today\'s URLs', async () => {
    const { config, diagnostics } = await load([V4, V3], [{ type: 'docsVersionDropdown', versions: ['4.0.0', '3.3.2'] }]);
    expect(diagnostics).toEqual([]);
    expect(defaultVersion(config!).name).toBe('3.3.2');
    expect(config!.docs.versions.map((v) => [v.name, versionDocsPath(config!, v), libraryVersionOf(config!, v)])).toEqual([
      ['4.0.0', '/docs/4.0', '4.0.0'],
      ['3.3.2', '/docs', '3.3.2'],
    ]);
  });

  it('needs exactly one version at today\'s URLs', async () => {
    expect(await codes([V4])).toEqual([['config/default-version', 'No entry of docs.versions has path "": one version must keep today\'s URLs, or every link to the site breaks.']]);
    expect(await codes([V3, { ...V3, name: 'other' }])).toEqual([['config/default-version', 'docs.versions[0] ("3.3.2") and docs.versions[1] ("other") all have path "": only one version can keep today\'s URLs.']]);
  });

  it('refuses two versions of one name or one path, and a versioned one without its release', async () => {
    expect(await codes([V4, { ...V4, label: 'x' }, V3])).toEqual([
      ['config/duplicate-version', 'docs.versions[1] ("4.0.0") has the same name as docs.versions[0] ("4.0.0").'],
      ['config/duplicate-version', 'docs.versions[1] ("4.0.0") has the same path "4.0" as docs.versions[0] ("4.0.0"): their pages would overwrite each other.'],
    ]);
    expect(await codes([{ name: '4', label: '4', path: '4' }, V3])).toEqual([['config/version-library', 'docs.versions[0] ("4") lives under /docs/4 but names no release to document.']]);
    expect(await codes([V4, { ...V3, library: V4.library }])).toEqual([['config/version-library', 'docs.versions[1] ("3.3.2") has path "" and its own library: the version at today\'s URLs documents the top-level library.']]);
  });

  it('refuses a dropdown naming a version that is not documented, and paths that leave the project', async () => {
    expect(await codes([V4, V3], [{ type: 'docsVersionDropdown', versions: ['4.0'] }])).toEqual([
      ['config/unknown-version', 'The docs version dropdown at navbar.items[0] names the version "4.0", which does not exist.'],
    ]);
    for (const bad of [{ path: '../4' }, { path: '4/0' }, { library: { ...V4.library, dir: '../elsewhere' } }, { library: { ...V4.library, dir: '/abs' } }]) {
      expect(siteConfigSchema.safeParse({ ...BASE, docs: { ...BASE.docs, versions: [{ ...V4, ...bad }, V3] } }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('docs.versions[].shares', () => {
  it('takes folders and pages of the default version\'s docs on a version with a path', async () => {
    const { config, diagnostics } = await load([{ ...V4, shares: ['examples', 'guides/concepts.md'] }, V3]);
    expect(diagnostics).toEqual([]);
    expect(config!.docs.versions[0]!.shares).toEqual(['examples', 'guides/concepts.md']);
  });

  it('refuses shares on the default version, and a share inside a version\'s own folder', async () => {
    expect(await codes([V4, { ...V3, shares: ['examples'] }])).toEqual([
      ['config/version-shares', 'docs.versions[1] ("3.3.2") has path "" and shares pages: the version at today\'s URLs owns the pages others share.'],
    ]);
    expect(await codes([{ ...V4, shares: ['4.0/installation.md', '4.0'] }, V3])).toEqual([
      ['config/version-shares', 'docs.versions[0] ("4.0.0") shares "4.0/installation.md", which is in the folder of version 4.0.0: only the default version\'s pages are shared.'],
      ['config/version-shares', 'docs.versions[0] ("4.0.0") shares "4.0", which is in the folder of version 4.0.0: only the default version\'s pages are shared.'],
    ]);
  });

  it('refuses a share that leaves the docs folder', () => {
    for (const bad of ['../secrets', '/etc', 'guides/../../x', 'guides//x', '']) {
      expect(siteConfigSchema.safeParse({ ...BASE, docs: { ...BASE.docs, versions: [{ ...V4, shares: [bad] }, V3] } }).success, bad).toBe(false);
    }
  });
});

describe('resolveLibrary with versions', () => {
  const root = join(dir, 'project');
  const install = (folder: string, version: string) => {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ version }));
  };
  const config = siteConfigSchema.parse({ ...BASE, docs: { ...BASE.docs, versions: [V4, V3] } });

  it('finds each version\'s release in its own folder', async () => {
    install('node_modules/demo', '3.3.2');
    install('v4/node_modules/demo', '4.0.0');
    const { library, diagnostics } = await resolveLibrary(config, root, 'site.config.ts');
    expect(diagnostics).toEqual([]);
    expect(library!.version).toBe('3.3.2');
    expect([...library!.releases].map(([name, l]) => [name, l.version, l.entry])).toEqual([['4.0.0', '4.0.0', join(root, 'v4/node_modules/demo/build/index.d.ts')]]);
  });

  it('names a release that is missing or of another version, with the key to fix', async () => {
    install('v4/node_modules/demo', '4.0.1');
    expect((await resolveLibrary(config, root, 'site.config.ts')).diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      ['config/library-version', 'The installed demo is version 4.0.1, but the site config documents 4.0.0.', `Pin demo 4.0.0 in the workspace that installs ${join(root, 'v4/node_modules/demo')} and run npm install, or change docs.versions[0].library.version.`],
    ]);
    rmSync(join(root, 'v4'), { recursive: true });
    expect((await resolveLibrary(config, root, 'site.config.ts')).diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['config/library-missing', `The package "demo" 4.0.0 of docs.versions[0].library is not installed in ${join(root, 'v4/node_modules/demo')}.`],
    ]);
  });
});
