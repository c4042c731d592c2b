import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.ts';

const schemaPath = resolve('src/config/define.ts');
const dir = mkdtempSync(join(tmpdir(), 'pkidocs-config-'));
// Where loadConfig writes the compiled config (inside the checkout, as .pkidocs-cache is); this file's own.
const MODULES = resolve(`test/.tmp/config-modules-${process.pid}`);
let n = 0;

afterAll(() => {
  for (const made of [dir, MODULES]) rmSync(made, { recursive: true, force: true });
});

/** Writes a config module that spreads overrides over a valid base config. */
async function load(overrides: string) {
  const file = join(dir, `config-${n++}.ts`);
  writeFileSync(file, `import { defineConfig } from ${JSON.stringify(schemaPath)};
const base = {
  title: 'pki.js', tagline: 'pki.js', library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'a@b.org',
  navbar: { logo: { alt: 'x', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
export default defineConfig({ ...base, ...(${overrides}) } as never);
`);
  return { file, ...(await loadConfig(file, MODULES)) };
}

describe('loadConfig', () => {
  it('accepts a valid config and fills in defaults', async () => {
    const { config, diagnostics } = await load('{}');
    expect(diagnostics).toEqual([]);
    expect(config?.baseUrl).toBe('/');
    expect(config?.colorMode).toEqual({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
    expect(config?.onBrokenLinks).toBe('throw');
  });

  it('loads the real site config', async () => {
    const { config, diagnostics } = await loadConfig(resolve('content/site.config.ts'), MODULES);
    expect(diagnostics).toEqual([]);
    expect(config?.title).toBe('pki.js');
    expect(config?.library.version).toBe('3.3.2');
    expect(config?.colorMode.disableSwitch).toBe(true);
  });

  it('rejects unknown keys and names them', async () => {
    const { file, diagnostics } = await load(`{ titel: 'x', navbar: { logo: { alt: 'x', src: 'l', width: 80 }, items: [], colour: 1 } }`);
    expect(diagnostics.map((d) => d.message).sort()).toEqual([
      'Unknown key "colour" in navbar.',
      'Unknown key "titel" in (root).',
    ]);
    expect(diagnostics.every((d) => d.file === file && d.category === 'config')).toBe(true);
  });

  it('names a navbar item that cannot render', async () => {
    const { diagnostics } = await load(`{ navbar: { logo: { alt: 'x', src: 'l', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }, { type: 'fancy', label: 'X' }] } }`);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toMatch(/^The navbar item navbar\.items\[1\] cannot be rendered/);
    expect(diagnostics[0]!.hint).toMatch(/Check navbar\.items\[1\] in the configuration/);
  });

  it('rejects a link item with neither href nor to', async () => {
    const { diagnostics } = await load(`{ navbar: { logo: { alt: 'x', src: 'l', width: 80 }, items: [{ type: 'link', label: 'Nowhere' }] } }`);
    expect(diagnostics[0]!.message).toBe('The navbar item navbar.items[0] ("Nowhere") cannot be rendered: a link needs exactly one of "href" or "to".');
  });

  it('rejects a version dropdown naming an unknown version', async () => {
    const { diagnostics } = await load(`{ navbar: { logo: { alt: 'x', src: 'l', width: 80 }, items: [{ type: 'docsVersionDropdown', versions: ['current', '2.0'] }] } }`);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['config/unknown-version', 'The docs version dropdown at navbar.items[0] names the version "2.0", which does not exist.'],
    ]);
  });

  it('reports invalid values with their path', async () => {
    const { diagnostics } = await load(`{ baseUrl: 'docs', library: { package: 'pkijs', version: 'latest' } }`);
    const paths = diagnostics.map((d) => d.message.split(':')[0]);
    expect(paths).toEqual(['Invalid value at baseUrl', 'Invalid value at library.version']);
  });

  it('takes url as an origin only and says where the path goes', async () => {
    expect((await load(`{ url: 'https://pkijs.org/' }`)).config?.url).toBe('https://pkijs.org');
    const { diagnostics } = await load(`{ url: 'https://peculiarventures.github.io/PKI.js/' }`);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['config/invalid-value', 'Invalid value at url: must be an origin only, such as https://example.github.io; put the path the site is served under in baseUrl.'],
    ]);
    expect((await load(`{ url: 'ftp://pkijs.org' }`)).diagnostics[0]?.message).toContain('must be an http(s) URL');
  });

  it('takes baseUrl as path segments between slashes', async () => {
    expect((await load(`{ baseUrl: '/PKI.js/' }`)).config?.baseUrl).toBe('/PKI.js/');
    for (const bad of ['PKI.js/', '/PKI.js', '/a//', '/a/../', '/a b/']) {
      expect((await load(`{ baseUrl: ${JSON.stringify(bad)} }`)).diagnostics[0]?.message, bad).toMatch(/^Invalid value at baseUrl: must start and end with "\/"/);
    }
  });

  it('reports a missing file and a syntax error without throwing', async () => {
    expect((await loadConfig(join(dir, 'nope.ts'), MODULES)).diagnostics[0]!.code).toBe('config/missing');
    const bad = join(dir, 'broken.ts');
    writeFileSync(bad, 'export default {');
    const { diagnostics } = await loadConfig(bad, MODULES);
    expect(diagnostics[0]!.code).toBe('config/unreadable');
    expect(diagnostics[0]!.file).toBe(bad);
  });

  it('words a missing, an unreadable and an empty config file for the reader', async () => {
    const missing = (await loadConfig(join(dir, 'absent.ts'), MODULES)).diagnostics[0]!;
    expect([missing.category, missing.message, missing.hint]).toEqual(['config', 'The site config file does not exist.', 'Create it, or pass the right path with --config.']);
    const bad = join(dir, 'unreadable.ts');
    writeFileSync(bad, 'export default {');
    const unreadable = (await loadConfig(bad, MODULES)).diagnostics[0]!;
    expect(unreadable.category).toBe('config');
    expect(unreadable.message).toMatch(/^The site config file could not be loaded: \S/);
    expect(unreadable.hint).toBe('Fix the syntax error; the file must default-export the config object.');
    const empty = join(dir, 'no-default.ts');
    writeFileSync(empty, 'export const config = {};\n');
    expect((await loadConfig(empty, MODULES)).diagnostics.map((d) => [d.category, d.code, d.message, d.hint, d.file])).toEqual([
      ['config', 'config/no-default-export', 'The site config file has no default export.', 'Write `export default defineConfig({ … })`.', empty],
    ]);
  });

  it('reports one message per config item, but every unknown key', async () => {
    const { diagnostics } = await load(`{ title: 5, titel: 1, tagline: '', subtitle: 2 }`);
    expect(diagnostics.map((d) => d.message).sort()).toEqual([
      'Invalid value at tagline: Too small: expected string to have >=1 characters.',
      'Invalid value at title: Invalid input: expected string, received number.',
      'Unknown keys "titel", "subtitle" in (root).',
    ]);
  });

  it('names each link that needs exactly one of href and to, in the navbar and the footer', async () => {
    const { file, diagnostics } = await load(`{
      navbar: { logo: { alt: 'x', src: 'l', width: 80 }, items: [{ type: 'link', label: 'Both', href: 'https://x.org', to: '/' }, { type: 'docsVersionDropdown' }] },
      footer: { columns: [{ title: 'T', text: 'plain' }, { title: 'Links', items: [{ label: 'Fine', to: '/' }, { label: 'Neither' }, { label: 'Both', href: 'https://x.org', to: '/' }] }] },
    }`);
    expect(diagnostics.map((d) => [d.category, d.code, d.message, d.hint, d.file])).toEqual([
      ['config', 'config/navbar-item', 'The navbar item navbar.items[0] ("Both") cannot be rendered: a link needs exactly one of "href" or "to".', 'Check navbar.items[0] in the configuration.', file],
      ['config', 'config/footer-item', 'The footer link footer.columns[1].items[1] ("Neither") needs exactly one of "href" or "to".', undefined, file],
      ['config', 'config/footer-item', 'The footer link footer.columns[1].items[2] ("Both") needs exactly one of "href" or "to".', undefined, file],
    ]);
  });

  it('lists the known versions in the hint for an unknown one', async () => {
    const { diagnostics } = await load(`{
      navbar: { logo: { alt: 'x', src: 'l', width: 80 }, items: [{ type: 'docsVersionDropdown', versions: ['3.x'] }] },
      docs: { versions: [{ name: 'current', label: 'Next' }, { name: '2.x', label: '2', path: '2.x', library: { version: '2.4.0', dir: 'v2/node_modules/pkijs' } }], mainPage: 'installation' },
    }`);
    expect(diagnostics.map((d) => [d.category, d.hint])).toEqual([['config', 'Use one of: current, 2.x (from docs.versions).']]);
  });
});
